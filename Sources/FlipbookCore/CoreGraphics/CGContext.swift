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
    /// How later drawing combines with what is there (`setBlendMode`).
    case setBlendMode(CGBlendMode)
    /// Whether later drawing smooths its edges (`setShouldAntialias`, `setAllowsAntialiasing`).
    case setAntialias(Bool)
    /// A gradient painted over the clipping area (`drawLinearGradient`, `drawRadialGradient`).
    case drawGradient(GradientDrawing)
    /// Later drawing shows through the image's grey values, placed in the rectangle as
    /// `drawImage` places a flipped image, until the state it was set in is restored.
    case clipToMask(LayerImage, CGRect)
    /// Core Text's frame drawn: text laid out in the rectangle, y up (`CTFrameDraw`).
    case drawText(TextDrawing)
    /// A layer tree drawn in its own bounds space (`CALayer.render(in:)`).
    case drawLayer(LayerSnapshot)
}

/// A recorded list of drawing commands (a layer's custom content).
public typealias DrawingRecording = [DrawingCommand]

/// How `drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }

/// Core Graphics' drawing context, recording calls for the Cairo renderer.
public final class CGContext {
    private(set) var recording: DrawingRecording = []
    private var currentPath = CGMutablePath()
    /// The graphics state stack (`saveGState` pushes a copy); never empty.
    private var states: [GraphicsState] = [GraphicsState()]
    /// The size of the area being drawn, in points.
    public let size: CGSize
    /// User space at the start (points) to device space (pixels, y up), as Core Graphics
    /// reports it in `ctm`: a layer's or an image renderer's context is scaled and flipped.
    let base: CGAffineTransform
    /// Pixels across and down (0 for a context that is no bitmap).
    public let width: Int
    public let height: Int
    /// Commands the context starts with (its own flip), not drawing of the caller's.
    private var preambleCount = 0
    /// Whether anything was drawn.
    var hasDrawing: Bool { recording.count > preambleCount }
    /// The memory a bitmap context writes its pixels to (nil for other contexts).
    var bitmap: BitmapTarget?

    public init(size: CGSize) {
        self.size = size
        base = .identity
        width = 0
        height = 0
        states[0].clipBox = CGRect(origin: .zero, size: size)
    }

