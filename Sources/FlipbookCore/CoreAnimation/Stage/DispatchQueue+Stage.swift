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
        if let stage = Stage.current {
            stage.schedule(at: stage.now, work)
            return
        }
        let unchecked = UncheckedBlock(work)
        async { unchecked.run() }
    }

    /// Runs `work` `delay` seconds of Stage time from now (wall-clock seconds without a Stage).
    public func stageAsyncAfter(_ delay: TimeInterval, execute work: @escaping () -> Void) {
        if let stage = Stage.current {
            stage.schedule(at: stage.now + max(0, delay), work)
            return
        }
        let unchecked = UncheckedBlock(work)
        asyncAfter(deadline: .now() + max(0, delay)) { unchecked.run() }
    }
}

/// A block handed to Dispatch as it would be from Objective-C: the caller vouches for it.
private struct UncheckedBlock: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

// `DispatchQueue.main.async { … }` and `.asyncAfter(deadline: .now() + 0.3) { … }` as iOS code
// writes them: Swift prefers these overloads (fewer parameters) to Dispatch's whenever the
// closure type-checks for both, so ported calls need no edit. On a thread driving a Stage,
// main-queue work runs on the Stage clock; other queues run work as Dispatch does. Work a
// background queue was given by Stage code and that then queues main-queue work cannot be
// placed on the Stage clock (it finishes whenever the machine gets to it): the Stage warns
// once, on standard error and in its warnings.
extension DispatchQueue {
    /// Main-queue work from Stage code runs on the Stage at this instant, after the event that
    /// queued it.
    public func async(execute work: @escaping () -> Void) {
        if isMain, let stage = Stage.current {
            stage.schedule(at: stage.now, work)
            return
        }
        let block = UncheckedBlock(Self.carryingStageOrigin(work, forMainQueue: isMain))
        async(group: nil, qos: .unspecified, flags: [], execute: { block.run() })
    }

    /// Main-queue work from Stage code runs on the Stage `deadline − now` seconds of Stage time
    /// later. The delay is read to the millisecond: the wall-clock moment between `.now()` and
    /// this call is not part of it, so the same code gives the same frames on any machine.
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
        if isMain, let stage = Stage.current {
            guard deadline != .distantFuture else { return }
            stage.schedule(at: stage.now + Self.stageDelay(until: deadline), work)
            return
        }
        let block = UncheckedBlock(Self.carryingStageOrigin(work, forMainQueue: isMain))
        asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: { block.run() })
    }

    /// Seconds from now until `deadline`, rounded to the millisecond (never negative).
    static func stageDelay(until deadline: DispatchTime, now: DispatchTime = .now()) -> Double {
        let nanoseconds = deadline.uptimeNanoseconds > now.uptimeNanoseconds ? deadline.uptimeNanoseconds - now.uptimeNanoseconds : 0
        return (Double(nanoseconds) / 1_000_000).rounded() / 1000
    }

    private var isMain: Bool { label == DispatchQueue.main.label }

    private static let stageOrigin = ThreadLocal<OffClockReports>()

    /// `work` as handed to Dispatch: background work queued by Stage code remembers the Stage,
    /// so main-queue work it queues in turn is reported; main-queue work queued off the Stage
    /// by such background work is that report.
    private static func carryingStageOrigin(_ work: @escaping () -> Void, forMainQueue: Bool) -> () -> Void {
        let origin = Stage.current?.offClockReports ?? Self.stageOrigin.current
        guard let origin else { return work }
        if forMainQueue {
            origin.report(
                "main-queue work was queued from a background queue that Stage code started: it runs when the "
                    + "machine gets to it, not at a Stage instant, so frames depend on the machine's speed "
                    + "(queue it from Stage code, or compute the result before the Stage runs; docs/porting.md)")
            return work
        }
        return {
            // Background work is not Stage code, whatever Stage last ran on this pooled thread:
            // a Stage left current here would take its main-queue work as its own.
            let context = TransactionContext.current
            let leftOver = context.activeStage
            context.activeStage = nil
            Self.stageOrigin.set(origin)
            work()
            Self.stageOrigin.set(nil)
            context.activeStage = leftOver
        }
    }
}

/// Warnings reported from other threads about a Stage's work, kept until the Stage (on its own
/// thread) moves them into its warnings; each message is reported once, also on standard error.
final class OffClockReports: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String] = []
    private var reported: Set<String> = []

    func report(_ message: String) {
        lock.lock()
        let first = reported.insert(message).inserted
        if first { pending.append(message) }
        lock.unlock()
        if first { FileHandle.standardError.write(Data("warning: \(message)\n".utf8)) }
    }

    func take() -> [String] {
        lock.lock()
        defer {
            pending = []
            lock.unlock()
        }
        return pending
    }
}
