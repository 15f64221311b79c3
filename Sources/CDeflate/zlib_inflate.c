// libdeflate through dlopen, as CJPEG, CWebP and CPangoCairo load theirs: only a command that
// reads a PNG pays for loading it, and a machine without it still reads PNGs (through Cairo).
#include "zlib_inflate.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

#include <libdeflate.h>

#if defined(__APPLE__)
static const char *const libraryName = "libdeflate.0.dylib";
#else
static const char *const libraryName = "libdeflate.so.0";
#endif

// Written once, under `once`, before any reader uses them; never changed after.
static __typeof__(&libdeflate_alloc_decompressor) allocDecompressor;
static __typeof__(&libdeflate_zlib_decompress) zlibDecompress;
static __typeof__(&libdeflate_free_decompressor) freeDecompressor;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    *(void **)&allocDecompressor = dlsym(library, "libdeflate_alloc_decompressor");
    *(void **)&zlibDecompress = dlsym(library, "libdeflate_zlib_decompress");
    *(void **)&freeDecompressor = dlsym(library, "libdeflate_free_decompressor");
    if (allocDecompressor == NULL || zlibDecompress == NULL || freeDecompressor == NULL) allocDecompressor = NULL;
}

int flipbook_zlib_inflate(const void *input, size_t inputLength, void *output, size_t outputLength) {
    pthread_once(&once, load);
    if (allocDecompressor == NULL) return -1;
    struct libdeflate_decompressor *decompressor = allocDecompressor();
    if (decompressor == NULL) return -1;
    size_t produced = 0;
    enum libdeflate_result result = zlibDecompress(decompressor, input, inputLength, output, outputLength, &produced);
    freeDecompressor(decompressor);
    return result == LIBDEFLATE_SUCCESS && produced == outputLength ? 0 : 1;
}
