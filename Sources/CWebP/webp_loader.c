// libwebp, loaded when a WebP is first written or read: most renders never touch it, and loading
// its three libraries at start-up cost every `flipbook` call (issue 30). Each function the Swift
// code reaches (directly, or through the headers' inline functions such as WebPPictureInit) is
// defined here with the header's own prototype and forwards to the real one. The definitions
// are hidden, so they never stand in for libwebp's own symbols inside libwebp.
#define WEBP_EXTERN extern __attribute__((visibility("hidden")))
#include "webp_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__APPLE__)
static const char *const libraryNames[] = {"libwebpmux.3.dylib", "libwebpdemux.2.dylib"};
#else
static const char *const libraryNames[] = {"libwebpmux.so.3", "libwebpdemux.so.2"};
#endif

typedef struct {
    __typeof__(&WebPFree) WebPFree;
    __typeof__(&WebPConfigInitInternal) WebPConfigInitInternal;
    __typeof__(&WebPValidateConfig) WebPValidateConfig;
    __typeof__(&WebPPictureInitInternal) WebPPictureInitInternal;
    __typeof__(&WebPPictureImportRGBA) WebPPictureImportRGBA;
    __typeof__(&WebPPictureFree) WebPPictureFree;
    __typeof__(&WebPAnimEncoderOptionsInitInternal) WebPAnimEncoderOptionsInitInternal;
    __typeof__(&WebPAnimEncoderNewInternal) WebPAnimEncoderNewInternal;
    __typeof__(&WebPAnimEncoderAdd) WebPAnimEncoderAdd;
    __typeof__(&WebPAnimEncoderAssemble) WebPAnimEncoderAssemble;
    __typeof__(&WebPAnimEncoderGetError) WebPAnimEncoderGetError;
    __typeof__(&WebPAnimEncoderDelete) WebPAnimEncoderDelete;
    __typeof__(&WebPDemuxInternal) WebPDemuxInternal;
    __typeof__(&WebPDemuxGetI) WebPDemuxGetI;
    __typeof__(&WebPDemuxGetFrame) WebPDemuxGetFrame;
    __typeof__(&WebPDemuxNextFrame) WebPDemuxNextFrame;
    __typeof__(&WebPDemuxReleaseIterator) WebPDemuxReleaseIterator;
    __typeof__(&WebPDemuxDelete) WebPDemuxDelete;
    __typeof__(&WebPAnimDecoderOptionsInitInternal) WebPAnimDecoderOptionsInitInternal;
    __typeof__(&WebPAnimDecoderNewInternal) WebPAnimDecoderNewInternal;
    __typeof__(&WebPAnimDecoderHasMoreFrames) WebPAnimDecoderHasMoreFrames;
    __typeof__(&WebPAnimDecoderGetNext) WebPAnimDecoderGetNext;
    __typeof__(&WebPAnimDecoderGetInfo) WebPAnimDecoderGetInfo;
    __typeof__(&WebPAnimDecoderDelete) WebPAnimDecoderDelete;
    __typeof__(&WebPInitDecoderConfigInternal) WebPInitDecoderConfigInternal;
    __typeof__(&WebPDecode) WebPDecode;
} WebPFunctions;

// Written once, under `once`, before any reader gets the pointer; never changed after.
static WebPFunctions functions;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *libraries[2];
    for (int i = 0; i < 2; i++) {
        // Their own namespace: nothing of libwebp's is bound to symbols the program defines.
        libraries[i] = dlopen(libraryNames[i], RTLD_NOW | RTLD_LOCAL);
        if (libraries[i] == NULL) {
            snprintf(failure, sizeof failure, "%s", dlerror());
            return;
        }
    }
    // Each name from the mux library or the demux one (both bring libwebp itself).
