import FlipbookCore
import Foundation

// SF Symbols are Apple's and cannot ship with Flipbook. `UIImage(systemName:)` loads a symbol
// the user exported (Stage.symbolsFolder, or the FLIPBOOK_SYMBOLS folder); without one it draws
// a visible placeholder, a crossed-out rounded square at the symbol's size, and warns once per
// name (docs/porting.md, "SF Symbols").

extension UIImage {
    /// How a symbol is sized (UIKit's `UIImage.SymbolConfiguration`; the weight is accepted and
    /// only a loaded symbol's own drawing has one).
    public final class SymbolConfiguration: Sendable {
        public let pointSize: CGFloat
        public let weight: SymbolWeight
        public let scale: SymbolScale

        public init(pointSize: CGFloat, weight: SymbolWeight = .regular, scale: SymbolScale = .default) {
            self.pointSize = pointSize
            self.weight = weight
            self.scale = scale
        }
        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .regular) }
        public convenience init(weight: SymbolWeight) { self.init(pointSize: 17, weight: weight) }
        public convenience init(scale: SymbolScale) { self.init(pointSize: 17, scale: scale) }

        /// The size the symbol is drawn at: the point size, times 0.8 small and 1.3 large
        /// (how much taller a large symbol draws beside text of the same size).
        var effectiveSize: CGFloat {
            switch scale {
            case .small: return pointSize * 0.8
            case .large: return pointSize * 1.3
            default: return pointSize
            }
        }
    }

    public enum SymbolWeight: Int, Sendable { case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black }
    public enum SymbolScale: Int, Sendable { case `default` = -1, unspecified, small, medium, large }

    /// A system symbol: `NAME` from the symbols folder, else a placeholder (with a warning).
    public convenience init?(systemName name: String) { self.init(systemName: name, withConfiguration: nil) }

    /// A system symbol at `configuration`'s size (17 pt when nil), as a template image.
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        let size = configuration?.effectiveSize ?? 17
        if let loaded = Self.exportedSymbol(name, pointSize: size) {
            self.init(layerImage: loaded, isSymbolImage: true)
            return
        }
        let stage = TransactionContext.current.activeStage
        stage?.warnOnce(
            "symbol \(name)",
            "UIImage(systemName: \"\(name)\"): SF Symbols cannot ship with Flipbook; a placeholder is drawn. Export the symbol as "
                + "\(name).png into a folder and name it with Stage.symbolsFolder or FLIPBOOK_SYMBOLS")
        self.init(layerImage: Self.placeholder(pointSize: size, scale: Double(stage?.scale ?? 2)), isSymbolImage: true)
    }

    /// The folder symbols are looked up in.
    static var symbolsFolder: URL? {
        if let folder = TransactionContext.current.activeStage?.symbolsFolder { return folder }
        guard let path = ProcessInfo.processInfo.environment["FLIPBOOK_SYMBOLS"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// `NAME@3x.png`, `NAME@2x.png` or `NAME.png` from the symbols folder, scaled so that its
    /// height is the point size's (an exported symbol's own size is its export size).
    static func exportedSymbol(_ name: String, pointSize: CGFloat) -> LayerImage? {
        guard let folder = symbolsFolder, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        for (suffix, scale) in [("@3x", 3.0), ("@2x", 2.0), ("", 1.0)] {
            let url = folder.appendingPathComponent("\(name)\(suffix).png")
            guard let data = FileManager.default.contents(atPath: url.path), let image = LayerImage(encodedData: data, scale: scale)
            else { continue }
            // Drawn at the configured size: the pixels per point that make it that tall.
            let fitted = Double(image.height) / Double(pointSize)
            return fitted > 0 ? image.scaled(fitted) : image
        }
        return nil
    }

    /// A rounded square one point stroked and crossed, the symbol's size and a little wider
    /// (symbols are about 1.2 times as wide as their point size; whole points), as a template.
    static func placeholder(pointSize: CGFloat, scale: Double) -> LayerImage {
        let side = max(1, (Double(pointSize) * 1.2).rounded())
        let box = CGRect(x: 1, y: 1, width: side - 2, height: side - 2)
        var drawing: DrawingRecording = [.setStrokeColor(.black), .setLineWidth(1.5)]
        drawing.append(.stroke(CGPath(roundedRect: box, cornerWidth: side * 0.2, cornerHeight: side * 0.2, transform: nil).elements))
        let cross = CGMutablePath()
        cross.move(to: CGPoint(x: box.minX + side * 0.25, y: box.minY + side * 0.25))
        cross.addLine(to: CGPoint(x: box.maxX - side * 0.25, y: box.maxY - side * 0.25))
        cross.move(to: CGPoint(x: box.maxX - side * 0.25, y: box.minY + side * 0.25))
        cross.addLine(to: CGPoint(x: box.minX + side * 0.25, y: box.maxY - side * 0.25))
        drawing.append(.stroke(cross.elements))
        return UIGraphicsImageRenderer.rasterize(drawing, size: CGSize(width: side, height: side), scale: scale, opaque: false)
    }
}
