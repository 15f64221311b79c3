// libwebp's animation encoder and decoder, as its headers declare them. The library itself is
// loaded when first used (webp_loader.c defines these functions and forwards to it).
#ifndef FLIPBOOK_WEBP_SHIM_H
#define FLIPBOOK_WEBP_SHIM_H

#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>
#include <webp/demux.h>

#endif