#define LOAD(name)                                                                             \
    do {                                                                                       \
        void *found = dlsym(libraries[0], #name);                                              \
        if (found == NULL) found = dlsym(libraries[1], #name);                                 \
        if (found == NULL) {                                                                   \
            snprintf(failure, sizeof failure, "libwebp has no function " #name);               \
            return;                                                                            \
        }                                                                                      \
        *(void **)&functions.name = found;                                                     \
    } while (0)
    LOAD(WebPFree);
    LOAD(WebPConfigInitInternal);
    LOAD(WebPValidateConfig);
    LOAD(WebPPictureInitInternal);
    LOAD(WebPPictureImportRGBA);
    LOAD(WebPPictureFree);
    LOAD(WebPAnimEncoderOptionsInitInternal);
    LOAD(WebPAnimEncoderNewInternal);
    LOAD(WebPAnimEncoderAdd);
    LOAD(WebPAnimEncoderAssemble);
    LOAD(WebPAnimEncoderGetError);
    LOAD(WebPAnimEncoderDelete);
    LOAD(WebPDemuxInternal);
    LOAD(WebPDemuxGetI);
    LOAD(WebPDemuxGetFrame);
    LOAD(WebPDemuxNextFrame);
    LOAD(WebPDemuxReleaseIterator);
    LOAD(WebPDemuxDelete);
    LOAD(WebPAnimDecoderOptionsInitInternal);
    LOAD(WebPAnimDecoderNewInternal);
    LOAD(WebPAnimDecoderHasMoreFrames);
    LOAD(WebPAnimDecoderGetNext);
    LOAD(WebPAnimDecoderGetInfo);
    LOAD(WebPAnimDecoderDelete);
    LOAD(WebPInitDecoderConfigInternal);
    LOAD(WebPDecode);
#undef LOAD
}

static const WebPFunctions *webp(void) {
    pthread_once(&once, load);
    if (failure[0] != 0) {
        fprintf(stderr, "flipbook: error: cannot load libwebp (%s); on Debian: apt-get install libwebpmux3 libwebpdemux2\n", failure);
        exit(3);
    }
    return &functions;
}

void WebPFree(void* ptr) {
    webp()->WebPFree(ptr);
}

int WebPConfigInitInternal(WebPConfig* config, WebPPreset preset, float quality, int version) {
    return webp()->WebPConfigInitInternal(config, preset, quality, version);
}

int WebPValidateConfig(const WebPConfig* config) {
    return webp()->WebPValidateConfig(config);
}

int WebPPictureInitInternal(WebPPicture* picture, int version) {
    return webp()->WebPPictureInitInternal(picture, version);
}

int WebPPictureImportRGBA(WebPPicture* picture, const uint8_t* rgba, int rgba_stride) {
    return webp()->WebPPictureImportRGBA(picture, rgba, rgba_stride);
}

void WebPPictureFree(WebPPicture* picture) {
    webp()->WebPPictureFree(picture);
}

int WebPAnimEncoderOptionsInitInternal(WebPAnimEncoderOptions* options, int version) {
    return webp()->WebPAnimEncoderOptionsInitInternal(options, version);
}

WebPAnimEncoder*WebPAnimEncoderNewInternal(int width, int height, const WebPAnimEncoderOptions* options, int version) {
    return webp()->WebPAnimEncoderNewInternal(width, height, options, version);
}

int WebPAnimEncoderAdd(WebPAnimEncoder* enc, struct WebPPicture* frame, int timestamp_ms, const struct WebPConfig* config) {
    return webp()->WebPAnimEncoderAdd(enc, frame, timestamp_ms, config);
}

int WebPAnimEncoderAssemble(WebPAnimEncoder* enc, WebPData* webp_data) {
    return webp()->WebPAnimEncoderAssemble(enc, webp_data);
}

const char*WebPAnimEncoderGetError(WebPAnimEncoder* enc) {
    return webp()->WebPAnimEncoderGetError(enc);
}

void WebPAnimEncoderDelete(WebPAnimEncoder* enc) {
    webp()->WebPAnimEncoderDelete(enc);
}

WebPDemuxer*WebPDemuxInternal(const WebPData* data, int allow_partial, WebPDemuxState* state, int version) {
    return webp()->WebPDemuxInternal(data, allow_partial, state, version);
}

uint32_t WebPDemuxGetI(const WebPDemuxer* dmux, WebPFormatFeature feature) {
    return webp()->WebPDemuxGetI(dmux, feature);
}

int WebPDemuxGetFrame(const WebPDemuxer* dmux, int frame_number, WebPIterator* iter) {
    return webp()->WebPDemuxGetFrame(dmux, frame_number, iter);
}

int WebPDemuxNextFrame(WebPIterator* iter) {
    return webp()->WebPDemuxNextFrame(iter);
}

void WebPDemuxReleaseIterator(WebPIterator* iter) {
    webp()->WebPDemuxReleaseIterator(iter);
}

void WebPDemuxDelete(WebPDemuxer* dmux) {
    webp()->WebPDemuxDelete(dmux);
}

int WebPAnimDecoderOptionsInitInternal(WebPAnimDecoderOptions* options, int version) {
    return webp()->WebPAnimDecoderOptionsInitInternal(options, version);
}

WebPAnimDecoder*WebPAnimDecoderNewInternal(const WebPData* data, const WebPAnimDecoderOptions* options, int version) {
    return webp()->WebPAnimDecoderNewInternal(data, options, version);
}

int WebPAnimDecoderHasMoreFrames(const WebPAnimDecoder* dec) {
    return webp()->WebPAnimDecoderHasMoreFrames(dec);
}

int WebPAnimDecoderGetNext(WebPAnimDecoder* dec, uint8_t** buf, int* timestamp) {
    return webp()->WebPAnimDecoderGetNext(dec, buf, timestamp);
}

int WebPAnimDecoderGetInfo(const WebPAnimDecoder* dec, WebPAnimInfo* info) {
    return webp()->WebPAnimDecoderGetInfo(dec, info);
}

void WebPAnimDecoderDelete(WebPAnimDecoder* dec) {
    webp()->WebPAnimDecoderDelete(dec);
}

int WebPInitDecoderConfigInternal(WebPDecoderConfig* config, int version) {
    return webp()->WebPInitDecoderConfigInternal(config, version);
}

VP8StatusCode WebPDecode(const uint8_t* data, size_t data_size, WebPDecoderConfig* config) {
    return webp()->WebPDecode(data, data_size, config);
}
