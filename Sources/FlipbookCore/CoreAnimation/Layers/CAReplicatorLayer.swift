import Foundation

/// A layer that draws its sublayers `instanceCount` times, each copy transformed, recoloured
/// and delayed a step further than the one before (timing-model.md 12.5). The copies exist only
/// in the drawing: the model holds the sublayers once.
open class CAReplicatorLayer: CALayer {
    /// Copies drawn, the original included (default 1). Animatable; a fraction is rounded down.
    open var instanceCount: Int {
        get { Self.drawnCount(modelState.instanceCount) }
        set { setModel(.instanceCount, .number(Double(newValue))) }
    }
    /// Seconds by which each copy's animations run later than the copy before it. Animatable.
    open var instanceDelay: CFTimeInterval {
        get { modelState.instanceDelay }
        set { setModel(.instanceDelay, .number(newValue)) }
    }
    /// The transform that takes one copy to the next, about the replicator's anchor. Animatable.
    open var instanceTransform: CATransform3D {
        get { modelState.instanceTransform }
        set { setModel(.instanceTransform, .transform(newValue)) }
    }
    /// Multiplies the colours of every copy (default opaque white). Animatable.
    open var instanceColor: CGColor? {
        get { modelState.instanceColor.map(CGColor.init) }
        set { setModel(.instanceColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    /// Added to the red multiplier once per copy. Animatable.
    open var instanceRedOffset: Float {
        get { Float(modelState.instanceRedOffset) }
        set { setModel(.instanceRedOffset, .number(Double(newValue))) }
    }
    /// Added to the green multiplier once per copy. Animatable.
    open var instanceGreenOffset: Float {
        get { Float(modelState.instanceGreenOffset) }
        set { setModel(.instanceGreenOffset, .number(Double(newValue))) }
    }
    /// Added to the blue multiplier once per copy. Animatable.
    open var instanceBlueOffset: Float {
        get { Float(modelState.instanceBlueOffset) }
        set { setModel(.instanceBlueOffset, .number(Double(newValue))) }
    }
    /// Added to the alpha multiplier once per copy. Animatable.
    open var instanceAlphaOffset: Float {
        get { Float(modelState.instanceAlphaOffset) }
        set { setModel(.instanceAlphaOffset, .number(Double(newValue))) }
    }
    /// Draw the copies back to front by depth rather than in index order (timing-model.md 12.5).
    open var preservesDepth = false

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func makePresentationInstance() -> CALayer { CAReplicatorLayer(layer: self) }
    override func copyTypeSpecificProperties(from other: CALayer) {
        guard let o = other as? CAReplicatorLayer else { return }
        preservesDepth = o.preservesDepth
    }
    package override func snapshotContent() -> LayerSnapshot.Content { .replicator(ReplicatorStyle(preservesDepth: preservesDepth)) }

    /// Copies beyond this are not drawn: bad input must not make a frame take minutes.
    public static let maximumInstances = 10_000
    /// Copies drawn in one frame by all replicators together, nesting included.
    public static let maximumCopiesPerFrame = 20_000

    /// A model count as a drawable number of copies: rounded down, 0 for NaN or less, at most
    /// `maximumInstances`.
    public static func drawnCount(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(max(0, min(value.rounded(.down), Double(maximumInstances))))
    }

    /// The sublayers of copies 1…n−1 when they run at different times (12.5): each sublayer of
    /// copy i is `i × instanceDelay` behind its own time in copy 0.
    func replicaSnapshots(state: LayerState, localTime local: Double, levels: Int) -> [[LayerSnapshot]] {
        let n = Self.drawnCount(state.instanceCount)
        guard n > 1, state.instanceDelay != 0, state.instanceDelay.isFinite, sublayers != nil else { return [] }
        var out: [[LayerSnapshot]] = []
        for i in 1..<n {
            // Nested replicators with delays multiply snapshots: share one budget per frame.
            guard SnapshotBudget.current.take() else { break }
            out.append(sublayerSnapshots(localTime: local, delay: Double(i) * state.instanceDelay, levels: levels))
        }
        return out
    }
}

extension LayerState {
    /// The colour multiplier of replicator copy `index`: instanceColor plus `index` offsets per
    /// component, each clamped to 0…1 (timing-model.md 12.5).
    public func instanceColorMultiplier(at index: Int) -> RGBA {
        let base = instanceColor ?? RGBA(red: 1, green: 1, blue: 1, alpha: 1)
        func channel(_ v: Double, _ offset: Double) -> Double {
            let x = v + Double(index) * offset
            return x.isFinite ? min(1, max(0, x)) : 0
        }
        return RGBA(
            red: channel(base.red, instanceRedOffset), green: channel(base.green, instanceGreenOffset),
            blue: channel(base.blue, instanceBlueOffset), alpha: channel(base.alpha, instanceAlphaOffset))
    }
}

/// Replica snapshots one frame may still make (per thread: a snapshot is taken on one thread).
final class SnapshotBudget {
    private static let perThread = ThreadLocal<SnapshotBudget>()
    var remaining = CAReplicatorLayer.maximumCopiesPerFrame
    /// Emitter particles the frame may still hold, all emitters together.
    var particles = Limits.maximumParticlesDrawnPerFrame

    static var current: SnapshotBudget { perThread.value { SnapshotBudget() } }

    /// Makes `budget` the calling thread's (a nested walk's thread takes its caller's).
    static func install(_ budget: SnapshotBudget) { perThread.set(budget) }

    /// Starts a new frame's budget.
    static func reset() {
        current.remaining = CAReplicatorLayer.maximumCopiesPerFrame
        current.particles = Limits.maximumParticlesDrawnPerFrame
    }

    func take() -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
    }
}
