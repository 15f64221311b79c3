import Foundation

/// Core Text's typesetter for an attributed string: it lays the string out into frames.
public final class CTFramesetter {
    let text: NSAttributedString
    init(text: NSAttributedString) { self.text = NSAttributedString(attributedString: text) }

    /// The style the string is drawn in (its first character's attributes) and its font size
    /// (the font's, or Core Text's default 12 pt).
    func style(_ range: CFRange) -> (style: TextStyle, fontSize: Double, attributes: TextAttributes) {
        let attributes = TextAttributes(of: text)
        let whole = text.string as NSString
        let location = min(max(0, range.location), whole.length)
        let length = range.length <= 0 ? whole.length - location : min(range.length, whole.length - location)
        let drawn = NSRange(location: location, length: length)
        var style = TextStyle(
            string: whole.substring(with: drawn), fontName: attributes.fontName,
            alignment: attributes.layerAlignment, isWrapped: true, truncation: .none)
        attributes.apply(to: &style)
        style.runs = TextAttributes.coreTextRuns(of: text.attributedSubstring(from: drawn))
        return (style, attributes.fontSize ?? 12, attributes)
    }
}

/// A laid-out frame of text: its lines inside a path's bounding box, drawn by `CTFrameDraw`.
public final class CTFrame {
    let drawing: TextDrawing
    /// Each line's origin (its baseline's start) from the box's bottom-left corner, y up.
    let lineOrigins: [CGPoint]
    let lines: [CTLine]

    init(drawing: TextDrawing, lineOrigins: [CGPoint]) {
        self.drawing = drawing
        self.lineOrigins = lineOrigins
        lines = lineOrigins.indices.map { CTLine(index: $0) }
    }
}

/// One line of a `CTFrame`.
public final class CTLine {
    /// Its place in the frame, from the top.
    let index: Int
    init(index: Int) { self.index = index }
}

/// Text laid out in a rectangle, y up, as recorded for the renderer (`CTFrameDraw`).
public struct TextDrawing: Equatable, Sendable {
    public var style: TextStyle
    public var fontSize: Double
    /// The fill colour (nil: black, Core Text's default).
    public var color: RGBA?
    /// The frame's box in user space (y up: its first line at the top, `maxY`).
    public var rect: CGRect
}

/// A typesetter for `string`.
public func CTFramesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTFramesetter {
    CTFramesetter(text: string)
}

/// The size the characters in `range` (length 0: to the end) take when set within
/// `constraints` (a width wraps the lines), unrounded as Core Text gives it: the widest line
/// with its trailing kern, the first line's height and each next one's pitch
/// (timing-model.md 12.11); `fitRange` gets the range that fits.
public func CTFramesetterSuggestFrameSizeWithConstraints(
    _ framesetter: CTFramesetter, _ range: CFRange, _ frameAttributes: CFDictionary?, _ constraints: CGSize,
    _ fitRange: UnsafeMutablePointer<CFRange>?
) -> CGSize {
    let (style, fontSize, _) = framesetter.style(range)
    fitRange?.pointee = CFRange(location: max(0, range.location), length: (style.string as NSString).length)
    guard let measurer = TextMeasurement.measurer, !style.string.isEmpty else { return .zero }
    let width = constraints.width.isFinite && constraints.width < 1e7 ? Double(constraints.width) : nil
    let extent = measurer.extent(of: style, fontSize: fontSize, width: width)
    guard extent.lines > 0 else { return .zero }
    let natural = naturalLineHeight(style, fontSize: fontSize, measurer: measurer)
    let height = style.lineSpacing.lineHeight(natural: natural) + Double(extent.lines - 1) * style.lineSpacing.pitch(natural: natural)
    return CGSize(width: extent.width + (style.kerning.isFinite ? style.kerning : 0), height: max(0, height))
}

/// The face's own line height for `style`'s font, unrounded, as the drawn lines are spaced.
private func naturalLineHeight(_ style: TextStyle, fontSize: Double, measurer: any TextMeasuring.Type) -> Double {
    if let metrics = measurer.fontMetrics(fontName: style.fontName ?? "Helvetica", fontSize: fontSize) { return max(1, metrics.lineHeight) }
    var oneLine = style
    oneLine.string = String(style.string.prefix(1))
    oneLine.lineSpacing = LineSpacing()
    return max(1, Double(measurer.size(of: oneLine, fontSize: fontSize, width: nil).height))
}

/// The characters in `range` laid out in `path`'s bounding box, lines from its top.
public func CTFramesetterCreateFrame(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: CFDictionary?
) -> CTFrame {
    let (style, fontSize, attributes) = framesetter.style(stringRange)
    let box = path.boundingBox.isNull ? CGRect.zero : path.boundingBox
    let drawing = TextDrawing(style: style, fontSize: fontSize, color: attributes.foregroundColor, rect: box)
    guard let measurer = TextMeasurement.measurer, !style.string.isEmpty else { return CTFrame(drawing: drawing, lineOrigins: []) }
    let natural = naturalLineHeight(style, fontSize: fontSize, measurer: measurer)
    // The paragraph style's line height and the space between lines (timing-model.md 12.11).
    let pitch = max(1, style.lineSpacing.pitch(natural: natural))
    let count = max(1, measurer.extent(of: style, fontSize: fontSize, width: Double(box.width)).lines)
    let baseline = measurer.firstBaseline(of: style, fontSize: fontSize)
    let origins = (0..<count).map { i in CGPoint(x: 0, y: Double(box.height) - baseline - Double(i) * pitch) }
    return CTFrame(drawing: drawing, lineOrigins: origins)
}

/// The frame's lines, top to bottom (`CTLine`s).
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray { NSArray(array: frame.lines) }

/// Copies the origins of the lines in `range` (length 0: to the end) into `origins`: each
/// line's baseline start from the frame box's bottom-left corner, y up.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let start = max(0, range.location)
    guard start < frame.lineOrigins.count else { return }
    let end = range.length <= 0 ? frame.lineOrigins.count : min(frame.lineOrigins.count, start + range.length)
    for (i, origin) in frame.lineOrigins[start..<end].enumerated() { origins[i] = origin }
}

/// Draws the frame's text into `context`, y up as Core Text draws (in a UIKit context that
/// is not flipped first, it shows upside down, as on iOS).
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    context.appendCommand(.drawText(frame.drawing))
}
