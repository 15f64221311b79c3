import Foundation

/// One recorded Core Graphics call, replayed by the renderer with Cairo.
public enum DrawingCommand: Equatable, Sendable {
    case saveState, restoreState
    case concatenate(CGAffineTransform)
    case setFillColor(RGBA), setStrokeColor(RGBA)
    case setLineWidth(Double), setLineCap(CGLineCap), setLineJoin(CGLineJoin), setMiterLimit(Double)
    case setLineDash(phase: Double, lengths: [Double])
    case setAlpha(Double)
    /// Fill the given path (absolute elements) with the current fill colour.
    case fill([PathElement], evenOdd: Bool)
    case stroke([PathElement])
    case clip([PathElement], evenOdd: Bool)
    case clear(CGRect)
    /// Draw the image scaled into the rectangle; `flipped`: upside down, as `CGContext.draw`
    /// draws into UIKit's y-down contexts (Core Graphics' own space is y-up).
    case drawImage(LayerImage, CGRect, flipped: Bool)
}

/// A recorded list of drawing commands (a layer's custom content).
public typealias DrawingRecording = [DrawingCommand]

/// How `drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }

/// Core Graphics' drawing context, recording calls for the Cairo renderer.
public final class CGContext {
    private(set) var recording: DrawingRecording = []
    private var currentPath = CGMutablePath()
    private var ctm: [CGAffineTransform] = [.identity]
    /// The size of the area being drawn, in points.
    public let size: CGSize

    public init(size: CGSize) { self.size = size }

    private var transform: CGAffineTransform { ctm[ctm.count - 1] }

    // MARK: State
    public func saveGState() {
        recording.append(.saveState)
        ctm.append(transform)
    }
    public func restoreGState() {
        guard ctm.count > 1 else { return }
        recording.append(.restoreState)
        ctm.removeLast()
    }
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }
    public func concatenate(_ t: CGAffineTransform) {
        ctm[ctm.count - 1] = t.concatenating(transform)
        recording.append(.concatenate(t))
    }
    public var ctmTransform: CGAffineTransform { transform }

    public func setFillColor(_ color: CGColor) { recording.append(.setFillColor(color.rgba)) }
    public func setStrokeColor(_ color: CGColor) { recording.append(.setStrokeColor(color.rgba)) }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        recording.append(.setFillColor(RGBA(red: red, green: green, blue: blue, alpha: alpha)))
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        recording.append(.setStrokeColor(RGBA(red: red, green: green, blue: blue, alpha: alpha)))
    }
    public func setLineWidth(_ width: CGFloat) { recording.append(.setLineWidth(width)) }
    public func setLineCap(_ cap: CGLineCap) { recording.append(.setLineCap(cap)) }
    public func setLineJoin(_ join: CGLineJoin) { recording.append(.setLineJoin(join)) }
    public func setMiterLimit(_ limit: CGFloat) { recording.append(.setMiterLimit(limit)) }
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        recording.append(.setLineDash(phase: phase, lengths: lengths.map { Double($0) }))
    }
    public func setAlpha(_ alpha: CGFloat) { recording.append(.setAlpha(alpha)) }

    // MARK: Path construction (points are in user space; commands store them as given,
    // the renderer applies the recorded transforms as Cairo does)
    public func beginPath() { currentPath = CGMutablePath() }
    public func move(to p: CGPoint) { currentPath.move(to: p) }
    public func addLine(to p: CGPoint) { currentPath.addLine(to: p) }
    public func addLines(between points: [CGPoint]) { currentPath.addLines(between: points) }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2)
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { currentPath.addQuadCurve(to: end, control: control) }
    /// `clockwise` follows CGPath's flag (decreasing angle), as in Core Graphics.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect) }
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect) }
    public func addPath(_ path: CGPath) { currentPath.addPath(path) }
    public func closePath() { currentPath.closeSubpath() }
    public var isPathEmpty: Bool { currentPath.isEmpty }

    // MARK: Painting
    public func fillPath(using rule: CGPathFillRule = .winding) {
        recording.append(.fill(currentPath.elements, evenOdd: rule == .evenOdd))
        beginPath()
    }
    public func strokePath() {
        recording.append(.stroke(currentPath.elements))
        beginPath()
    }
    public func drawPath(using mode: CGPathDrawingMode) {
        let els = currentPath.elements
        switch mode {
        case .fill: recording.append(.fill(els, evenOdd: false))
        case .eoFill: recording.append(.fill(els, evenOdd: true))
        case .stroke: recording.append(.stroke(els))
        case .fillStroke:
            recording.append(.fill(els, evenOdd: false))
            recording.append(.stroke(els))
        case .eoFillStroke:
            recording.append(.fill(els, evenOdd: true))
            recording.append(.stroke(els))
        }
        beginPath()
    }
    public func clip(using rule: CGPathFillRule = .winding) {
        recording.append(.clip(currentPath.elements, evenOdd: rule == .evenOdd))
        beginPath()
    }
    public func fill(_ rect: CGRect) { recording.append(.fill(CGPath(rect: rect).elements, evenOdd: false)) }
    public func stroke(_ rect: CGRect) { recording.append(.stroke(CGPath(rect: rect).elements)) }
    public func fillEllipse(in rect: CGRect) { recording.append(.fill(CGPath(ellipseIn: rect).elements, evenOdd: false)) }
    public func strokeEllipse(in rect: CGRect) { recording.append(.stroke(CGPath(ellipseIn: rect).elements)) }
    public func clear(_ rect: CGRect) { recording.append(.clear(rect)) }

    /// Draws `image` scaled into `rect` in Core Graphics' own y-up sense: inside `draw(_:)` or
    /// an image renderer (UIKit's y-down contexts) it shows upside down, as on iOS; `UIImage`'s
    /// `draw(in:)` draws it upright.
    public func draw(_ image: LayerImage, in rect: CGRect) { recording.append(.drawImage(image, rect, flipped: true)) }

    /// Records `image` drawn upright into `rect` (what `UIImage.draw(in:)` does).
    func drawUpright(_ image: LayerImage, in rect: CGRect) { recording.append(.drawImage(image, rect, flipped: false)) }

    /// The commands drawn so far (an image renderer rasterizes them).
    public var commands: DrawingRecording { recording }
}

/// Fill rules, as Core Graphics names them.
public enum CGPathFillRule: Int, Sendable { case winding, evenOdd }
