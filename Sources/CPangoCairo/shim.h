// The part of Pango that Flipbook calls, declared here instead of including
// <pango/pangocairo.h>. Pango's pkg-config flags carry glib's -pthread, which SwiftPM prints as
// "warning: prohibited flag(s): -pthread" in every build of every package that depends on
// Flipbook; with these declarations the module needs no pkg-config at all. The declarations
// match Pango 1.50's headers (ABI-stable since 1.0 for these functions); the enum values are
// Pango's.
#ifndef FLIPBOOK_PANGO_SHIM_H
#define FLIPBOOK_PANGO_SHIM_H

typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoLanguage PangoLanguage;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFont PangoFont;
typedef int gboolean;

typedef struct {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;

enum { PANGO_SCALE = 1024 };

typedef enum { PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT } PangoAlignment;
typedef enum { PANGO_WRAP_WORD, PANGO_WRAP_CHAR, PANGO_WRAP_WORD_CHAR } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_NONE, PANGO_ELLIPSIZE_START, PANGO_ELLIPSIZE_MIDDLE, PANGO_ELLIPSIZE_END } PangoEllipsizeMode;
typedef enum {
    PANGO_WEIGHT_THIN = 100, PANGO_WEIGHT_LIGHT = 300, PANGO_WEIGHT_NORMAL = 400,
    PANGO_WEIGHT_MEDIUM = 500, PANGO_WEIGHT_SEMIBOLD = 600, PANGO_WEIGHT_BOLD = 700, PANGO_WEIGHT_HEAVY = 900
} PangoWeight;

void g_object_unref(void *object);

PangoLayout *pango_cairo_create_layout(struct _cairo *cr);
void pango_cairo_update_layout(struct _cairo *cr, PangoLayout *layout);
void pango_cairo_show_layout(struct _cairo *cr, PangoLayout *layout);
void pango_cairo_context_set_font_options(PangoContext *context, const struct _cairo_font_options *options);
PangoFontMap *pango_cairo_font_map_get_default(void);

PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_layout_context_changed(PangoLayout *layout);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_justify(PangoLayout *layout, gboolean justify);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
int pango_layout_get_line_count(PangoLayout *layout);
void pango_layout_get_pixel_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_get_size(PangoLayout *layout, int *width, int *height);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);

PangoLanguage *pango_language_from_string(const char *language);
void pango_context_set_language(PangoContext *context, PangoLanguage *language);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
const char *pango_font_description_get_family(const PangoFontDescription *desc);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);

PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
PangoFont *pango_font_map_load_font(PangoFontMap *fontmap, PangoContext *context, const PangoFontDescription *desc);
PangoFontDescription *pango_font_describe(PangoFont *font);

// Versions and font files, for golden manifests (fontconfig comes with Pango).
int pango_version(void);
const char *pango_version_string(void);
typedef struct _FcPattern FcPattern;
typedef struct _FcConfig FcConfig;
typedef enum { FcMatchPattern, FcMatchFont, FcMatchScan } FcMatchKind;
typedef enum { FcResultMatch, FcResultNoMatch, FcResultTypeMismatch, FcResultNoId, FcResultOutOfMemory } FcResult;
int FcGetVersion(void);
FcPattern *FcNameParse(const unsigned char *name);
int FcConfigSubstitute(FcConfig *config, FcPattern *p, FcMatchKind kind);
void FcDefaultSubstitute(FcPattern *pattern);
FcPattern *FcFontMatch(FcConfig *config, FcPattern *p, FcResult *result);
FcResult FcPatternGetString(const FcPattern *p, const char *object, int n, unsigned char **s);
void FcPatternDestroy(FcPattern *p);

#endif
