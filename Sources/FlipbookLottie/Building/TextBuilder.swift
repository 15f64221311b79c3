import FlipbookCore
import FlipbookUIKit
import Foundation

/// Text layers (`ty` 5) as lottie-ios's Core Animation engine draws them (its
/// `CoreTextRenderLayer`, a Core Text frame): the text document's lines in the font it names,
/// found as Core Text finds it (TextFonts), its size, tracking, fill colour and stroke; each
/// line's baseline `lh` below the one before.
///
/// Point text puts the first baseline on the layer's origin, each line justified left, right or
/// centred on it. Paragraph text (`sz`, `ps`) wraps at word breaks to the box's width and puts
/// the first baseline a cap height below the box's top (lottie-ios anchors the frame
/// `ascent − capHeight` above `ps`); lines past the box's height (plus the font's descent) are
/// not drawn, as Core Text leaves out lines its frame cannot hold.
struct TextBuilder {
    let builder: LayerBuilder

    /// Bounded: 1,000 lines of 10,000 characters (Pango's work grows with both).
    static let maximumLines = 1000
    static let maximumLineLength = 10_000

    func layer(_ item: LottieLayer, _ textLayer: TextLayer) -> CALayer {
        let container = CALayer()
        container.anchorPoint = .zero
        let documents = textLayer.documents
        guard let first = documents.first, let document = first else {
            builder.warn(item.path, "its text document is missing")
            return container
        }
        if documents.count > 1 { builder.warn(item.path, "text that changes over time is drawn as its first text") }
        if textLayer.animatorCount > 0 { builder.warn(item.path, "text animators are not supported by Core Animation") }
        builder.registerFonts()
        let size = max(1, min(2000, document.size ?? 12))
        // The app's font provider chooses the font and the size it is drawn at (lottie-ios's
        // `fontFor(family:size:)`); line height and tracking stay the document's.
        let provided = builder.providers.font?.fontFor(family: document.font ?? "", size: CGFloat(size))
        let (font, note) = TextFonts.resolve(provided?.fontName ?? document.font)
        if let note { builder.warn(item.path, note) }
        let drawnSize = provided.map { max(1, min(2000, Double($0.pointSize))) } ?? size
        let lineHeight = document.lineHeight ?? size * 1.2
        // `tr` is thousandths of an em, added after each character (lottie-ios's kern).
        let kerning = max(-size, min(size, size * (document.tracking ?? 0) / 1000))
        // Its fill colour is customizable as `Layer.Color`, as in lottie-ios.
        let providedColor = builder.property(nil, builder.keypath(of: item) + ["Color"])?.initial
        let color = fillColor(providedColor ?? document.fillColor)
        let alignment: CATextLayerAlignmentMode = [1: .right, 2: .center][document.justification ?? 0] ?? .left
        let box = document.boxSize.flatMap { $0.count >= 2 ? CGSize(width: $0[0], height: $0[1]) : nil }
        let origin = document.boxPosition.flatMap { $0.count >= 2 ? CGPoint(x: $0[0], y: $0[1]) : nil } ?? .zero
        let style = TextLineStyle(font: font, size: drawnSize, kerning: kerning)
        // A stroke (`sc`, `sw`) as lottie-ios passes it to Core Text: `sw` as the stroke width
        // attribute (percent of the font size), under the fill unless `of` puts it over.
        // Its stroke colour is customizable as `Layer.Stroke Color` (lottie-ios's first value).
        let providedStroke = builder.property(nil, builder.keypath(of: item) + ["Stroke Color"])?.initial
        let stroke = (providedStroke ?? document.strokeColor).flatMap { c -> (CGColor, Double)? in
            guard let width = document.strokeWidth, width > 0, width.isFinite else { return nil }
            return (fillColor(c), min(width, 1000))
        }
        var lines = text(of: item, document.text).split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }.map(
            String.init)
        if lines.count > Self.maximumLines || lines.contains(where: { $0.count > Self.maximumLineLength }) {
            builder.warn(item.path, "text past 1,000 lines of 10,000 characters is not drawn")
        }
        lines = lines.prefix(Self.maximumLines).map { String($0.prefix(Self.maximumLineLength)) }
        var firstBaseline = 0.0
        if let box {
            lines = Array(lines.flatMap { style.wrapped($0, width: box.width) }.prefix(Self.maximumLines))
            // Lines a Core Text frame `ascent − capHeight + h + descent` tall holds.
            let capHeight = style.capHeight
            let fitting = lineHeight > 0 ? Int(((box.height - capHeight) / lineHeight).rounded(.down)) + 1 : lines.count
            lines = Array(lines.prefix(max(0, fitting)))
            firstBaseline = origin.y + capHeight
        }
        let filled = (providedColor ?? document.fillColor) != nil
        let shift = frameOffset(
            lines, style: style, alignment: alignment, lineHeight: lineHeight, box: box, grownBy: filled ? stroke?.1 : nil)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            // lottie-ios draws no fill without a fill colour (`fc`, or a provider's).
            var layers = filled ? [style.layer(line, color: color, alignment: alignment)] : []
            if let (strokeColor, strokeWidth) = stroke {
                let outline = style.layer(line, color: color, alignment: alignment, stroke: (strokeColor, strokeWidth))
                if document.strokeOverFill == true { layers.append(outline) } else { layers.insert(outline, at: 0) }
            }
            // Point text: a wide line around x = 0, aligned on it; box text: the box's width.
            let width = box?.width ?? Double(line.count + 2) * (drawnSize + abs(kerning)) * 2
            let x = box != nil ? origin.x : [CATextLayerAlignmentMode.right: -width, .center: -width / 2][alignment] ?? 0
            let baseline = firstBaseline + Double(index) * lineHeight + shift.y
            for layer in layers {
                layer.frame = CGRect(x: x + shift.x, y: baseline - layer.firstBaseline, width: width, height: drawnSize * 3)
                container.addSublayer(layer)
            }
        }
        return container
    }

    /// How far lottie-ios's `CoreTextRenderLayer` moves the lines from where their alignment on
    /// the layer's origin puts them (its `updateTextContent`). Point text: the drawing rectangle
    /// is Core Text's suggested size (unrounded) plus 20 % of the font size each side, rounded
    /// up to whole points, and the lines are aligned within that rounded width while the anchor
    /// stays on the unrounded one: centred lines move half the rounding right, right-aligned
    /// ones all of it. Text both filled and stroked (`grownBy`, the stroke width): the rectangle
    /// then grows by the stroke width after the layer was anchored by fractions of it, so the
    /// text moves up by the anchor's share of it (and aside as the alignment in the wider
    /// rectangle and the anchor's share part).
    private func frameOffset(
        _ lines: [String], style: TextLineStyle, alignment: CATextLayerAlignmentMode, lineHeight: Double, box: CGSize?,
        grownBy strokeWidth: Double?
    ) -> CGPoint {
        let font = CTFontCreateWithName(style.font as CFString, CGFloat(style.size), nil)
        let ascent = Double(CTFontGetAscent(font)), descent = Double(CTFontGetDescent(font))
        let width: Double, height: Double, anchor: CGPoint
        var dx = 0.0
        if let box {
            let capHeight = style.capHeight
            (width, height) = (box.width, box.height + ascent - capHeight + descent)
            anchor = CGPoint(x: 0, y: ascent - capHeight)
        } else {
            let natural = ascent + descent + Double(CTFontGetLeading(font))
            let paragraph = NSMutableParagraphStyle()
            paragraph.lineSpacing = CGFloat(max(lineHeight - natural, -natural))
            paragraph.lineHeightMultiple = 1
            paragraph.maximumLineHeight = CGFloat(natural)
            let text = NSAttributedString(
                string: lines.joined(separator: "\n"), attributes: [.font: font, .kern: style.kerning, .paragraphStyle: paragraph])
            let suggested = CTFramesetterSuggestFrameSizeWithConstraints(
                CTFramesetterCreateWithAttributedString(text), CFRange(location: 0, length: 0), nil,
                CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude), nil)
            let padding = 0.2 * style.size
            let adjusted = Double(suggested.width) + 2 * padding
            (width, height) = (adjusted.rounded(.up), Double(suggested.height).rounded(.up))
            switch alignment {
            case .right: (anchor, dx) = (CGPoint(x: adjusted - padding, y: ascent), width - adjusted)
            case .center: (anchor, dx) = (CGPoint(x: adjusted / 2, y: ascent), (width - adjusted) / 2)
            default: anchor = CGPoint(x: padding, y: ascent)
            }
        }
        guard let strokeWidth, width > 0, height > 0 else { return CGPoint(x: dx, y: 0) }
        // The lines aligned within the rectangle grown by the stroke width.
        let aligned: Double
        switch alignment {
        case .right: aligned = strokeWidth
        case .center: aligned = strokeWidth / 2
        default: aligned = 0
        }
        let anchorShare = (x: Double(anchor.x) / width, y: Double(anchor.y) / height)
        return CGPoint(x: dx + aligned - anchorShare.x * strokeWidth, y: -anchorShare.y * strokeWidth)
    }

    /// The text shown: the app's text provider's for the layer's keypath (lottie-ios asks
    /// `text(for:sourceText:)`, then a legacy provider's `textFor(keypathName:sourceText:)`),
    /// else the file's.
    private func text(of item: LottieLayer, _ source: String) -> String {
        guard let provider = builder.providers.text else { return source }
        let keypath = AnimationKeypath(keys: builder.keypath(of: item))
        if let text = provider.text(for: keypath, sourceText: source) { return text }
        if let legacy = provider as? any LegacyAnimationTextProvider {
            return legacy.textFor(keypathName: keypath.fullPath, sourceText: source)
        }
        return source
    }

    /// `fc`, `sc`: RGB(A) in 0…1 (the decoder scales 0…255 files).
    private func fillColor(_ c: Vector?) -> CGColor {
        guard let c, c.count >= 3 else { return CGColor(red: 0, green: 0, blue: 0, alpha: 1) }
        return CGColor(red: CGFloat(c[0]), green: CGFloat(c[1]), blue: CGFloat(c[2]), alpha: 1)
    }
}

