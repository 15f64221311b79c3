import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// DispatchQueue's main-queue overloads on a Stage (DispatchQueue+Stage.swift; docs/porting.md §3).
@Suite("main-queue work on the Stage clock")
struct MainQueueOverloadTests {
    final class Box: @unchecked Sendable { var times: [Double] = [] }

    @Test("main.async runs at the instant it was queued; asyncAfter(.now() + 0.3) 0.3 s of Stage time later")
    func mainQueueOnTheStage() {
        let stage = Stage(size: CGSize(width: 10, height: 10), scale: 1)
        let box = Box()
        stage.schedule(at: 0.5) {
            DispatchQueue.main.async { box.times.append(CACurrentMediaTime()) }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { box.times.append(CACurrentMediaTime()) }
        }
        stage.advance(to: 0.7)
        #expect(box.times == [0.5])
        stage.advance(to: 1)
        #expect(box.times == [0.5, StageInstant.of(0.8)])
    }

    @Test("the delay is read to the millisecond, whatever time passes between .now() and the call")
    func delayToTheMillisecond() {
        let now = DispatchTime.now()
        #expect(DispatchQueue.stageDelay(until: now + 0.25, now: now + .microseconds(300)) == 0.25)
        #expect(DispatchQueue.stageDelay(until: now, now: now + 1) == 0, "a deadline in the past is now")
    }

    @Test("main-queue work queued by background work that Stage code started is one warning, on the Stage")
    func backgroundToMainWarns() {
        let stage = Stage(size: CGSize(width: 10, height: 10), scale: 1)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            DispatchQueue.global().async {
                DispatchQueue.main.async {}
                done.signal()
            }
            done.wait()
        }
        stage.advance(to: 0.1)
        let outside = stage.warningLog.filter { $0.kind == .outsideStageClock }
        #expect(outside.count == 1, "\(stage.warnings)")
        #expect(outside.first?.message.contains("background queue that Stage code started") == true)
    }
}
