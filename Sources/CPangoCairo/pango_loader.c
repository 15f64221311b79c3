#include "pango_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__APPLE__)
static const char *const libraryName = "libpangocairo-1.0.0.dylib";
#else
static const char *const libraryName = "libpangocairo-1.0.so.0";
#endif

// Written once, under `once`, before any reader gets the pointer; never changed after.
static FlipbookPangoFunctions functions;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure;
static char failureText[512];

static void load(void) {
    // Its own namespace: nothing of Pango's is bound to symbols the program defines.
    void *library = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failureText, sizeof failureText, "%s", dlerror());
        failure = failureText;
        return;
    }
    // dlsym on the handle searches libpangocairo and the libraries it depends on (libpango,
    // libgobject, …), in their order.
#define LOAD(name)                                                                            \
    do {                                                                                      \
        *(void **)&functions.name = dlsym(library, #name);                                    \
        if (functions.name == NULL) {                                                         \
            snprintf(failureText, sizeof failureText, "%s has no function " #name, libraryName); \
            failure = failureText;                                                            \
            return;                                                                           \
        }                                                                                     \
    } while (0)
    LOAD(g_object_unref);
    LOAD(pango_cairo_create_layout);
    LOAD(pango_cairo_update_layout);
    LOAD(pango_cairo_show_layout);
    LOAD(pango_cairo_layout_path);
    LOAD(pango_cairo_context_set_font_options);
    LOAD(pango_cairo_font_map_get_default);
    LOAD(pango_layout_get_context);
    LOAD(pango_context_set_round_glyph_positions);
    LOAD(pango_layout_context_changed);
    LOAD(pango_layout_set_text);
    LOAD(pango_layout_set_font_description);
    LOAD(pango_layout_set_alignment);
    LOAD(pango_layout_set_wrap);
    LOAD(pango_layout_set_width);
    LOAD(pango_layout_is_wrapped);
    LOAD(pango_layout_get_width);
    LOAD(pango_layout_set_spacing);
    LOAD(pango_layout_get_spacing);
    LOAD(pango_layout_set_height);
    LOAD(pango_layout_set_justify);
    LOAD(pango_layout_set_ellipsize);
    LOAD(pango_layout_get_unknown_glyphs_count);
    LOAD(pango_layout_get_line_count);
    LOAD(pango_layout_get_baseline);
    LOAD(pango_layout_get_pixel_extents);
    LOAD(pango_layout_get_size);
    LOAD(pango_layout_get_extents);
    LOAD(pango_language_from_string);
    LOAD(pango_context_set_language);
    LOAD(pango_font_description_new);
    LOAD(pango_font_description_free);
    LOAD(pango_font_description_set_family);
    LOAD(pango_font_description_get_family);
    LOAD(pango_font_description_set_absolute_size);
    LOAD(pango_font_description_set_weight);
    LOAD(pango_font_description_set_style);
    LOAD(pango_attr_list_new);
    LOAD(pango_attr_list_unref);
    LOAD(pango_attr_list_insert);
    LOAD(pango_attr_letter_spacing_new);
    LOAD(pango_attr_font_features_new);
    LOAD(pango_attr_font_desc_new);
    LOAD(pango_attr_rise_new);
    LOAD(pango_attr_foreground_new);
    LOAD(pango_layout_get_iter);
    LOAD(pango_layout_iter_free);
    LOAD(pango_layout_iter_next_run);
    LOAD(pango_layout_iter_get_run_readonly);
    LOAD(pango_layout_iter_get_run_extents);
    LOAD(pango_layout_iter_get_line_extents);
    LOAD(pango_layout_iter_get_baseline);
    LOAD(pango_cairo_glyph_string_path);
    LOAD(pango_font_get_metrics);
    LOAD(pango_font_metrics_unref);
    LOAD(pango_font_metrics_get_underline_position);
    LOAD(pango_font_metrics_get_underline_thickness);
    LOAD(pango_font_metrics_get_strikethrough_position);
    LOAD(pango_font_metrics_get_strikethrough_thickness);
    LOAD(pango_layout_set_attributes);
    LOAD(pango_font_map_create_context);
    LOAD(pango_font_map_load_font);
    LOAD(pango_font_describe);
    LOAD(pango_version);
    LOAD(pango_version_string);
#undef LOAD
}

const FlipbookPangoFunctions *flipbook_pango(void) {
    pthread_once(&once, load);
    if (failure != NULL) {
        fprintf(stderr, "flipbook: error: cannot load Pango to draw text (%s); on Debian: apt-get install libpango1.0-0\n",
                failure);
        exit(3);
    }
    return &functions;
}

void flipbook_pango_fonts_changed(void) {
    // Only when Pango is already loaded: otherwise its font map is made later, from the fonts
    // fontconfig has then. pango_fc_font_map_config_changed is Pango's own (libpangoft2).
    if (functions.pango_cairo_font_map_get_default == NULL) return;
    void *library = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (library == NULL) return;
    void (*changed)(void *) = (void (*)(void *))dlsym(library, "pango_fc_font_map_config_changed");
    if (changed != NULL) changed(functions.pango_cairo_font_map_get_default());
    dlclose(library);
}
