import Foundation

/// Text alignment of a text layer.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = Self(rawValue: "natural"), left = Self(rawValue: "left"), right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center"), justified = Self(rawValue: "justified")
}

/// Truncation of a text layer.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none"), start = Self(rawValue: "start")
    public static let end = Self(rawValue: "end"), middle = Self(rawValue: "middle")
}

/// A layer that draws a string.
open class CATextLayer: CALayer {
    /// A `String`, or an `NSAttributedString` drawn in the font (`.font`), with the kerning
    /// (`.kern`) and the outline stroke (`.strokeWidth`, `.strokeColor`) of its first
    /// character; its other attributes are not drawn.
    open var string: Any? { willSet { rememberCommittedLook() } }
    /// A font name (`String`) or a `UIFont`.
    open var font: Any? { willSet { rememberCommittedLook() } }
    open var fontSize: CGFloat {
        get { modelState.fontSize }
        set { setModel(.fontSize, .number(newValue)) }
    }
    /// Opaque white by default.
    open var foregroundColor: CGColor? {
        get { modelState.foregroundColor.map(CGColor.init) }
        set { setModel(.foregroundColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    open var alignmentMode: CATextLayerAlignmentMode = .natural { willSet { rememberCommittedLook() } }
    open var isWrapped = false { willSet { rememberCommittedLook() } }
    open var truncationMode: CATextLayerTruncationMode = .none { willSet { rememberCommittedLook() } }

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func makePresentationInstance() -> CALayer { CATextLayer(layer: self) }
    override func copyTypeSpecificProperties(from other: CALayer) {
        guard let o = other as? CATextLayer else { return }
        string = o.string
        font = o.font
        alignmentMode = o.alignmentMode
        isWrapped = o.isWrapped
        truncationMode = o.truncationMode
        labelLayout = o.labelLayout
    }

    /// How far below the top of the bounds the first line's baseline is drawn, as the linked
    /// renderer lays the text out (0.8 × `fontSize` when none is linked). Lottie text layers
    /// put their baseline on their origin with it.
    package var firstBaseline: Double {
        guard case .text(let style) = snapshotContent(), let measurer = TextMeasurement.measurer else { return 0.8 * Double(fontSize) }
        return measurer.firstBaseline(of: style, fontSize: style.attributedFontSize ?? Double(fontSize))
    }

    /// Set by a `UILabel` backed by this layer: centre the lines vertically, at most this many.
    package var labelLayout: (centersVertically: Bool, maximumLines: Int)?
    package override func snapshotContent() -> LayerSnapshot.Content {
        let text: String
        var attributes = TextAttributes([:], font: font)
        var own: TextAttributes?
        var runs: [TextRun] = []
        switch string {
        case let s as String: text = s
        case let s as NSAttributedString:
            text = s.string
            attributes = TextAttributes(of: s, font: font)
            own = TextAttributes(of: s)
            runs = TextAttributes.runs(of: s, fontName: TextAttributes([:], font: font).fontName)
        case nil: text = ""
        case let other?: text = "\(other)"
        }
        var style = TextStyle(
            string: text, fontName: attributes.fontName, alignment: alignmentMode, isWrapped: isWrapped,
            truncation: truncationMode, centersVertically: labelLayout?.centersVertically ?? false,
            maximumLines: labelLayout?.maximumLines ?? 0)
        attributes.apply(to: &style)
        // Runs carry their own sizes and colours; what they leave out is the layer's.
        style.runs = runs
        style.attributedFontSize = runs.isEmpty ? own?.fontSize : nil
        style.attributedColor = runs.isEmpty ? own?.foregroundColor : nil
        return .text(style)
    }
}
