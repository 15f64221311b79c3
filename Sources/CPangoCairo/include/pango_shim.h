// The part of Pango that Flipbook calls, loaded when first used. A program that never draws or
// measures text (most renders) does not load Pango, GLib, HarfBuzz and the 17 libraries behind
// them: 4.5 ms of every `flipbook` call's start-up (docs/benchmarks.md, issue 30). Each function
// keeps Pango's name and signature, so Swift calls it as it would call Pango; it goes through a
// table of the real functions that `flipbook_pango()` fills once (pango_loader.c).
//
// The declarations match Pango 1.50's headers (ABI-stable since 1.0 for these functions); the
// enum values are Pango's. Declaring them here, rather than including <pango/pangocairo.h>,
// also keeps glib's -pthread (from pkg-config) out of every dependent's build.
#ifndef FLIPBOOK_PANGO_SHIM_H
#define FLIPBOOK_PANGO_SHIM_H

typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoLanguage PangoLanguage;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFont PangoFont;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoGlyphString PangoGlyphString;
typedef struct _PangoFontMetrics PangoFontMetrics;
typedef int gboolean;

// The fields Flipbook reads or sets, as Pango lays them out (public, stable structs).
typedef struct _PangoAttribute {
    const void *klass;
    unsigned int start_index;
    unsigned int end_index;
} PangoAttribute;

typedef struct {
    void *shape_engine;
    void *lang_engine;
    PangoFont *font;
    unsigned char level;
    unsigned char gravity;
    unsigned char flags;
    unsigned char script;
    PangoLanguage *language;
    void *extra_attrs;
} PangoAnalysis;

typedef struct {
    int offset;
    int length;
    int num_chars;
    PangoAnalysis analysis;
} PangoItem;

/// A run of a laid-out line (`PangoLayoutRun`): one item's glyphs, raised by `y_offset`.
typedef struct {
    PangoItem *item;
    PangoGlyphString *glyphs;
    int y_offset;
    int start_x_offset;
    int end_x_offset;
} PangoGlyphItem;
struct _cairo;
struct _cairo_font_options;

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

typedef enum { PANGO_STYLE_NORMAL, PANGO_STYLE_OBLIQUE, PANGO_STYLE_ITALIC } PangoStyle;

