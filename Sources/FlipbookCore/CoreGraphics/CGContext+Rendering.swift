import Foundation

// How a `CGContext` composites and smooths what it draws: blend modes, antialiasing and the
// text matrix, as Core Graphics names them.
extension CGContext {
    /// How what is drawn next combines with what is already there (part of the graphics
    /// state: `restoreGState` brings the previous mode back).
    public func setBlendMode(_ mode: CGBlendMode) {
        blendMode = mode
        appendCommand(.setBlendMode(mode))
    }

    /// Whether shapes are drawn with smoothed edges; takes effect while `allowsAntialiasing`
    /// is true too (both are part of the graphics state).
    public func setShouldAntialias(_ antialias: Bool) {
        shouldAntialias = antialias
        appendCommand(.setAntialias(shouldAntialias && allowsAntialiasing))
    }

    /// Whether `setShouldAntialias(true)` may smooth edges at all.
    public func setAllowsAntialiasing(_ allows: Bool) {
        allowsAntialiasing = allows
        appendCommand(.setAntialias(shouldAntialias && allowsAntialiasing))
    }

    /// Kept and reported as Core Graphics does; glyphs are placed by Pango, which positions
    /// them at fractions of a pixel either way (docs/porting.md).
    public func setShouldSubpixelPositionFonts(_ value: Bool) { shouldSubpixelPositionFonts = value }
    /// Kept as `setShouldSubpixelPositionFonts`.
    public func setShouldSubpixelQuantizeFonts(_ value: Bool) { shouldSubpixelQuantizeFonts = value }
    /// Kept as `setShouldSubpixelPositionFonts`.
    public func setAllowsFontSubpixelPositioning(_ value: Bool) { shouldSubpixelPositionFonts = value && shouldSubpixelPositionFonts }
    /// Kept as `setShouldSubpixelPositionFonts`.
    public func setAllowsFontSubpixelQuantization(_ value: Bool) { shouldSubpixelQuantizeFonts = value && shouldSubpixelQuantizeFonts }
}
