import Dispatch
import Foundation

/// Main-queue work on the Stage clock from any thread. A Stage driven from the main thread runs
/// `DispatchQueue.main.async` blocks itself (`Stage.runsMainQueue`); off the main thread (Swift
/// Testing's tests) the real main queue runs elsewhere, racing the Stage, and a module cannot
/// replace Dispatch's queue type without making every `DispatchQueue` in ported code ambiguous
/// (tried: Swift has no type-level shadowing between modules). There the port takes one edit:
///
///     DispatchQueue.main.async { … }                       →  DispatchQueue.main.stageAsync { … }
///     DispatchQueue.main.asyncAfter(deadline: .now() + d)  →  DispatchQueue.main.stageAsyncAfter(d)
///
/// The block runs on the Stage the calling thread is driving, at the instant it was queued,
/// after the event that queued it, in order with other events of that instant (as on a device,
/// one run-loop turn later, before the next frame). Without a Stage on the thread it falls
/// back to Dispatch (`async` / `asyncAfter` on this queue).
///
/// The blocks are not `@Sendable`: on a Stage they run on the thread that queued them, as
/// main-queue blocks run on the main thread that UIKit code queues them from.
extension DispatchQueue {
    public func stageAsync(execute work: @escaping () -> Void) {
        if let stage = Stage.current { stage.schedule(at: stage.now, work); return }
        let unchecked = UncheckedBlock(work)
        async { unchecked.run() }
    }

    /// Runs `work` `delay` seconds of Stage time from now (wall-clock seconds without a Stage).
    public func stageAsyncAfter(_ delay: TimeInterval, execute work: @escaping () -> Void) {
        if let stage = Stage.current { stage.schedule(at: stage.now + max(0, delay), work); return }
        let unchecked = UncheckedBlock(work)
        asyncAfter(deadline: .now() + max(0, delay)) { unchecked.run() }
    }
}

/// A block handed to Dispatch as it would be from Objective-C: the caller vouches for it.
private struct UncheckedBlock: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
