import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// `statusBar` layers in scenario files (scenario-format.md "Status bar").
@Suite("status bars in scenario files")
struct StatusBarSceneTests {
    @Test("a statusBar spans the canvas at the top in its style's height unless given a frame, with its settings")
    func defaults() throws {
        let r = try runtime(
            """
            canvas: { width: 320, height: 200, scale: 2 }
            duration: 1
            layers:
              - { id: top, type: statusBar }
              - { id: old, type: statusBar, style: classic, frame: [0, 100, 320, 20], carrier: "中国移动", signal: 2, wifi: 1,
                  battery: 0.4, batteryPercentage: true, contentColor: white, time: "上午9:41" }
            """)
        let top = try #require(r.layers["top"] as? StatusBarLayer)
        #expect(top.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(top.barStyle == .notch && top.time == "9:41" && top.signalBars == nil && top.wifiBars == 3 && top.batteryLevel == 1)
        let old = try #require(r.layers["old"] as? StatusBarLayer)
        #expect(old.frame == CGRect(x: 0, y: 100, width: 320, height: 20))
        #expect(old.barStyle == .classic && old.carrier == "中国移动" && old.signalBars == 2 && old.wifiBars == 1)
        #expect(old.batteryLevel == 0.4 && old.showsBatteryPercentage && old.time == "上午9:41")
        #expect(old.contentColor.rgba.red == 1 && old.contentColor.rgba.green == 1)
        // Nothing animates: the bar's frame was set before the stage committed it.
        r.stage.advance(to: 0.5)
        let position = r.sampledValue("top.position")
        #expect(position?.value as? CGPoint == CGPoint(x: 160, y: 22) && position?.fromAnimation == false)
        #expect(top.animationKeys()?.isEmpty ?? true)
    }
}
