import CCairo

/// Core Animation's `compositingFilter` names (`CALayer.compositingFilterNames`) and the Cairo
/// operators that composite the same way (timing-model.md 12.7). Only operators that leave what is behind untouched where
/// the layer paints nothing: a layer's filter never reaches outside what it draws.
enum CompositingOperator {
    static let operators: [String: cairo_operator_t] = [
        "normalBlendMode": CAIRO_OPERATOR_OVER,
        "multiplyBlendMode": CAIRO_OPERATOR_MULTIPLY,
        "screenBlendMode": CAIRO_OPERATOR_SCREEN,
        "overlayBlendMode": CAIRO_OPERATOR_OVERLAY,
        "darkenBlendMode": CAIRO_OPERATOR_DARKEN,
        "lightenBlendMode": CAIRO_OPERATOR_LIGHTEN,
        "colorDodgeBlendMode": CAIRO_OPERATOR_COLOR_DODGE,
        "colorBurnBlendMode": CAIRO_OPERATOR_COLOR_BURN,
        "softLightBlendMode": CAIRO_OPERATOR_SOFT_LIGHT,
        "hardLightBlendMode": CAIRO_OPERATOR_HARD_LIGHT,
        "differenceBlendMode": CAIRO_OPERATOR_DIFFERENCE,
        "exclusionBlendMode": CAIRO_OPERATOR_EXCLUSION,
        "hueBlendMode": CAIRO_OPERATOR_HSL_HUE,
        "saturationBlendMode": CAIRO_OPERATOR_HSL_SATURATION,
        "colorBlendMode": CAIRO_OPERATOR_HSL_COLOR,
        "luminosityBlendMode": CAIRO_OPERATOR_HSL_LUMINOSITY,
        "xor": CAIRO_OPERATOR_XOR,
        "sourceAtop": CAIRO_OPERATOR_ATOP,
        "destinationOver": CAIRO_OPERATOR_DEST_OVER,
        "destinationOut": CAIRO_OPERATOR_DEST_OUT,
        "plusL": CAIRO_OPERATOR_ADD
    ]

    /// The operator for a layer's filter; nil for none, or a name the renderer does not know
    /// (drawn source over, with a warning: StageRender).
    static func of(_ name: String?) -> cairo_operator_t? {
        name.flatMap { operators[$0] }
    }
}
