// libjpeg(-turbo) through dlopen, as CWebP and CPangoCairo load theirs: only a render that
// draws or writes a JPEG pays for loading it. libjpeg reports fatal errors through error_exit, which
// must not return, so a longjmp brings control back here.
#include "jpeg_decode.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#if defined(__APPLE__)
static const char *const libraryName = "libjpeg.62.dylib";
#else
static const char *const libraryName = "libjpeg.so.62";
#endif

typedef struct {
    __typeof__(&jpeg_std_error) jpeg_std_error;
    __typeof__(&jpeg_CreateDecompress) jpeg_CreateDecompress;
    __typeof__(&jpeg_mem_src) jpeg_mem_src;
    __typeof__(&jpeg_read_header) jpeg_read_header;
    __typeof__(&jpeg_start_decompress) jpeg_start_decompress;
    __typeof__(&jpeg_read_scanlines) jpeg_read_scanlines;
    __typeof__(&jpeg_finish_decompress) jpeg_finish_decompress;
    __typeof__(&jpeg_destroy_decompress) jpeg_destroy_decompress;
    __typeof__(&jpeg_CreateCompress) jpeg_CreateCompress;
    __typeof__(&jpeg_mem_dest) jpeg_mem_dest;
    __typeof__(&jpeg_set_defaults) jpeg_set_defaults;
    __typeof__(&jpeg_set_quality) jpeg_set_quality;
    __typeof__(&jpeg_start_compress) jpeg_start_compress;
    __typeof__(&jpeg_write_scanlines) jpeg_write_scanlines;
    __typeof__(&jpeg_finish_compress) jpeg_finish_compress;
    __typeof__(&jpeg_destroy_compress) jpeg_destroy_compress;
} JPEGFunctions;

// Written once, under `once`, before any reader gets the pointer; never changed after.
static JPEGFunctions functions;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *library = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "cannot load libjpeg (%s); on Debian: apt-get install libjpeg62-turbo", dlerror());
        return;
    }
#define LOAD(name)                                                                   \
    do {                                                                             \
        *(void **)&functions.name = dlsym(library, #name);                           \
        if (functions.name == NULL) {                                                \
            snprintf(failure, sizeof failure, "%s has no function " #name, libraryName); \
            return;                                                                  \
        }                                                                            \
    } while (0)
    LOAD(jpeg_std_error);
    LOAD(jpeg_CreateDecompress);
    LOAD(jpeg_mem_src);
    LOAD(jpeg_read_header);
    LOAD(jpeg_start_decompress);
    LOAD(jpeg_read_scanlines);
    LOAD(jpeg_finish_decompress);
    LOAD(jpeg_destroy_decompress);
    LOAD(jpeg_CreateCompress);
    LOAD(jpeg_mem_dest);
    LOAD(jpeg_set_defaults);
    LOAD(jpeg_set_quality);
    LOAD(jpeg_start_compress);
    LOAD(jpeg_write_scanlines);
    LOAD(jpeg_finish_compress);
    LOAD(jpeg_destroy_compress);
#undef LOAD
}

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
} ErrorManager;

static void escape(j_common_ptr info) {
    longjmp(((ErrorManager *)info->err)->escape, 1);
}

