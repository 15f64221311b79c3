import Foundation

/// Runs a walk of the layer tree that recurses once per level of nesting where its stack holds
/// it, whatever thread calls it.
///
/// A level of the deepest walk (the painter's) takes about 23 KB of stack in a release build and
/// 60 KB in a debug one, so an 8 MiB thread stack holds about 130 to 350 levels, and a thread
/// made with a small stack far fewer. A walk runs where it is called when the calling thread's
/// stack has room for it (`ThreadStack`, with a margin for what the leaves call: Cairo, Pango);
/// otherwise it runs on a thread of its own whose stack holds `bytesPerLevel` a level (reserved,
/// not touched), while the caller waits. The caller's transaction context and frame budget go
/// with the walk, so it computes exactly what it would have computed in place. Files nesting
/// past `Limits.maximumLayerDepth` are refused and a Stage draws nothing past
/// `Limits.maximumDrawnLayerDepth`, so the stack asked for is bounded too.
package enum NestedWalk {
    /// Stack one level of the deepest walk may take where it is called.
    #if DEBUG
        static let inPlaceBytesPerLevel = 64 << 10
    #else
        static let inPlaceBytesPerLevel = 32 << 10
    #endif
    /// Stack left over for the leaves' own calls (text layout, path filling, image decoding).
    static let leafReserve = 1 << 20
    /// Stack reserved per level on a walk's own thread: twice the deepest walk's debug cost.
    package static let bytesPerLevel = 128 << 10

    /// `body`, run on a stack that holds `levels` levels of nesting.
    package static func run<T, E: Error>(levels: Int, _ body: () throws(E) -> T) throws(E) -> T {
        let needed = levels * inPlaceBytesPerLevel + leafReserve
        guard levels > 1, needed > ThreadStack.remainingBytes() ?? 0 else { return try body() }
        return try withoutActuallyEscaping(body) { (escapable) throws(E) -> T in
            let walk = Walk(body: escapable)
            let carried = CarriedThreadState()
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                carried.install()
                walk.run()
                done.signal()
            }
            let levels = min(levels, Limits.maximumDrawnLayerDepth + 32)
            thread.stackSize = levels * bytesPerLevel + (4 << 20)
            thread.start()
            done.wait()
            return try walk.result!.get()
        }
    }

    /// The walk and its result, handed to the walk's thread while the caller waits on it.
    private final class Walk<T, E: Error>: @unchecked Sendable {
        /// Let go of as soon as it has run: the caller's closure must not outlive the call.
        var body: (() throws(E) -> T)?
        var result: Result<T, E>?
        init(body: @escaping () throws(E) -> T) { self.body = body }
        func run() {
            guard let body else { return }
            self.body = nil
            do throws(E) { result = .success(try body()) } catch { result = .failure(error) }
        }
    }
}

/// The calling thread's per-thread engine state, installed on a walk's thread: the walk sees the
/// same transaction context (the Stage whose clock answers) and frame budget as its caller.
private final class CarriedThreadState: @unchecked Sendable {
    let transaction = TransactionContext.current
    let budget = SnapshotBudget.current

    func install() {
        TransactionContext.install(transaction)
        SnapshotBudget.install(budget)
    }
}
