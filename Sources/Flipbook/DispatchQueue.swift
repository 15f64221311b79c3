import Dispatch
import FlipbookCore
import Foundation

/// `DispatchQueue` as ported code sees it with `import Flipbook`: Dispatch's queue, except that
/// blocks queued on the **main** queue from a thread that is driving a Stage run on that Stage,
/// at the instant they were queued, after the event that queued them, in order (a library that
/// defers its state changes with `DispatchQueue.main.async` changes state inside a render, as it
/// would on a device one run-loop turn later). On Linux the real main queue runs only when
/// something spins `RunLoop.main` (or, under `dispatchMain()`, on another thread, racing the
/// Stage), so it never fits a render.
///
/// This type shadows Dispatch's for code that imports Flipbook (a module's own declarations
/// win over those of the modules it imports). Everything else forwards to `underlying`, the real
/// queue; pass `queue.underlying` where an API wants Dispatch's own type (`DispatchSource`,
/// `OperationQueue.underlyingQueue`). `asyncAfter` on the main queue stays on the wall clock,
/// which a render does not follow: move it to the Stage clock with
/// `stage.schedule(at: CACurrentMediaTime() + delay) { … }`; the Stage records a warning when a
/// main-queue `asyncAfter` is queued while it runs.
public final class DispatchQueue: @unchecked Sendable, CustomStringConvertible {
    public typealias Attributes = Dispatch.DispatchQueue.Attributes
    public typealias AutoreleaseFrequency = Dispatch.DispatchQueue.AutoreleaseFrequency
    public typealias GlobalQueuePriority = Dispatch.DispatchQueue.GlobalQueuePriority

    /// The real queue.
    public let underlying: Dispatch.DispatchQueue
    private let isMain: Bool

    private init(_ queue: Dispatch.DispatchQueue, isMain: Bool) {
        underlying = queue
        self.isMain = isMain
    }

    /// A new queue, as Dispatch makes it.
    public convenience init(label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
                            autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil) {
        self.init(Dispatch.DispatchQueue(label: label, qos: qos, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency,
                                         target: target?.underlying), isMain: false)
    }

    /// The main queue: on a thread driving a Stage, its blocks run on the Stage.
    public static let main = DispatchQueue(Dispatch.DispatchQueue.main, isMain: true)

    public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
        DispatchQueue(Dispatch.DispatchQueue.global(qos: qos), isMain: false)
    }

    public var label: String { underlying.label }
    public var qos: DispatchQoS { underlying.qos }
    public var description: String { "DispatchQueue(\(label))" }

    /// The Stage this thread is driving, when the block belongs on it.
    private var stage: Stage? { isMain ? Stage.current : nil }

    public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                      execute work: @escaping @Sendable @convention(block) () -> Void) {
        if let stage {
            group?.enter()
            stage.schedule(at: stage.now) {
                work()
                group?.leave()
            }
        } else {
            underlying.async(group: group, qos: qos, flags: flags, execute: work)
        }
    }

    public func async(execute workItem: DispatchWorkItem) {
        if let stage { stage.schedule(at: stage.now) { workItem.perform() } } else { underlying.async(execute: workItem) }
    }

    public func async(group: DispatchGroup, execute workItem: DispatchWorkItem) {
        if let stage {
            group.enter()
            stage.schedule(at: stage.now) { workItem.perform(); group.leave() }
        } else {
            underlying.async(group: group, execute: workItem)
        }
    }

    public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable @convention(block) () -> Void) {
        warnWallClock()
        underlying.asyncAfter(deadline: deadline, qos: qos, flags: flags, execute: work)
    }

    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        warnWallClock()
        underlying.asyncAfter(deadline: deadline, execute: workItem)
    }

    public func asyncAfter(wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable @convention(block) () -> Void) {
        warnWallClock()
        underlying.asyncAfter(wallDeadline: wallDeadline, qos: qos, flags: flags, execute: work)
    }

    private func warnWallClock() {
        stage?.warnOnce("DispatchQueue.main.asyncAfter runs on the wall clock, which a render does not follow; "
                        + "use stage.schedule(at: CACurrentMediaTime() + delay) { … } (docs/engine-notes.md)")
    }

    /// Runs `work` now: on the main queue of a thread driving a Stage, inline (that thread is
    /// the Stage's main thread), else as Dispatch does.
    public func sync(execute work: () -> Void) {
        if stage != nil { work() } else { underlying.sync(execute: work) }
    }

    public func sync<T>(execute work: () throws -> T) rethrows -> T {
        if stage != nil { return try work() }
        return try underlying.sync(execute: work)
    }

    public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T {
        if stage != nil { return try work() }
        return try underlying.sync(flags: flags, execute: work)
    }

    public func sync(execute workItem: DispatchWorkItem) {
        if stage != nil { workItem.perform() } else { underlying.sync(execute: workItem) }
    }

    public static func concurrentPerform(iterations: Int, execute work: @Sendable (Int) -> Void) {
        Dispatch.DispatchQueue.concurrentPerform(iterations: iterations, execute: work)
    }

    public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) { underlying.setSpecific(key: key, value: value) }
    public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { underlying.getSpecific(key: key) }
    public static func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { Dispatch.DispatchQueue.getSpecific(key: key) }
}