/// The font, size and kerning of a text document's lines: one `CATextLayer` a line, and the
/// measuring its paragraph box wraps by.
private struct TextLineStyle {
    let font: String
    let size: Double
    let kerning: Double

    /// One line's layer; with `stroke`, the line's outline alone (Core Text's positive stroke width).
    func layer(_ line: String, color: CGColor, alignment: CATextLayerAlignmentMode, stroke: (CGColor, Double)? = nil) -> CATextLayer {
        let layer = CATextLayer()
        var attributes: [NSAttributedString.Key: Any] = [.kern: kerning]
        if let (strokeColor, width) = stroke {
            attributes[.strokeColor] = strokeColor
            attributes[.strokeWidth] = width
        }
        layer.string = NSAttributedString(string: line, attributes: attributes)
        layer.font = font
        layer.fontSize = CGFloat(size)
        layer.foregroundColor = color
        layer.alignmentMode = alignment
        layer.anchorPoint = .zero
        return layer
    }

    private func textStyle(_ text: String) -> TextStyle {
        var style = TextStyle(string: text, fontName: font, alignment: .left, isWrapped: false, truncation: .none)
        style.kerning = kerning
        return style
    }

    /// How far a capital reaches above the baseline (0.7 em when no renderer measures).
    var capHeight: Double {
        TextMeasurement.measurer?.capHeight(of: textStyle("H"), fontSize: size) ?? 0.7 * size
    }

