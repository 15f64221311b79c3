import FlipbookCore
import Foundation

/// What one frame may cost to draw, whatever the scene asks: replicator copies, emitter
/// particles, path elements and shadow blur area, each counted across the whole frame (nested
/// replicators and replicated emitters included). Past a bound, what is left of that kind is
/// not drawn in this frame, and the render warns once (`DrawLimitLog`); the frame stays bounded
/// in time and memory (docs/limits.md, "One frame").
final class FrameWork {
    enum Kind: String, Sendable, CaseIterable {
        case copies, particles, pathElements, shadowPixels, paintedPixels

        /// What the warning says was left out.
        func message(limit: Int) -> String {
            switch self {
            case .copies: return "more than \(limit) replicator copies in one frame; the rest are not drawn"
            case .particles: return "more than \(limit) emitter particles drawn in one frame; the rest are not drawn"
            case .pathElements: return "more than \(limit) path elements drawn in one frame; the paths past them are not drawn"
            case .shadowPixels: return "shadows blur more than \(limit) pixels in one frame; the shadows past them are not drawn"
            case .paintedPixels: return "layers paint more than \(limit) pixels in one frame; the layers past them are not drawn"
            }
        }

        var limit: Int {
            switch self {
            case .copies: return CAReplicatorLayer.maximumCopiesPerFrame
            case .particles: return Limits.maximumParticlesDrawnPerFrame
            case .pathElements: return Limits.maximumPathElementsDrawnPerFrame
            case .shadowPixels: return Limits.maximumShadowPixelsPerFrame
            case .paintedPixels: return Limits.maximumPaintedPixelsPerFrame
            }
        }
    }

    private var remaining: [Kind: Int]
    private(set) var exceeded: Set<Kind> = []

    /// The bounds of `Kind.limit`, or `bounds` where it names one (tests reach them cheaply).
    init(bounds: [Kind: Int] = [:]) {
        remaining = Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, bounds[$0] ?? $0.limit) })
    }

    /// What is left of `kind`.
    func remaining(_ kind: Kind) -> Int { remaining[kind, default: 0] }

    /// Takes `amount` of `kind` if that much is left; false (and remembered) when it is not.
    func take(_ kind: Kind, _ amount: Int = 1) -> Bool {
        let left = remaining[kind, default: 0]
        guard amount <= left else {
            remaining[kind] = 0
            exceeded.insert(kind)
            return false
        }
        remaining[kind] = left - amount
        return true
    }
}

/// The bounds frames of one render ran into, gathered from every thread that drew them.
public final class DrawLimitLog: @unchecked Sendable {
    // Written by the threads drawing frames, read after the render: guarded by `lock`.
    private let lock = NSLock()
    private var kinds: Set<FrameWork.Kind> = []
    /// Bounds other than the defaults, for tests.
    let bounds: [FrameWork.Kind: Int]

    public init() { bounds = [:] }

    init(bounds: [FrameWork.Kind: Int]) { self.bounds = bounds }

    func record(_ work: FrameWork) {
        guard !work.exceeded.isEmpty else { return }
        lock.withLock { kinds.formUnion(work.exceeded) }
    }

    /// One message per bound reached, in a fixed order.
    public var messages: [String] {
        let reached = lock.withLock { kinds }
        return FrameWork.Kind.allCases.filter(reached.contains).map { $0.message(limit: bounds[$0] ?? $0.limit) }
    }
}
