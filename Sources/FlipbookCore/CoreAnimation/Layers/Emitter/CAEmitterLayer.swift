import Foundation

/// Emitter shapes.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = Self(rawValue: "point"), line = Self(rawValue: "line"), rectangle = Self(rawValue: "rectangle")
    public static let circle = Self(rawValue: "circle"), cuboid = Self(rawValue: "cuboid"), sphere = Self(rawValue: "sphere")
}

/// Where on the shape particles start.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = Self(rawValue: "points"), outline = Self(rawValue: "outline")
    public static let surface = Self(rawValue: "surface"), volume = Self(rawValue: "volume")
}

/// How particles are composited.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = Self(rawValue: "unordered"), oldestFirst = Self(rawValue: "oldestFirst")
    public static let oldestLast = Self(rawValue: "oldestLast"), backToFront = Self(rawValue: "backToFront")
    public static let additive = Self(rawValue: "additive")
}

/// A particle emitter (timing-model.md 12.6). Particles are worked out from the time alone: the
/// same `seed` gives the same particles on every run and thread count.
open class CAEmitterLayer: CALayer {
    open var emitterCells: [CAEmitterCell]?
    /// Multiplies every cell's birth rate; changes take effect from the moment they are made.
    open var birthRate: Float = 1 { didSet { noteBirthRate() } }
    open var lifetime: Float = 1
    open var emitterPosition = CGPoint.zero
    open var emitterZPosition: CGFloat = 0
    open var emitterSize = CGSize.zero
    open var emitterDepth: CGFloat = 0
    open var emitterShape: CAEmitterLayerEmitterShape = .point
    open var emitterMode: CAEmitterLayerEmitterMode = .volume
    open var renderMode: CAEmitterLayerRenderMode = .unordered
    open var preservesDepth = false
    open var velocity: Float = 1
    open var scale: Float = 1
    open var spin: Float = 1
    open var seed: UInt32 = 0

    /// (local time, birth-rate multiplier) from then on; the first entry is set at the first commit.
    private(set) var rateHistory: [(time: Double, rate: Double)] = []

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func makePresentationInstance() -> CALayer { CAEmitterLayer(layer: self) }

    private func noteBirthRate() {
        guard !rateHistory.isEmpty else { return }
        let now = convertTime(TransactionContext.current.now, from: nil)
        rateHistory.removeAll { $0.time >= now }
        rateHistory.append((now, Double(birthRate)))
    }

    override func commit(at time: Double) {
        if rateHistory.isEmpty { rateHistory = [(convertTime(time, from: nil), Double(birthRate))] }
        super.commit(at: time)
    }

    package override func snapshotContent() -> LayerSnapshot.Content {
        .emitter(EmitterStyle(renderMode: renderMode))
    }

    /// The particles alive at this layer's local time `local`.
    func particles(localTime local: Double) -> [ParticleSnapshot] {
        guard !rateHistory.isEmpty, let cells = emitterCells else { return [] }
        let emitter = EmitterSettings(
            position: emitterPosition, size: emitterSize, shape: emitterShape, mode: emitterMode,
            lifetime: Double(lifetime), velocity: Double(velocity), scale: Double(scale),
            spin: Double(spin), seed: seed)
        // Every emitter of a frame shares one count (500 emitters at their own cap were 10 M
        // particles a frame): past it, later emitters get what is left, and the Stage warns once.
        let budget = SnapshotBudget.current
        let out = EmitterSimulation(emitter: emitter, cells: cells.map(\.settings), rateHistory: rateHistory)
            .particles(at: local, renderMode: renderMode, limit: budget.particles)
        budget.particles -= out.count
        if budget.particles <= 0, out.count < EmitterSimulation.maximumParticles {
            stage?.warnOnce(
                "particles per frame",
                "more than \(Limits.maximumParticlesDrawnPerFrame) emitter particles alive in one frame "
                    + "across all emitters; emitters past them show fewer")
        }
        return out
    }
}

/// The emitter's own settings for the simulation.
struct EmitterSettings {
    var position: CGPoint
    var size: CGSize
    var shape: CAEmitterLayerEmitterShape
    var mode: CAEmitterLayerEmitterMode
    var lifetime, velocity, scale, spin: Double
    var seed: UInt32
}