/// The real functions, filled once by `flipbook_pango()`.
typedef struct {
    void (*g_object_unref)(void *object);
    PangoLayout *(*pango_cairo_create_layout)(struct _cairo *cr);
    void (*pango_cairo_update_layout)(struct _cairo *cr, PangoLayout *layout);
    void (*pango_cairo_show_layout)(struct _cairo *cr, PangoLayout *layout);
    void (*pango_cairo_layout_path)(struct _cairo *cr, PangoLayout *layout);
    void (*pango_cairo_context_set_font_options)(PangoContext *context, const struct _cairo_font_options *options);
    PangoFontMap *(*pango_cairo_font_map_get_default)(void);
    PangoContext *(*pango_layout_get_context)(PangoLayout *layout);
    void (*pango_context_set_round_glyph_positions)(PangoContext *context, gboolean round_positions);
    void (*pango_layout_context_changed)(PangoLayout *layout);
    void (*pango_layout_set_text)(PangoLayout *layout, const char *text, int length);
    void (*pango_layout_set_font_description)(PangoLayout *layout, const PangoFontDescription *desc);
    void (*pango_layout_set_alignment)(PangoLayout *layout, PangoAlignment alignment);
    void (*pango_layout_set_wrap)(PangoLayout *layout, PangoWrapMode wrap);
    void (*pango_layout_set_width)(PangoLayout *layout, int width);
    gboolean (*pango_layout_is_wrapped)(PangoLayout *layout);
    int (*pango_layout_get_width)(PangoLayout *layout);
    void (*pango_layout_set_spacing)(PangoLayout *layout, int spacing);
    int (*pango_layout_get_spacing)(PangoLayout *layout);
    void (*pango_layout_set_height)(PangoLayout *layout, int height);
    void (*pango_layout_set_justify)(PangoLayout *layout, gboolean justify);
    void (*pango_layout_set_ellipsize)(PangoLayout *layout, PangoEllipsizeMode ellipsize);
    int (*pango_layout_get_unknown_glyphs_count)(PangoLayout *layout);
    int (*pango_layout_get_line_count)(PangoLayout *layout);
    int (*pango_layout_get_baseline)(PangoLayout *layout);
    void (*pango_layout_get_pixel_extents)(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
    void (*pango_layout_get_size)(PangoLayout *layout, int *width, int *height);
    void (*pango_layout_get_extents)(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
    PangoLanguage *(*pango_language_from_string)(const char *language);
    void (*pango_context_set_language)(PangoContext *context, PangoLanguage *language);
    PangoFontDescription *(*pango_font_description_new)(void);
    void (*pango_font_description_free)(PangoFontDescription *desc);
    void (*pango_font_description_set_family)(PangoFontDescription *desc, const char *family);
    const char *(*pango_font_description_get_family)(const PangoFontDescription *desc);
    void (*pango_font_description_set_absolute_size)(PangoFontDescription *desc, double size);
    void (*pango_font_description_set_weight)(PangoFontDescription *desc, PangoWeight weight);
    void (*pango_font_description_set_style)(PangoFontDescription *desc, PangoStyle style);
    PangoAttrList *(*pango_attr_list_new)(void);
    void (*pango_attr_list_unref)(PangoAttrList *list);
    void (*pango_attr_list_insert)(PangoAttrList *list, PangoAttribute *attr);
    PangoAttribute *(*pango_attr_letter_spacing_new)(int letter_spacing);
    PangoAttribute *(*pango_attr_font_features_new)(const char *features);
    PangoAttribute *(*pango_attr_font_desc_new)(const PangoFontDescription *desc);
    PangoAttribute *(*pango_attr_rise_new)(int rise);
    PangoAttribute *(*pango_attr_foreground_new)(unsigned short red, unsigned short green, unsigned short blue);
    PangoLayoutIter *(*pango_layout_get_iter)(PangoLayout *layout);
    void (*pango_layout_iter_free)(PangoLayoutIter *iter);
    gboolean (*pango_layout_iter_next_run)(PangoLayoutIter *iter);
    PangoGlyphItem *(*pango_layout_iter_get_run_readonly)(PangoLayoutIter *iter);
    void (*pango_layout_iter_get_run_extents)(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
    void (*pango_layout_iter_get_line_extents)(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
    int (*pango_layout_iter_get_baseline)(PangoLayoutIter *iter);
    void (*pango_cairo_glyph_string_path)(struct _cairo *cr, PangoFont *font, PangoGlyphString *glyphs);
    PangoFontMetrics *(*pango_font_get_metrics)(PangoFont *font, PangoLanguage *language);
    void (*pango_font_metrics_unref)(PangoFontMetrics *metrics);
    int (*pango_font_metrics_get_underline_position)(PangoFontMetrics *metrics);
    int (*pango_font_metrics_get_underline_thickness)(PangoFontMetrics *metrics);
    int (*pango_font_metrics_get_strikethrough_position)(PangoFontMetrics *metrics);
    int (*pango_font_metrics_get_strikethrough_thickness)(PangoFontMetrics *metrics);
    void (*pango_layout_set_attributes)(PangoLayout *layout, PangoAttrList *attrs);
    PangoContext *(*pango_font_map_create_context)(PangoFontMap *fontmap);
    PangoFont *(*pango_font_map_load_font)(PangoFontMap *fontmap, PangoContext *context, const PangoFontDescription *desc);
    PangoFontDescription *(*pango_font_describe)(PangoFont *font);
    int (*pango_version)(void);
    const char *(*pango_version_string)(void);
} FlipbookPangoFunctions;

/// Pango's functions, loading libpangocairo the first time. If it cannot be loaded, says so on
/// standard error and exits with status 3 (a render error): text cannot be drawn without it.
const FlipbookPangoFunctions *flipbook_pango(void);

static inline void g_object_unref(void *object) { flipbook_pango()->g_object_unref(object); }
static inline PangoLayout *pango_cairo_create_layout(struct _cairo *cr) { return flipbook_pango()->pango_cairo_create_layout(cr); }
static inline void pango_cairo_update_layout(struct _cairo *cr, PangoLayout *layout) { flipbook_pango()->pango_cairo_update_layout(cr, layout); }
static inline void pango_cairo_show_layout(struct _cairo *cr, PangoLayout *layout) { flipbook_pango()->pango_cairo_show_layout(cr, layout); }
static inline void pango_cairo_layout_path(struct _cairo *cr, PangoLayout *layout) { flipbook_pango()->pango_cairo_layout_path(cr, layout); }
static inline void pango_cairo_context_set_font_options(PangoContext *context, const struct _cairo_font_options *options) { flipbook_pango()->pango_cairo_context_set_font_options(context, options); }
static inline PangoFontMap *pango_cairo_font_map_get_default(void) { return flipbook_pango()->pango_cairo_font_map_get_default(); }
static inline PangoContext *pango_layout_get_context(PangoLayout *layout) { return flipbook_pango()->pango_layout_get_context(layout); }
static inline void pango_context_set_round_glyph_positions(PangoContext *context, gboolean round_positions) { flipbook_pango()->pango_context_set_round_glyph_positions(context, round_positions); }
static inline void pango_layout_context_changed(PangoLayout *layout) { flipbook_pango()->pango_layout_context_changed(layout); }
static inline void pango_layout_set_text(PangoLayout *layout, const char *text, int length) { flipbook_pango()->pango_layout_set_text(layout, text, length); }
static inline void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc) { flipbook_pango()->pango_layout_set_font_description(layout, desc); }
static inline void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment) { flipbook_pango()->pango_layout_set_alignment(layout, alignment); }
static inline void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap) { flipbook_pango()->pango_layout_set_wrap(layout, wrap); }
static inline void pango_layout_set_width(PangoLayout *layout, int width) { flipbook_pango()->pango_layout_set_width(layout, width); }
static inline gboolean pango_layout_is_wrapped(PangoLayout *layout) { return flipbook_pango()->pango_layout_is_wrapped(layout); }
static inline int pango_layout_get_width(PangoLayout *layout) { return flipbook_pango()->pango_layout_get_width(layout); }
static inline void pango_layout_set_spacing(PangoLayout *layout, int spacing) { flipbook_pango()->pango_layout_set_spacing(layout, spacing); }
static inline int pango_layout_get_spacing(PangoLayout *layout) { return flipbook_pango()->pango_layout_get_spacing(layout); }
static inline void pango_layout_set_height(PangoLayout *layout, int height) { flipbook_pango()->pango_layout_set_height(layout, height); }
static inline void pango_layout_set_justify(PangoLayout *layout, gboolean justify) { flipbook_pango()->pango_layout_set_justify(layout, justify); }
static inline void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize) { flipbook_pango()->pango_layout_set_ellipsize(layout, ellipsize); }
static inline int pango_layout_get_unknown_glyphs_count(PangoLayout *layout) { return flipbook_pango()->pango_layout_get_unknown_glyphs_count(layout); }
static inline int pango_layout_get_line_count(PangoLayout *layout) { return flipbook_pango()->pango_layout_get_line_count(layout); }
static inline int pango_layout_get_baseline(PangoLayout *layout) { return flipbook_pango()->pango_layout_get_baseline(layout); }
static inline void pango_layout_get_pixel_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect) { flipbook_pango()->pango_layout_get_pixel_extents(layout, ink_rect, logical_rect); }
static inline void pango_layout_get_size(PangoLayout *layout, int *width, int *height) { flipbook_pango()->pango_layout_get_size(layout, width, height); }
static inline void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect) { flipbook_pango()->pango_layout_get_extents(layout, ink_rect, logical_rect); }
static inline PangoLanguage *pango_language_from_string(const char *language) { return flipbook_pango()->pango_language_from_string(language); }
static inline void pango_context_set_language(PangoContext *context, PangoLanguage *language) { flipbook_pango()->pango_context_set_language(context, language); }
static inline PangoFontDescription *pango_font_description_new(void) { return flipbook_pango()->pango_font_description_new(); }
static inline void pango_font_description_free(PangoFontDescription *desc) { flipbook_pango()->pango_font_description_free(desc); }
static inline void pango_font_description_set_family(PangoFontDescription *desc, const char *family) { flipbook_pango()->pango_font_description_set_family(desc, family); }
static inline const char *pango_font_description_get_family(const PangoFontDescription *desc) { return flipbook_pango()->pango_font_description_get_family(desc); }
static inline void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size) { flipbook_pango()->pango_font_description_set_absolute_size(desc, size); }
static inline void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight) { flipbook_pango()->pango_font_description_set_weight(desc, weight); }
static inline void pango_font_description_set_style(PangoFontDescription *desc, PangoStyle style) { flipbook_pango()->pango_font_description_set_style(desc, style); }
static inline PangoAttrList *pango_attr_list_new(void) { return flipbook_pango()->pango_attr_list_new(); }
static inline void pango_attr_list_unref(PangoAttrList *list) { flipbook_pango()->pango_attr_list_unref(list); }
static inline void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attr) { flipbook_pango()->pango_attr_list_insert(list, attr); }
static inline PangoAttribute *pango_attr_letter_spacing_new(int letter_spacing) { return flipbook_pango()->pango_attr_letter_spacing_new(letter_spacing); }
static inline PangoAttribute *pango_attr_font_features_new(const char *features) { return flipbook_pango()->pango_attr_font_features_new(features); }
static inline PangoAttribute *pango_attr_font_desc_new(const PangoFontDescription *desc) { return flipbook_pango()->pango_attr_font_desc_new(desc); }
static inline PangoAttribute *pango_attr_rise_new(int rise) { return flipbook_pango()->pango_attr_rise_new(rise); }
static inline PangoAttribute *pango_attr_foreground_new(unsigned short red, unsigned short green, unsigned short blue) { return flipbook_pango()->pango_attr_foreground_new(red, green, blue); }
static inline PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout) { return flipbook_pango()->pango_layout_get_iter(layout); }
static inline void pango_layout_iter_free(PangoLayoutIter *iter) { flipbook_pango()->pango_layout_iter_free(iter); }
static inline gboolean pango_layout_iter_next_run(PangoLayoutIter *iter) { return flipbook_pango()->pango_layout_iter_next_run(iter); }
static inline PangoGlyphItem *pango_layout_iter_get_run_readonly(PangoLayoutIter *iter) { return flipbook_pango()->pango_layout_iter_get_run_readonly(iter); }
static inline void pango_layout_iter_get_run_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect) { flipbook_pango()->pango_layout_iter_get_run_extents(iter, ink_rect, logical_rect); }
static inline void pango_layout_iter_get_line_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect) { flipbook_pango()->pango_layout_iter_get_line_extents(iter, ink_rect, logical_rect); }
static inline int pango_layout_iter_get_baseline(PangoLayoutIter *iter) { return flipbook_pango()->pango_layout_iter_get_baseline(iter); }
static inline void pango_cairo_glyph_string_path(struct _cairo *cr, PangoFont *font, PangoGlyphString *glyphs) { flipbook_pango()->pango_cairo_glyph_string_path(cr, font, glyphs); }
static inline PangoFontMetrics *pango_font_get_metrics(PangoFont *font, PangoLanguage *language) { return flipbook_pango()->pango_font_get_metrics(font, language); }
static inline void pango_font_metrics_unref(PangoFontMetrics *metrics) { flipbook_pango()->pango_font_metrics_unref(metrics); }
static inline int pango_font_metrics_get_underline_position(PangoFontMetrics *metrics) { return flipbook_pango()->pango_font_metrics_get_underline_position(metrics); }
static inline int pango_font_metrics_get_underline_thickness(PangoFontMetrics *metrics) { return flipbook_pango()->pango_font_metrics_get_underline_thickness(metrics); }
static inline int pango_font_metrics_get_strikethrough_position(PangoFontMetrics *metrics) { return flipbook_pango()->pango_font_metrics_get_strikethrough_position(metrics); }
static inline int pango_font_metrics_get_strikethrough_thickness(PangoFontMetrics *metrics) { return flipbook_pango()->pango_font_metrics_get_strikethrough_thickness(metrics); }
static inline void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs) { flipbook_pango()->pango_layout_set_attributes(layout, attrs); }
static inline PangoContext *pango_font_map_create_context(PangoFontMap *fontmap) { return flipbook_pango()->pango_font_map_create_context(fontmap); }
static inline PangoFont *pango_font_map_load_font(PangoFontMap *fontmap, PangoContext *context, const PangoFontDescription *desc) { return flipbook_pango()->pango_font_map_load_font(fontmap, context, desc); }
static inline PangoFontDescription *pango_font_describe(PangoFont *font) { return flipbook_pango()->pango_font_describe(font); }
static inline int pango_version(void) { return flipbook_pango()->pango_version(); }
static inline const char *pango_version_string(void) { return flipbook_pango()->pango_version_string(); }