static void silence(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

typedef struct {
    struct jpeg_decompress_struct info;
    ErrorManager errors;
} Decoder;

// Sets up `decoder` on `data` and reads the header; the caller has armed the longjmp.
static void begin(Decoder *decoder, const uint8_t *data, size_t length) {
    functions.jpeg_CreateDecompress(&decoder->info, JPEG_LIB_VERSION, sizeof decoder->info);
    functions.jpeg_mem_src(&decoder->info, data, (unsigned long)length);
    functions.jpeg_read_header(&decoder->info, TRUE);
}

static int loaded(char *error, size_t errorLength) {
    pthread_once(&once, load);
    if (failure[0] != 0) {
        snprintf(error, errorLength, "%s", failure);
        return 0;
    }
    return 1;
}

static void prepare(Decoder *decoder) {
    memset(decoder, 0, sizeof *decoder);
    decoder->info.err = functions.jpeg_std_error(&decoder->errors.manager);
    decoder->errors.manager.error_exit = escape;
    decoder->errors.manager.emit_message = silence;
}

static void describe(Decoder *decoder, char *error, size_t errorLength) {
    char message[JMSG_LENGTH_MAX];
    decoder->errors.manager.format_message((j_common_ptr)&decoder->info, message);
    snprintf(error, errorLength, "%s", message);
}

int flipbook_jpeg_size(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t errorLength) {
    if (!loaded(error, errorLength)) return -1;
    Decoder decoder;
    prepare(&decoder);
    if (setjmp(decoder.errors.escape)) {
        describe(&decoder, error, errorLength);
        functions.jpeg_destroy_decompress(&decoder.info);
        return -1;
    }
    begin(&decoder, data, length);
    *width = (int)decoder.info.image_width;
    *height = (int)decoder.info.image_height;
    functions.jpeg_destroy_decompress(&decoder.info);
    return 0;
}

// One CMYK row (Adobe's inverted convention, which nearly every CMYK JPEG uses) to opaque
// ARGB32 words.
static void convertCMYK(const uint8_t *cmyk, uint32_t *argb, int width) {
    for (int x = 0; x < width; x++) {
        const uint8_t *p = cmyk + 4 * x;
        uint32_t k = p[3];
        uint32_t r = (p[0] * k + 127) / 255, g = (p[1] * k + 127) / 255, b = (p[2] * k + 127) / 255;
        argb[x] = 0xFF000000u | (r << 16) | (g << 8) | b;
    }
}

int flipbook_jpeg_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t stride, int width, int height,
                         char *error, size_t errorLength) {
    if (!loaded(error, errorLength)) return -1;
    Decoder decoder;
    prepare(&decoder);
    uint8_t *volatile row = NULL;
    if (setjmp(decoder.errors.escape)) {
        describe(&decoder, error, errorLength);
        functions.jpeg_destroy_decompress(&decoder.info);
        free(row);
        return -1;
    }
    begin(&decoder, data, length);
    if ((int)decoder.info.image_width != width || (int)decoder.info.image_height != height) {
        snprintf(error, errorLength, "the header's size changed");
        functions.jpeg_destroy_decompress(&decoder.info);
        return -1;
    }
    int cmyk = decoder.info.jpeg_color_space == JCS_CMYK || decoder.info.jpeg_color_space == JCS_YCCK;
    // libjpeg-turbo writes Cairo's little-endian ARGB32 byte order directly, alpha 0xFF.
    decoder.info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    functions.jpeg_start_decompress(&decoder.info);
    if (cmyk && (row = malloc((size_t)width * 4)) == NULL) {
        snprintf(error, errorLength, "out of memory");
        functions.jpeg_destroy_decompress(&decoder.info);
        return -1;
    }
    while (decoder.info.output_scanline < decoder.info.output_height) {
        uint8_t *target = pixels + (size_t)decoder.info.output_scanline * stride;
        JSAMPROW rows[1] = {cmyk ? row : target};
        if (functions.jpeg_read_scanlines(&decoder.info, rows, 1) != 1) break;
        if (cmyk) convertCMYK(row, (uint32_t *)target, width);
    }
    functions.jpeg_finish_decompress(&decoder.info);
    functions.jpeg_destroy_decompress(&decoder.info);
    free(row);
    return 0;
}

typedef struct {
    struct jpeg_compress_struct info;
    ErrorManager errors;
} Encoder;

int flipbook_jpeg_encode(const uint8_t *pixels, size_t stride, int width, int height, int quality, uint8_t **output,
                         size_t *outputLength, char *error, size_t errorLength) {
    *output = NULL;
    *outputLength = 0;
    if (!loaded(error, errorLength)) return -1;
    Encoder encoder;
    memset(&encoder, 0, sizeof encoder);
    encoder.info.err = functions.jpeg_std_error(&encoder.errors.manager);
    encoder.errors.manager.error_exit = escape;
    encoder.errors.manager.emit_message = silence;
    // libjpeg allocates the output as it grows; freed here on an error, by the caller after.
    unsigned char *volatile buffer = NULL;
    unsigned long length = 0;
    if (setjmp(encoder.errors.escape)) {
        char message[JMSG_LENGTH_MAX];
        encoder.errors.manager.format_message((j_common_ptr)&encoder.info, message);
        snprintf(error, errorLength, "%s", message);
        functions.jpeg_destroy_compress(&encoder.info);
        free(buffer);
        return -1;
    }
    functions.jpeg_CreateCompress(&encoder.info, JPEG_LIB_VERSION, sizeof encoder.info);
    functions.jpeg_mem_dest(&encoder.info, (unsigned char **)&buffer, &length);
    encoder.info.image_width = (JDIMENSION)width;
    encoder.info.image_height = (JDIMENSION)height;
    // Cairo's little-endian ARGB32 byte order, the alpha byte ignored (the caller made it opaque).
    encoder.info.input_components = 4;
    encoder.info.in_color_space = JCS_EXT_BGRX;
    functions.jpeg_set_defaults(&encoder.info);
    functions.jpeg_set_quality(&encoder.info, quality, TRUE);
    functions.jpeg_start_compress(&encoder.info, TRUE);
    while (encoder.info.next_scanline < encoder.info.image_height) {
        JSAMPROW rows[1] = {(JSAMPROW)(pixels + (size_t)encoder.info.next_scanline * stride)};
        functions.jpeg_write_scanlines(&encoder.info, rows, 1);
    }
    functions.jpeg_finish_compress(&encoder.info);
    functions.jpeg_destroy_compress(&encoder.info);
    *output = buffer;
    *outputLength = (size_t)length;
    return 0;
}
