import Foundation

// How a `CGContext` composites and smooths what it draws: blend modes, antialiasing and the
// font settings, as Core Graphics names them.
extension CGContext {
    /// How what is drawn next combines with what is already there (part of the graphics
    /// state: `restoreGState` brings the previous mode back).
    public func setBlendMode(_ mode: CGBlendMode) {
        state.blendMode = mode
        appendCommand(.setBlendMode(mode))
    }

    /// Whether shapes are drawn with smoothed edges; takes effect while `allowsAntialiasing`
    /// is true too (both are part of the graphics state).
    public func setShouldAntialias(_ antialias: Bool) {
        state.shouldAntialias = antialias
        appendCommand(.setAntialias(state.shouldAntialias && state.allowsAntialiasing))
    }

    /// Whether `setShouldAntialias(true)` may smooth edges at all.
    public func setAllowsAntialiasing(_ allows: Bool) {
        state.allowsAntialiasing = allows
        appendCommand(.setAntialias(state.shouldAntialias && state.allowsAntialiasing))
    }

    /// Kept in the graphics state as Core Graphics keeps it; nothing reads it: Pango places
    /// glyphs at fractions of a pixel either way (docs/porting.md).
    public func setShouldSubpixelPositionFonts(_ value: Bool) { state.fontSettings.shouldSubpixelPosition = value }
    /// Kept as `setShouldSubpixelPositionFonts`.
    public func setShouldSubpixelQuantizeFonts(_ value: Bool) { state.fontSettings.shouldSubpixelQuantize = value }
    /// Kept as `setShouldSubpixelPositionFonts`.
    public func setAllowsFontSubpixelPositioning(_ value: Bool) { state.fontSettings.allowsSubpixelPositioning = value }
    /// Kept as `setShouldSubpixelPositionFonts`.
    public func setAllowsFontSubpixelQuantization(_ value: Bool) { state.fontSettings.allowsSubpixelQuantization = value }
}
