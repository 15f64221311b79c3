import Foundation

/// A rectangle of content in a tree, with its geometry, appearance and animations.
open class CALayer: NSObject, CAMediaTiming {
    /// The model values (what the program set).
    package var modelState = LayerState()
    private(set) var attached: [AttachedAnimation] = []
    package weak var owningStage: Stage?
    /// A layer whose picture is animations held at a frame (a Lottie animation's): a model
    /// snapshot (`Stage.modelSnapshot`) draws it and its sublayers as presented.
    package var showsFrameInModelDrawings = false
    var isPendingCommit = false
    /// Whether a transaction holding this layer has committed (implicit animations need it).
    private(set) var isCommitted = false
    /// How the layer looked when last committed, kept from its first change since: the picture
    /// a transition added after the change leaves (timing-model.md 7.1).
    var lookAtLastCommit: (state: LayerState, content: LayerSnapshot.Content)?
    /// Drawn instead of `snapshotContent()` while a committed picture is taken (and the layer is
    /// not redisplayed then: its drawing would be of the reverted state, and kept).
    var contentOverride: LayerSnapshot.Content?
    /// Set on presentation copies.
    public private(set) weak var modelLayerReference: CALayer?

    public override init() {
        super.init()
        TransactionContext.current.noteChanged(self)
    }

    /// Copies the model values of `layer`, as Core Animation does for presentation copies: a
    /// built-in class's own settings too (a text layer's string, a shape layer's fill rule).
    public init(layer: Any) {
        super.init()
        if let other = layer as? CALayer {
            copyProperties(from: other)
            copyTypeSpecificProperties(from: other)
        }
    }

    public required init?(coder: NSCoder) {
        super.init()
        TransactionContext.current.noteChanged(self)
    }

    func copyProperties(from other: CALayer) {
        modelState = other.modelState
        name = other.name
        beginTime = other.beginTime
        speed = other.speed
        timeOffset = other.timeOffset
        contentsScale = other.contentsScale
        contentsGravity = other.contentsGravity
        magnificationFilter = other.magnificationFilter
        minificationFilter = other.minificationFilter
        minificationFilterBias = other.minificationFilterBias
        allowsGroupOpacity = other.allowsGroupOpacity
        compositingFilter = other.compositingFilter
        allowsEdgeAntialiasing = other.allowsEdgeAntialiasing
        edgeAntialiasingMask = other.edgeAntialiasingMask
        drawsAsynchronously = other.drawsAsynchronously
        contentsFormat = other.contentsFormat
    }

    // MARK: - Identity and timing

    open var name: String?
    open weak var delegate: (any CALayerDelegate)?
    /// Per-key action overrides; `NSNull()` disables the implicit animation for a key.
    open var actions: [String: any CAAction]?
    open var style: [AnyHashable: Any]?

    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    // MARK: - Geometry

    open var position: CGPoint {
        get { modelState.position }
        set { setModel(.position, .point(newValue)) }
    }
    open var bounds: CGRect {
        get { modelState.bounds }
        set { setModel(.bounds, .rect(newValue)) }
    }
    open var anchorPoint: CGPoint {
        get { modelState.anchorPoint }
        set { setModel(.anchorPoint, .point(newValue)) }
    }
    open var zPosition: CGFloat {
        get { modelState.zPosition }
        set { setModel(.zPosition, .number(newValue)) }
    }
    open var anchorPointZ: CGFloat {
        get { modelState.anchorPointZ }
        set { setModel(.anchorPointZ, .number(newValue)) }
    }
    open var transform: CATransform3D {
        get { modelState.transform }
        set { setModel(.transform, .transform(newValue)) }
    }
    open var sublayerTransform: CATransform3D {
        get { modelState.sublayerTransform }
        set { setModel(.sublayerTransform, .transform(newValue)) }
    }