    func width(_ text: String) -> Double {
        guard let measurer = TextMeasurement.measurer else { return Double(text.count) * (size * 0.5 + kerning) }
        return Double(measurer.size(of: textStyle(text), fontSize: size, width: nil).width)
    }

    /// `line` broken at word boundaries (Core Text's `byWordWrapping`) into lines at most
    /// `width` wide; a word wider than that alone is broken between characters.
    func wrapped(_ line: String, width: Double) -> [String] {
        guard width > 0, self.width(line) > width else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in words(of: line) {
            let candidate = current + word
            if current.isEmpty || self.width(candidate.trimmingTrailingSpaces) <= width {
                current = candidate
                continue
            }
            lines.append(current.trimmingTrailingSpaces)
            current = String(word.drop { $0 == " " })
        }
        // Words wider than the box alone: broken between characters.
        return (lines + [current.trimmingTrailingSpaces]).flatMap { broken($0, width: width) }
    }

    /// The words of `line`, each with the spaces after it (leading spaces stay with the first).
    private func words(of line: String) -> [String] {
        var words: [String] = []
        var previous: Character?
        for character in line {
            if character != " ", previous == " " || words.isEmpty, !(words.last?.allSatisfy { $0 == " " } ?? false) {
                words.append("")
            }
            if words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
            previous = character
        }
        return words
    }

    private func broken(_ line: String, width: Double) -> [String] {
        guard line.count > 1, self.width(line) > width else { return [line] }
        var pieces: [String] = []
        var current = ""
        for character in line {
            if !current.isEmpty, self.width(current + String(character)) > width {
                pieces.append(current)
                current = ""
            }
            current.append(character)
        }
        return pieces + (current.isEmpty ? [] : [current])
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String { String(dropLast(reversed().prefix { $0 == " " }.count)) }
}
