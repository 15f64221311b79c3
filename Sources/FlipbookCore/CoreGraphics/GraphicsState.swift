import Foundation

/// What `saveGState` saves and `restoreGState` brings back of a `CGContext`, beyond what the
/// renderer replays: the numbers Core Graphics reports back (`ctm`, `boundingBoxOfClipPath`)
/// and the stroke settings `replacePathWithStrokedPath` outlines with.
struct GraphicsState {
    var transform = CGAffineTransform.identity
    /// The clip's bounding box in the context's initial user space (`.null`: nothing shows).
    var clipBox = CGRect.null
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    var dash: (phase: CGFloat, lengths: [CGFloat])?
    var blendMode = CGBlendMode.normal
    var shouldAntialias = true
    var allowsAntialiasing = true
    var fontSettings = FontSettings()

    /// Core Graphics' glyph placement settings, kept as set.
    struct FontSettings {
        var shouldSubpixelPosition = true
        var shouldSubpixelQuantize = true
        var allowsSubpixelPositioning = true
        var allowsSubpixelQuantization = true
    }
}