    /// `affineTransform()` / `setAffineTransform(_:)`.
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The bounding box of the transformed bounds in the superlayer; setting it sets
    /// `position` and `bounds.size` (timing-model.md 12.1).
    open var frame: CGRect {
        get { LayerGeometry.frame(of: modelState) }
        set {
            let size = CGSize(width: newValue.width, height: newValue.height)
            let origin = newValue.standardized.origin
            position = CGPoint(x: origin.x + anchorPoint.x * abs(size.width), y: origin.y + anchorPoint.y * abs(size.height))
            bounds = CGRect(origin: bounds.origin, size: CGSize(width: abs(size.width), height: abs(size.height)))
        }
    }

    // MARK: - Appearance

    open var opacity: Float {
        get { Float(modelState.opacity) }
        set { setModel(.opacity, .number(Double(newValue))) }
    }
    open var isHidden: Bool {
        get { modelState.hidden }
        set { setModel(.hidden, .bool(newValue)) }
    }
    open var masksToBounds: Bool {
        get { modelState.masksToBounds }
        set { setModel(.masksToBounds, .bool(newValue)) }
    }
    open var isDoubleSided: Bool {
        get { modelState.doubleSided }
        set { setModel(.doubleSided, .bool(newValue)) }
    }
    open var cornerRadius: CGFloat {
        get { modelState.cornerRadius }
        set { setModel(.cornerRadius, .number(newValue)) }
    }
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// How rounded corners are drawn: a quarter circle, or iOS's smooth `.continuous` curve.
    open var cornerCurve: CALayerCornerCurve = .circular
    /// How much farther along each edge a corner of `curve` reaches than its radius (1.528665
    /// for `.continuous`).
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? ContinuousCorners.reach : 1
    }
    open var borderWidth: CGFloat {
        get { modelState.borderWidth }
        set { setModel(.borderWidth, .number(newValue)) }
    }
    open var backgroundColor: CGColor? {
        get { modelState.backgroundColor.map(CGColor.init) }
        set { setModel(.backgroundColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    open var borderColor: CGColor? {
        get { modelState.borderColor.map(CGColor.init) }
        set { setModel(.borderColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    open var shadowColor: CGColor? {
        get { modelState.shadowColor.map(CGColor.init) }
        set { setModel(.shadowColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    open var shadowOpacity: Float {
        get { Float(modelState.shadowOpacity) }
        set { setModel(.shadowOpacity, .number(Double(newValue))) }
    }
    open var shadowRadius: CGFloat {
        get { modelState.shadowRadius }
        set { setModel(.shadowRadius, .number(newValue)) }
    }
    open var shadowOffset: CGSize {
        get { modelState.shadowOffset }
        set { setModel(.shadowOffset, .size(newValue)) }
    }
    open var shadowPath: CGPath? {
        get { modelState.shadowPath.map { CGPath(elements: $0) } }
        set { setModel(.shadowPath, newValue.map { .path($0.elements) } ?? .none) }
    }
    /// The layer's image: a `LayerImage` (or `CGImage`) value.
    open var contents: Any? {
        get { modelState.contents }
        set { setModel(.contents, (newValue as? LayerImage).map(AnimatableValue.image) ?? .none) }
    }
    open var contentsRect: CGRect {
        get { modelState.contentsRect }
        set { setModel(.contentsRect, .rect(newValue)) }
    }
    /// The part of the contents (unit coordinates of what `contentsRect` selects) stretched when
    /// `contentsGravity` resizes them: the parts beside it stretch along it only and the corners
    /// keep their size (9-slice scaling; timing-model.md 12.12). Animatable.
    open var contentsCenter: CGRect {
        get { modelState.contentsCenter }
        set { setModel(.contentsCenter, .rect(newValue)) }
    }
    open var contentsGravity: CALayerContentsGravity = .resize
    /// The filter that enlarges the contents (`.linear` by default; `.nearest` keeps pixels
    /// square, as pixel art wants).
    open var magnificationFilter: CALayerContentsFilter = .linear
    /// The filter that shrinks the contents (`.linear` by default; `.trilinear` draws as linear).
    open var minificationFilter: CALayerContentsFilter = .linear
    /// Kept for the mipmaps `.trilinear` would pick; not drawn differently.
    open var minificationFilterBias: Float = 0
    /// Whether iOS's compositor smooths the edges of a layer turned or scaled off the pixel
    /// grid (false by default there); kept: Cairo smooths every edge, as iOS's `render(in:)`
    /// and snapshot tests draw them.
    open var allowsEdgeAntialiasing = false
    /// Which edges `allowsEdgeAntialiasing` smooths (all by default); kept.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
    /// Whether iOS queues the drawing commands of `draw(in:)` to run later; kept: a Stage draws
    /// them at the same instant either way.
    open var drawsAsynchronously = false
    /// The pixel format iOS stores drawn contents in; kept: Flipbook draws 8-bit RGBA.
    open var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    open var contentsScale: CGFloat = 1
    open var allowsGroupOpacity = true
    /// How the layer (with its sublayers) is composited onto what is behind it: a Core
    /// Animation filter name such as `"multiplyBlendMode"` or `"destinationOut"`
    /// (timing-model.md 12.7); nil composites normally (source over).
    open var compositingFilter: Any?
    /// The `compositingFilter` names the renderer composites with (timing-model.md 12.7).
    public static let compositingFilterNames = [
        "normalBlendMode", "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode",
        "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode", "differenceBlendMode",
        "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode", "xor", "sourceAtop",
        "destinationOver", "destinationOut", "plusL"
    ]
    open var needsDisplayOnBoundsChange = false
    open var isOpaque = false
    open var shouldRasterize = false
    open var rasterizationScale: CGFloat = 1

    // MARK: - Tree

    public private(set) weak var superlayer: CALayer?
    private var children: [CALayer] = []

    /// A tree is let go of level by level here: released the usual way, each layer's deinit would
    /// release its sublayers inside it, a few hundred bytes of stack a level.
    deinit {
        var pending = children + (mask.map { [$0] } ?? [])
        children = []
        mask = nil
        while var layer = pending.popLast() {
            guard isKnownUniquelyReferenced(&layer) else { continue }
            pending.append(contentsOf: layer.children)
            layer.children = []
            if let mask = layer.mask {
                pending.append(mask)
                layer.mask = nil
            }
        }
    }
    /// The sublayers, back to front; nil when there are none.
    open var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            for c in children { c.superlayer = nil }
            children = []
            for c in newValue ?? [] { addSublayer(c) }
            setNeedsLayout()
        }
    }
    /// A layer whose alpha masks this layer's content.
    open var mask: CALayer? {
        didSet {
            oldValue?.superlayer = nil
            mask?.removeFromSuperlayer()
            mask?.superlayer = self
            mask?.isMaskLayer = true
            if let m = mask, m.needsLayoutFlag || m.sublayerNeedsLayout { m.markAncestorsForLayout() }
        }
    }
    var isMaskLayer = false

    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(children.count)) }

    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        let i = min(Int(idx), children.count)
        children.insert(layer, at: i)
        layer.superlayer = self
        TransactionContext.current.noteChanged(layer)
        // Adding a sublayer asks its new superlayer for layout (timing-model.md 12.9).
        setNeedsLayout()
        if layer.needsLayoutFlag || layer.sublayerNeedsLayout { layer.markAncestorsForLayout() }
    }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        layer.removeFromSuperlayer()
        let i = sibling.flatMap { s in children.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(i))
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        layer.removeFromSuperlayer()
        let i = sibling.flatMap { s in children.firstIndex { $0 === s }.map { $0 + 1 } } ?? children.count
        insertSublayer(layer, at: UInt32(i))
    }

    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = children.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(i))
    }

    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if parent.mask === self {
            parent.mask = nil
            return
        }
        parent.children.removeAll { $0 === self }
        superlayer = nil
        parent.setNeedsLayout()
    }

    /// The Stage whose tree holds this layer, if any.
    public var stage: Stage? {
        var l: CALayer = self
        while let p = l.superlayer { l = p }
        return l.owningStage
    }

    /// Whether this layer is in `stage`'s tree (false without a Stage).
    func isAttached(to stage: Stage?) -> Bool { stage != nil && self.stage === stage }

    // MARK: - Layout (timing-model.md 12.9)

    /// Set by `setNeedsLayout()`, cleared just before `layoutSublayers()` runs.
    package var needsLayoutFlag = false
    /// A layer below this one needs layout: the layout walk goes down only such branches.
    var sublayerNeedsLayout = false

    /// Marks the layer's layout as out of date: `layoutSublayers()` runs at the next commit,
    /// or sooner at `layoutIfNeeded()`. Bounds size changes and sublayers added or removed call it.
    open func setNeedsLayout() {
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        markAncestorsForLayout()
        TransactionContext.current.noteNeedsLayout(self)
    }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out now what needs it: from the outermost superlayer in an unbroken chain of ones that
    /// need layout, the whole tree beneath, each layer before its sublayers.
    open func layoutIfNeeded() {
        var top = self
        while let parent = top.superlayer, parent.needsLayoutFlag { top = parent }
        top.layOutTree()
    }

    /// Places the sublayers; the default asks the delegate's `layoutSublayers(of:)` (a view's
    /// runs its `layoutSubviews()`).
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// The layer's preferred size in its superlayer's coordinates: its bounds' size.
    open func preferredFrameSize() -> CGSize { bounds.size }

    /// How a layout warning names the layer: its name, else its view's or its own class.
    var layoutDescription: String {
        if let name { return name }
        if let view = delegate { return String(describing: type(of: view)) }
        return String(describing: type(of: self))
    }

    /// Tells every superlayer that something below needs layout.
    func markAncestorsForLayout() {
        var layer = self
        while let parent = layer.superlayer, !parent.sublayerNeedsLayout {
            parent.sublayerNeedsLayout = true
            layer = parent
        }
    }

    /// Runs `layoutSublayers()` on this layer and every layer below that needs it, top-down
    /// (a layout that resizes a sublayer is followed by that sublayer's own), iteratively so
    /// deep trees cannot overflow the stack.
    func layOutTree() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.layoutSublayers()
            }
            guard layer.sublayerNeedsLayout else { continue }
            layer.sublayerNeedsLayout = false
            if let mask = layer.mask { pending.append(mask) }
            pending.append(contentsOf: layer.children.reversed())
        }
    }

    // MARK: - Drawing

    private(set) var needsDisplayFlag = false
    /// Recorded drawing from `draw(in:)`, cached until `setNeedsDisplay()` (issue: custom drawing).
    var drawnContent: DrawingRecording?
    var drawnContentSize: CGSize?

    open func setNeedsDisplay() { markNeedsDisplay() }
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay() }
    /// Marks the layer for `display()` at the next commit (or when the frame is taken).
    private func markNeedsDisplay() {
        if !needsDisplayFlag { TransactionContext.current.noteNeedsDisplay(self) }
        needsDisplayFlag = true
    }
    open func needsDisplay() -> Bool { needsDisplayFlag }
    open func displayIfNeeded() { if needsDisplayFlag { displayMarked() } }
    /// Clears the mark and calls `display()`, as Core Animation does (an override of
    /// `display()` that does not call super is not asked again until marked again).
    func displayMarked() {
        needsDisplayFlag = false
        display()
    }

    /// Records the layer's custom drawing (delegate's `display`/`draw`, or `draw(in:)`).
    open func display() {
        needsDisplayFlag = false
        let ctx = CGContext(size: bounds.size, scale: Double(contentsScale), yUp: !contentsAreFlipped())
        if let d = delegate { d.draw(self, in: ctx) }
        draw(in: ctx)
        drawnContent = ctx.hasDrawing ? ctx.recording : nil
        drawnContentSize = bounds.size
    }

    /// Override to draw the layer's content with Core Graphics calls.
    open func draw(in ctx: CGContext) {}

    /// Whether the layer's vertical axis is flipped for its sublayers (stored and read by
    /// `contentsAreFlipped()`, which decides the direction of `draw(in:)`'s context; the
    /// sublayers themselves are placed as if it were false: docs/porting.md).
    open var isGeometryFlipped = false

    /// Whether `draw(in:)` gets a context flipped from Core Graphics' y-up space: true on iOS,
    /// where UIKit's space runs down, unless an odd number of this layer and its ancestors
    /// flip their geometry (Core Text drawing checks it to draw upright).
    open func contentsAreFlipped() -> Bool {
        var flipped = true
        var layer: CALayer? = self
        while let current = layer {
            if current.isGeometryFlipped { flipped.toggle() }
            layer = current.superlayer
        }
        return flipped
    }

    /// Draws the layer and its sublayers into `ctx`, in the layer's own bounds space, with
    /// their model values (a presentation copy draws its model's tree as presented). As on
    /// iOS, a sublayer turned in 3D is drawn flat, as if it had no transform.
    open func render(in ctx: CGContext) {
        let context = TransactionContext.current
        let model = modelLayerReference ?? self
        let drawsModel = modelLayerReference == nil
        let previous = context.drawsModelValues
        context.drawsModelValues = drawsModel
        defer { context.drawsModelValues = previous }
        var snapshot = model.snapshot(at: context.now)
        let b = snapshot.state.bounds
        snapshot.state.position = CGPoint(
            x: b.minX + snapshot.state.anchorPoint.x * b.width, y: b.minY + snapshot.state.anchorPoint.y * b.height)
        snapshot.state.transform = CATransform3DIdentity
        snapshot.state.hidden = false
        ctx.appendCommand(.drawLayer(snapshot.flatteningThreeDTransforms()))
    }

    // MARK: - KVC

    open func value(forKey key: String) -> Any? {
        if let p = LayerProperty.named(key) { return modelState[p].bridged }
        switch key {
        case "frame": return frame
        case "name": return name
        case "speed": return speed
        case "beginTime": return beginTime
        case "timeOffset": return timeOffset
        default: return kvcStore[key]
        }
    }

    open func value(forKeyPath keyPath: String) -> Any? {
        if let kp = LayerKeyPath(keyPath) { return modelState.value(at: kp).bridged }
        return value(forKey: keyPath)
    }

    open func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if let kp = LayerKeyPath(keyPath), let v = AnimatableValue(bridging: value) {
            var s = modelState
            s.setValue(v, at: kp)
            setModel(kp.property, s[kp.property])
            return
        }
        switch keyPath {
        case "frame": if let r = value as? CGRect { frame = r }
        case "name": name = value as? String
        case "speed": if let n = AnimatableValue(bridging: value)?.number { speed = Float(n) }
        case "beginTime": if let n = AnimatableValue(bridging: value)?.number { beginTime = n }
        case "timeOffset": if let n = AnimatableValue(bridging: value)?.number { timeOffset = n }
        default: kvcStore[keyPath] = value
        }
    }
    private var kvcStore: [String: Any] = [:]

    open class func defaultValue(forKey key: String) -> Any? {
        LayerProperty.named(key).map { LayerState()[$0].bridged } ?? nil
    }

    /// Whether changes to `key` should redraw the layer.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: - Model changes and actions (timing-model.md 10)

    /// Sets a model value, then runs the action for its key, if any.
    package func setModel(_ property: LayerProperty, _ value: AnimatableValue) {
        let old = modelState[property]
        let ctx = TransactionContext.current
        let changed = old != value
        var action: (any CAAction)?
        if changed && !ctx.disableActions && owningStage == nil {
            if isCommitted {
                action = self.action(forKey: property.rawValue)
            } else if ctx.uiKitState?.asksDelegatesBeforeCommit == true, let d = delegate,
                let a = d.action(for: self, forKey: property.rawValue), !(a is NSNull)
            {
                // Inside a UIView block the view animates whatever its layer's commit state;
                // only a stand-alone layer's implicit action needs a committed layer (10.3, 11.1).
                action = a
            }
        }
        if changed { rememberCommittedLook() }
        modelState[property] = value
        if property == .bounds, changed, needsDisplayOnBoundsChange || drawnContent != nil || hasCustomDrawing {
            setNeedsDisplay()
        }
        if property == .bounds, case .rect(let before) = old, case .rect(let after) = value, before.size != after.size {
            setNeedsLayout()
        }
        ctx.noteChanged(self)
        action?.run(forKey: property.rawValue, object: self, arguments: nil)
    }

    /// Whether this layer's class or delegate draws custom content.
    var hasCustomDrawing: Bool { drawnContent != nil }

    /// The action for `event`: delegate, `actions`, `style`, the class default, then the
    /// implicit animation for animatable keys (timing-model.md 10.2, 10.3).
    open func action(forKey event: String) -> (any CAAction)? {
        if let d = delegate, let a = d.action(for: self, forKey: event) { return a is NSNull ? nil : a }
        if let a = actions?[event] { return a is NSNull ? nil : a }
        if let styleActions = style?["actions"] as? [String: any CAAction], let a = styleActions[event] {
            return a is NSNull ? nil : a
        }
        if let a = type(of: self).defaultAction(forKey: event) { return a is NSNull ? nil : a }
        return implicitAnimation(forKey: event)
    }

    /// Nil here; subclasses may return a class-wide action.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    /// A 0.25 s (transaction) animation from the current presentation value to the new modelState.
    func implicitAnimation(forKey event: String) -> CABasicAnimation? {
        guard let prop = LayerProperty.named(event), prop != .path, owningStage == nil else { return nil }
        let anim = CABasicAnimation(keyPath: event)
        let ctx = TransactionContext.current
        anim.fromValue = presentationState(at: ctx.now)[prop].bridged
        anim.duration = ctx.animationDuration
        anim.timingFunction = ctx.timingFunction ?? CAMediaTimingFunction(name: .default)
        return anim
    }

    // MARK: - Animations (timing-model.md 3)

    /// Adds a copy of `anim`; the same key replaces (and stops) the previous animation.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        // Core Animation files a transition under "transition", whatever key it is given (7.1).
        attach(anim, forKey: anim is CATransition ? kCATransition : key, extraGroups: [])
    }

    /// Adds a copy and counts it toward the given completion groups too (UIView blocks).
    @discardableResult
    package func attach(_ anim: CAAnimation, forKey key: String?, extraGroups: [CompletionGroup]) -> AttachedAnimation? {
        let ctx = TransactionContext.current
        // Timing that is not a number cannot be placed on the timeline: the animation is
        // ignored, as Core Animation ignores animations it cannot evaluate (docs/engine-notes.md).
        guard anim.hasFiniteTiming else { return nil }
        // copy(with:) directly: NSObject's copy() first asks whether the class conforms to
        // NSCopying, a scan of every conformance record for each new animation class.
        let copy = anim.copy(with: nil) as! CAAnimation
        copy.resolveDurations(default: ctx.animationDuration)
        if let transition = copy as? CATransition, transition.picture == nil {
            // The picture to transition from: this layer as last committed, whether the new
            // content was set before or after the transition was added (7.1).
            transition.picture = committedSnapshot(at: ctx.now)
        }
        if copy.timingFunction == nil, let tf = ctx.timingFunction { copy.timingFunction = tf }
        if let key { removeAnimation(forKey: key) }
        let record = AttachedAnimation(key: key, animation: copy, sequence: SequenceCounter.next())
        for g in ctx.activeCompletionGroups + extraGroups {
            g.register()
            record.completionGroups.append(g)
        }
        attached.append(record)
        ctx.noteChanged(self)
        return record
    }

    open func animation(forKey key: String) -> CAAnimation? {
        attached.first { $0.key == key }?.animation
    }

    open func animationKeys() -> [String]? {
        let keys = attached.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    open func removeAnimation(forKey key: String) {
        guard let i = attached.firstIndex(where: { $0.key == key }) else { return }
        let record = attached.remove(at: i)
        stopEarly(record)
    }

    open func removeAllAnimations() {
        let records = attached
        attached.removeAll()
        for r in records { stopEarly(r) }
    }

    /// Removes the animation under `key` as having run to its end (a property animator that
    /// reached its end removes the animations it drives): they stop with `finished = true`, as
    /// on iOS, where those animations complete.
    package func removeAnimationAsFinished(forKey key: String) {
        guard let record = attached.first(where: { $0.key == key }) else { return }
        if let stage = self.stage ?? TransactionContext.current.activeStage {
            stage.stopAsFinished(record, on: self)
        }
        attached.removeAll { $0 === record }
        stopEarly(record)  // only when no Stage took it: reports nothing twice
    }

    /// Reports `finished = false` for an animation removed before it stopped.
    private func stopEarly(_ record: AttachedAnimation) {
        guard !record.stopped else { return }
        record.stopped = true
        let ctx = TransactionContext.current
        let time = ctx.now
        let stage = self.stage ?? ctx.activeStage
        let reported = self.stage?.admitsEarlyStop(layer: self, key: record.key) ?? true
        if reported { self.stage?.recordEarlyStop(layer: self, key: record.key) }
        for g in record.completionGroups { g.animationStopped(finished: false, at: time, stage: stage) }
        if reported, let delegate = record.animation.delegate {
            let anim = record.animation
            if let stage {
                stage.enqueue(at: time) { delegate.animationDidStop(anim, finished: false) }
            } else {
                delegate.animationDidStop(anim, finished: false)
            }
        }
    }

    func detach(_ record: AttachedAnimation) {
        attached.removeAll { $0 === record }
    }

    var attachedAnimations: [AttachedAnimation] { attached }

    /// Keeps how the layer looked at its last commit, before its first change since.
    func rememberCommittedLook() {
        guard isCommitted, lookAtLastCommit == nil else { return }
        lookAtLastCommit = (modelState, snapshotContent())
        TransactionContext.current.noteChanged(self)
    }

    /// The layer and its sublayers at global `time` as last committed: changes made since
    /// (model values, a text layer's string) left out (timing-model.md 7.1).
    func committedSnapshot(at time: Double) -> LayerSnapshot {
        var changed: [(layer: CALayer, current: LayerState)] = []
        forEachInTree { layer in
            if let look = layer.lookAtLastCommit {
                changed.append((layer, layer.modelState))
                layer.modelState = look.state
                layer.contentOverride = look.content
            }
        }
        defer {
            for (layer, current) in changed {
                layer.modelState = current
                layer.contentOverride = nil
            }
        }
        return snapshot(at: time)
    }

    /// Called when the transaction holding this layer commits at global `time`.
    func commit(at time: Double) {
        lookAtLastCommit = nil
        isCommitted = true
        for r in attached where !r.beginResolved {
            r.animation.beginTime = convertTime(time, from: nil)
            r.beginResolved = true
        }
    }

    // MARK: - Presentation

    /// A copy of the layer with every animation applied at the current time; nil until the
    /// layer has been committed once (timing-model.md 3.3).
    open func presentation() -> Self? {
        guard isCommitted else { return nil }
        let copy = makePresentationInstance()
        copy.copyProperties(from: self)
        copy.copyTypeSpecificProperties(from: self)
        copy.modelState = presentationState(at: TransactionContext.current.now)
        copy.modelLayerReference = self
        return copy as? Self
    }

    /// The model layer of a presentation copy (itself for a model layer).
    open func model() -> Self { (modelLayerReference as? Self) ?? self }

    /// A fresh instance of the built-in class this layer presents as.
    func makePresentationInstance() -> CALayer { CALayer(layer: self) }
    func copyTypeSpecificProperties(from other: CALayer) {}
    /// The kind-specific part of a snapshot.
    package func snapshotContent() -> LayerSnapshot.Content { .plain }

    /// Model values plus every committed animation, at global time `time`.
    public func presentationState(at time: Double) -> LayerState {
        guard !attached.isEmpty else { return modelState }
        return presentationState(localTime: evaluationTime(forGlobal: time))
    }

    /// Model values plus every committed animation, at this layer's local time `local`.
    func presentationState(localTime local: Double) -> LayerState {
        guard !attached.isEmpty, !TransactionContext.current.drawsModelValues else { return modelState }
        var state = modelState
        for r in attached where r.beginResolved {
            r.animation.apply(to: &state, model: modelState, parentTime: local)
        }
        return state
    }

    /// The value the one animation on `keyPath` gives it now, unwrapped: an angle animated past
    /// π stays past π, where `presentation()` reads it back from the transform in (−π, π].
    /// Nil unless exactly one attached animation (not in a group) drives exactly that key path.
    public func animatedValue(forKeyPath keyPath: String) -> Any? {
        animatedValue(forKeyPath: keyPath, atTime: TransactionContext.current.now)
    }

    /// `animatedValue(forKeyPath:)` at global time `time`, with the animations attached now.
    public func animatedValue(forKeyPath keyPath: String, atTime time: Double) -> Any? {
        guard let wanted = LayerKeyPath(keyPath) else { return nil }
        let drivers = attached.filter {
            ($0.animation as? CAPropertyAnimation)?.parsedKeyPath.map { LayerKeyPath.same($0, wanted) } == true
        }
        guard drivers.count == 1, let record = drivers.first, record.beginResolved,
            let anim = record.animation as? CAPropertyAnimation
        else { return nil }
        var state = modelState
        // Animations added before it shape its underlying value.
        for r in attached where r.beginResolved {
            if r === record { break }
            r.animation.apply(to: &state, model: modelState, parentTime: evaluationTime(forGlobal: time))
        }
        return anim.animatedValue(state: state, model: modelState, parentTime: evaluationTime(forGlobal: time))?.bridged
    }

    /// The value at `keyPath` as presented at global time `time` with the animations attached
    /// now: the one animation's own value when one drives it (as `animatedValue`), else the
    /// presentation's. For sampling a curve more finely than frames (compare's overshoot and
    /// settling, sampled every millisecond whatever the frame rate).
    public func presentedValue(forKeyPath keyPath: String, atTime time: Double) -> Any? {
        guard let wanted = LayerKeyPath(keyPath) else { return nil }
        if let animated = animatedValue(forKeyPath: keyPath, atTime: time) { return animated }
        return presentationState(at: time).value(at: wanted).bridged
    }

    /// Local time for evaluating animations: the parent time is clamped to >= beginTime at
    /// each level (timing-model.md 1.6).
    func evaluationTime(forGlobal t: Double) -> Double {
        localTime(parentTime: superlayer?.evaluationTime(forGlobal: t) ?? t)
    }

    /// This layer's local time when its superlayer's local time is `parentTime`.
    func localTime(parentTime: Double) -> Double {
        (max(parentTime, beginTime) - beginTime) * Double(speed) + timeOffset
    }
}

extension CALayer {
    /// How traces and warnings name this layer: its `name`, else its view's type (or its own
    /// class) and its place in the tree, sublayer indices from the root (`UILabel@0.2`).
    public var traceName: String {
        if let name { return name }
        var indices: [Int] = []
        var layer: CALayer = self
        while let parent = layer.superlayer {
            indices.append(parent.sublayers?.firstIndex { $0 === layer } ?? 0)
            layer = parent
        }
        let kind = delegate.map { String(describing: type(of: $0)) } ?? String(describing: type(of: self))
        return kind + "@" + (indices.isEmpty ? "root" : indices.reversed().map(String.init).joined(separator: "."))
    }
}
