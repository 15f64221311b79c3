import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// Deep layer trees (docs/limits.md, "layer nesting"): every walk of the tree holds its depth on
/// any thread, and a Stage draws no deeper than `Limits.maximumDrawnLayerDepth`.
@Suite("deep layer trees")
struct NestedWalkTests {
    /// Runs `body` on a thread with a `bytes` stack and waits for it.
    static func onThread(stack bytes: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        done.wait()
    }

    /// A recursion that takes about 16 KB of stack a level.
    @inline(never)
    static func descend(_ levels: Int) -> Int {
        var scratch = [UInt8](repeating: 0, count: 1)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 << 10) { buffer in
            buffer.initialize(repeating: UInt8(levels & 0xFF))
            scratch[0] = buffer[levels % buffer.count]
            return levels == 0 ? Int(scratch[0]) : descend(levels - 1) + 1
        }
    }

    @Test("a walk deeper than its thread's stack holds runs on a stack that holds it, from a 256 KB thread")
    func walksFromSmallStacks() {
        let result = Mutex(0)
        Self.onThread(stack: 256 << 10) {
            // 300 levels of 16 KB: 4.8 MB, nineteen times the calling thread's stack.
            let depth = NestedWalk.run(levels: 300) { Self.descend(300) }
            result.withLock { $0 = depth }
        }
        #expect(result.withLock { $0 } == 300)
    }

    @Test("a walk on its own thread sees its caller's transaction context and hands back its error")
    func carriesThreadState() {
        let outer = TransactionContext.current
        let seen = NestedWalk.run(levels: 10_000) { TransactionContext.current === outer }
        #expect(seen)
        struct Refused: Error, Equatable {}
        #expect(throws: Refused.self) {
            try NestedWalk.run(levels: 10_000) { () throws(Refused) -> Int in throw Refused() }
        }
    }

    /// `depth` layers, each the only sublayer of the one before, the deepest red and 10 pt square.
    static func chain(_ depth: Int) -> (top: CALayer, deepest: CALayer) {
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        var deepest = top
        for _ in 1..<depth {
            let next = CALayer()
            next.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            deepest.addSublayer(next)
            deepest = next
        }
        deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        return (top, deepest)
    }

    @Test("a Stage snapshots a tree 2,000 levels deep on a 512 KB thread, drawing 288 levels and warning once")
    func drawsToTheLimit() {
        let outcome = Mutex<(depth: Int, warnings: [String])>((0, []))
        Self.onThread(stack: 512 << 10) {
            let stage = Stage(size: CGSize(width: 20, height: 20), scale: 1)
            let tree = Self.chain(2000)
            stage.rootLayer.addSublayer(tree.top)
            stage.advance(to: 0)
            let first = stage.snapshot()
            stage.advance(to: 0.1)
            _ = stage.snapshot()
            outcome.withLock { $0 = (first.root.nestingDepth, stage.warnings) }
        }
        let (depth, warnings) = outcome.withLock { $0 }
        #expect(depth == Limits.maximumDrawnLayerDepth)
        #expect(warnings.count == 1 && warnings[0].contains("layers deeper than \(Limits.maximumDrawnLayerDepth) levels are not drawn"))
    }

    @Test("the root, a 286-level chain and its deepest layer: all 288 levels are in the snapshot, nothing warned")
    func atTheLimit() {
        let stage = Stage(size: CGSize(width: 20, height: 20), scale: 1)
        let tree = Self.chain(Limits.maximumDrawnLayerDepth - 1)
        stage.rootLayer.addSublayer(tree.top)
        stage.advance(to: 0)
        var layer = stage.snapshot().root
        var levels = 1
        while let next = layer.sublayers.first {
            layer = next
            levels += 1
        }
        #expect(levels == Limits.maximumDrawnLayerDepth)
        #expect(layer.state.backgroundColor == RGBA(red: 1, green: 0, blue: 0, alpha: 1), "the deepest layer is drawn")
        #expect(stage.warnings.isEmpty)
    }

    @Test("nestingDepth counts sublayers, masks, replicator copies and a transition's picture")
    func snapshotDepth() {
        var leaf = LayerSnapshot(state: LayerState())
        var withMask = LayerSnapshot(state: LayerState())
        withMask.maskLayers = [leaf]
        leaf.sublayers = [withMask]
        var top = LayerSnapshot(state: LayerState())
        top.replicas = [[leaf]]
        #expect(top.nestingDepth == 4)
        top.transition = TransitionSnapshot(type: .fade, subtype: nil, progress: 0.5, picture: top)
        #expect(top.nestingDepth == 4)
        #expect(LayerSnapshot(state: LayerState()).nestingDepth == 1)
    }
}

/// A value shared with a test's thread.
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
