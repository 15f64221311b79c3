// One-shot zlib inflation through libdeflate, loaded when first used (zlib_inflate.c), so
// programs that never read a PNG never load it.
#ifndef FLIPBOOK_ZLIB_INFLATE_H
#define FLIPBOOK_ZLIB_INFLATE_H

#include <stddef.h>

/// Inflates the zlib stream `input` into exactly `outputLength` bytes at `output`. Returns 0
/// on success; 1 when the data is not a zlib stream of that length; -1 when libdeflate cannot
/// be loaded (the caller reads the data another way).
int flipbook_zlib_inflate(const void *input, size_t inputLength, void *output, size_t outputLength);

#endif
