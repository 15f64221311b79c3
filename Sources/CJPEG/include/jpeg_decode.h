// JPEG decoding for layer contents (Lottie images, UIImage(data:)) and encoding for JPEG
// outputs. libjpeg is loaded when the first JPEG is decoded or written (jpeg_decode.c), so
// renders without JPEGs never load it.
#ifndef FLIPBOOK_JPEG_DECODE_H
#define FLIPBOOK_JPEG_DECODE_H

#include <stddef.h>
#include <stdint.h>

/// Reads the image's size from its header. Returns 0 on success, or -1 with `error` filled.
int flipbook_jpeg_size(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t errorLength);

/// Decodes into `width`×`height` pixels of Cairo's ARGB32 (opaque, so premultiplied as is),
/// rows `stride` bytes apart. `width` and `height` must be what flipbook_jpeg_size read.
/// Returns 0 on success, or -1 with `error` filled (libjpeg's message, or why it could not load).
int flipbook_jpeg_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t stride, int width, int height,
                         char *error, size_t errorLength);

/// Encodes `width`×`height` opaque pixels of Cairo's ARGB32 (rows `stride` bytes apart; the alpha
/// byte is ignored) as a baseline JPEG at libjpeg's `quality` 1…100. On success returns 0 with
/// `*output` (to be released with free()) and `*outputLength` set; else -1 with `error` filled.
int flipbook_jpeg_encode(const uint8_t *pixels, size_t stride, int width, int height, int quality, uint8_t **output,
                         size_t *outputLength, char *error, size_t errorLength);

#endif
