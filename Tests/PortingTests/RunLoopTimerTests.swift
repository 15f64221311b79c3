import Flipbook
import Foundation
import Testing

/// Core Foundation's run-loop timers on the Stage clock (ESPullToRefresh's `Timer.schedule`).
@Suite("Core Foundation run-loop timers")
struct RunLoopTimerTests {
    // ---- iOS code (a library's helper, unchanged) ----
    final class Box { var times: [Double] = [] }

    static func schedule(delay: TimeInterval, repeating interval: TimeInterval = 0, handler: @escaping (Timer?) -> Void) -> Timer {
        let fireDate = delay + CFAbsoluteTimeGetCurrent()
        let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, fireDate, interval, 0, 0, handler)!
        CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, CFRunLoopMode.commonModes)
        return timer
    }
    // ---- end ----

    @Test("a one-shot timer fires at its fire date on the Stage clock; a repeating one every interval until invalidated")
    func stageClock() {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        let once = Box(), every = Box()
        var repeating: Timer?
        stage.schedule(at: 0.2) {
            _ = Self.schedule(delay: 0.5) { _ in once.times.append(CFAbsoluteTimeGetCurrent()) }
            repeating = Self.schedule(delay: 0.1, repeating: 0.25) { _ in every.times.append(CACurrentMediaTime()) }
        }
        stage.schedule(at: 1.0) { CFRunLoopTimerInvalidate(repeating) }
        stage.advance(to: 2)
        #expect(once.times == [0.7])
        #expect(every.times.map { ($0 * 1000).rounded() / 1000 } == [0.3, 0.55, 0.8], "\(every.times)")
        #expect(repeating.map { CFRunLoopTimerIsValid($0) } == false)
    }
}
