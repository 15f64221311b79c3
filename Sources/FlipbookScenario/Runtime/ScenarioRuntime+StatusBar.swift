import FlipbookCore
import FlipbookUIKit
import Foundation

extension ScenarioRuntime {
    /// A `statusBar` layer: across the canvas at the top unless the file gives a frame.
    func makeStatusBar(_ spec: StatusBarSpec) -> StatusBarLayer {
        let bar = StatusBarLayer()
        bar.contentsScale = CGFloat(scenario.canvas.scale)
        bar.frame = CGRect(x: 0, y: 0, width: CGFloat(scenario.canvas.width), height: spec.style.height)
        bar.barStyle = spec.style
        bar.time = spec.time
        bar.carrier = spec.carrier
        bar.signalBars = spec.signal
        bar.wifiBars = spec.wifi
        bar.batteryLevel = CGFloat(spec.battery)
        bar.showsBatteryPercentage = spec.batteryPercentage
        let c = spec.contentColor
        bar.contentColor = CGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        return bar
    }
}