// Fontconfig, for font files in golden manifests and messages: Cairo loads it anyway, so it is
// linked directly.
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

// Font files an animation ships (registered as the application's fonts), and faces found by
// their PostScript name, as iOS's CTFontCreateWithName finds them.
typedef struct _FcObjectSet FcObjectSet;
typedef struct {
    int nfont;
    int sfont;
    FcPattern **fonts;
} FcFontSet;
FcConfig *FcConfigGetCurrent(void);
int FcConfigAppFontAddFile(FcConfig *config, const unsigned char *file);
FcPattern *FcPatternCreate(void);
int FcPatternAddString(FcPattern *p, const char *object, const unsigned char *s);
FcResult FcPatternGetInteger(const FcPattern *p, const char *object, int n, int *i);
FcObjectSet *FcObjectSetCreate(void);
int FcObjectSetAdd(FcObjectSet *os, const char *object);
void FcObjectSetDestroy(FcObjectSet *os);
FcFontSet *FcFontList(FcConfig *config, FcPattern *p, FcObjectSet *os);
void FcFontSetDestroy(FcFontSet *s);
int FcWeightToOpenType(int fc_weight);

/// Tells Pango's default font map that fontconfig's fonts changed (new application fonts), when
/// Pango is loaded (else it will read them when it first loads).
void flipbook_pango_fonts_changed(void);

#endif