    /// A context drawn into a bitmap of `size` points at `scale` pixels a point, as iOS sets
    /// up a layer's `draw(in:)` or an image renderer's: UIKit's y-down user space, or Core
    /// Graphics' own y-up one when `yUp` (a layer whose `contentsAreFlipped()` is false).
    package init(size: CGSize, scale: Double, yUp: Bool = false) {
        self.size = size
        let s = scale.isFinite && scale > 0 ? scale : 1
        width = Self.pixels(size.width * s)
        height = Self.pixels(size.height * s)
        if yUp {
            base = CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: 0, ty: 0)
            // The renderer plays recordings y down: the flip comes first, outside user space.
            recording = [.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: size.height))]
            preambleCount = 1
        } else {
            base = CGAffineTransform(a: s, b: 0, c: 0, d: -s, tx: 0, ty: Double(height))
        }
        states[0].clipBox = CGRect(origin: .zero, size: size)
    }

    /// A bitmap context's own: y up from its bottom-left corner, one unit a pixel.
    init(bitmapWidth: Int, height: Int) {
        width = bitmapWidth
        self.height = height
        size = CGSize(width: bitmapWidth, height: height)
        base = .identity
        states[0].clipBox = CGRect(origin: .zero, size: size)
    }

    static func pixels(_ length: Double) -> Int { length.isFinite && length > 0 ? Int(min(1e9, length.rounded(.up))) : 0 }

    /// The current graphics state (the extensions' settings live in it).
    var state: GraphicsState {
        get { states[states.count - 1] }
        set { states[states.count - 1] = newValue }
    }
    private var transform: CGAffineTransform { state.transform }

    // MARK: State
    public func saveGState() {
        recording.append(.saveState)
        states.append(state)
    }
    public func restoreGState() {
        guard states.count > 1 else { return }
        recording.append(.restoreState)
        states.removeLast()
    }
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }
    public func concatenate(_ t: CGAffineTransform) {
        state.transform = t.concatenating(transform)
        recording.append(.concatenate(t))
    }
    /// The user-space transform concatenated so far (without the device's scale and flip).
    public var ctmTransform: CGAffineTransform { transform }
    /// The current transformation matrix: user space to device space (pixels, y up), as Core
    /// Graphics reports it.
    public var ctm: CGAffineTransform { transform.concatenating(base) }
    /// The bounding box of the clipping area, in user space.
    public var boundingBoxOfClipPath: CGRect {
        state.clipBox.isNull ? .zero : state.clipBox.applying(transform.inverted())
    }
    /// The transform from text space to user space that Core Text's drawing applies to glyphs
    /// (not part of the graphics state, as in Core Graphics).
    public var textMatrix = CGAffineTransform.identity

    func appendCommand(_ command: DrawingCommand) { recording.append(command) }

    /// The path being built, in user space; nil when it is empty.
    public var path: CGPath? { currentPath.isEmpty ? nil : CGPath(elements: currentPath.elements) }

    public func setFillColor(_ color: CGColor) { recording.append(.setFillColor(color.rgba)) }
    public func setStrokeColor(_ color: CGColor) { recording.append(.setStrokeColor(color.rgba)) }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        recording.append(.setFillColor(RGBA(red: red, green: green, blue: blue, alpha: alpha)))
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        recording.append(.setStrokeColor(RGBA(red: red, green: green, blue: blue, alpha: alpha)))
    }
    public func setLineWidth(_ width: CGFloat) {
        state.lineWidth = width
        recording.append(.setLineWidth(width))
    }
    public func setLineCap(_ cap: CGLineCap) {
        state.lineCap = cap
        recording.append(.setLineCap(cap))
    }
    public func setLineJoin(_ join: CGLineJoin) {
        state.lineJoin = join
        recording.append(.setLineJoin(join))
    }
    public func setMiterLimit(_ limit: CGFloat) {
        state.miterLimit = limit
        recording.append(.setMiterLimit(limit))
    }
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.dash = lengths.contains(where: { $0 > 0 }) ? (phase, lengths) : nil
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
        narrowClip(to: currentPath.boundingBox)
        recording.append(.clip(currentPath.elements, evenOdd: rule == .evenOdd))
        beginPath()
    }
    /// Intersects the clipping area with `rect` (user space).
    public func clip(to rect: CGRect) {
        narrowClip(to: rect)
        recording.append(.clip(CGPath(rect: rect).elements, evenOdd: false))
    }
    /// Records the clip's new bounding box (kept in the context's initial space).
    func narrowClip(to userRect: CGRect) {
        let box = userRect.isNull ? CGRect.null : userRect.applying(transform)
        state.clipBox = state.clipBox.intersection(box)
    }
    /// Replaces the path with the outline its stroke would paint, with the current line
    /// width, cap, join, miter limit and dash, as Core Graphics does.
    public func replacePathWithStrokedPath() {
        var source: CGPath = currentPath
        if let dash = state.dash { source = source.copy(dashingWithPhase: dash.phase, lengths: dash.lengths) }
        let outline = source.copy(
            strokingWithWidth: state.lineWidth, lineCap: state.lineCap, lineJoin: state.lineJoin, miterLimit: state.miterLimit)
        currentPath = CGMutablePath()
        currentPath.addPath(outline)
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
    package func drawUpright(_ image: LayerImage, in rect: CGRect) { recording.append(.drawImage(image, rect, flipped: false)) }

    /// The commands drawn so far (an image renderer rasterizes them).
    public var commands: DrawingRecording { recording }
}

/// Fill rules, as Core Graphics names them.
public enum CGPathFillRule: Int, Sendable { case winding, evenOdd }
