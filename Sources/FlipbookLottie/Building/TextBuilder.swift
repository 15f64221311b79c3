import FlipbookCore
import Foundation

/// Text layers (`ty` 5) as lottie-ios's Core Animation engine draws them: the text document's
/// lines in the file's font (by its family; fonts not installed fall back as docs/fonts.md
/// says), size and fill colour, each line a `CATextLayer` whose baseline sits `lh` below the
/// one before, the first on the layer's origin; justified left, right or centred on it. A
/// paragraph box (`sz`, `ps`) wraps the text to its width from its top.
struct TextBuilder {
    let builder: LayerBuilder

    func layer(_ item: LottieLayer, _ textLayer: TextLayer) -> CALayer {
        let container = CALayer()
        container.anchorPoint = .zero
        let documents = textLayer.documents
        guard let first = documents.first, let document = first else {
            builder.warn(item.path, "its text document is missing")
            return container
        }
        let text = document.text
        if documents.count > 1 { builder.warn(item.path, "text that changes over time is drawn as its first text") }
        if textLayer.animatorCount > 0 { builder.warn(item.path, "text animators are not supported by Core Animation") }
        let size = max(1, min(2000, document.size ?? 12))
        let lineHeight = document.lineHeight ?? size * 1.2
        let font = fontName(document.font)
        // Its fill colour is customizable as `Layer.Color`, as in lottie-ios.
        let provided = builder.property(nil, builder.keypath(of: item) + ["Color"])?.initial
        let color = fillColor(provided ?? document.fillColor)
        let alignment: CATextLayerAlignmentMode = [1: .right, 2: .center][document.justification ?? 0] ?? .left
        let box = document.boxSize.flatMap { $0.count >= 2 ? CGSize(width: $0[0], height: $0[1]) : nil }
        let origin = document.boxPosition.flatMap { $0.count >= 2 ? CGPoint(x: $0[0], y: $0[1]) : nil } ?? .zero
        // Bounded: 1,000 lines of 10,000 characters (Pango's work grows with both).
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
        if lines.count > 1000 || lines.contains(where: { $0.count > 10_000 }) {
            builder.warn(item.path, "text past 1,000 lines of 10,000 characters is not drawn")
        }
        for (index, line) in lines.prefix(1000).map({ String($0.prefix(10_000)) }).enumerated() where !line.isEmpty {
            let textLayer = CATextLayer()
            textLayer.string = line
            textLayer.font = font
            textLayer.fontSize = CGFloat(size)
            textLayer.foregroundColor = color
            textLayer.alignmentMode = alignment
            textLayer.anchorPoint = .zero
            // Point text: a wide line around x = 0, aligned on it; box text: the box's width.
            let width = box?.width ?? Double(line.count + 2) * size * 2
            let x = box != nil ? origin.x : [CATextLayerAlignmentMode.right: -width, .center: -width / 2][alignment] ?? 0
            textLayer.isWrapped = box != nil
            let baseline = textLayer.firstBaseline
            let top = box != nil ? origin.y + Double(index) * lineHeight : Double(index) * lineHeight - baseline
            textLayer.frame = CGRect(
                x: x, y: top, width: width, height: box.map { max(0, $0.height - Double(index) * lineHeight) } ?? size * 2)
            container.addSublayer(textLayer)
        }
        return container
    }

    /// The font the document names, as `Family-Style` from the file's font list (the name
    /// itself when the list lacks it).
    private func fontName(_ name: String?) -> String? {
        guard let name else { return nil }
        let entry = builder.animation.composition.fonts.first { $0.name == name }
        guard let family = entry?.family else { return name }
        return entry?.style.map { "\(family)-\($0)" } ?? family
    }

    /// `fc`: RGB(A) in 0…1, or 0…255 in some exporters' files.
    private func fillColor(_ c: Vector?) -> CGColor {
        guard let c, c.count >= 3 else { return CGColor(red: 0, green: 0, blue: 0, alpha: 1) }
        let scale = c.prefix(3).contains { $0 > 1 } ? 255.0 : 1.0
        return CGColor(red: CGFloat(c[0] / scale), green: CGFloat(c[1] / scale), blue: CGFloat(c[2] / scale), alpha: 1)
    }
}
