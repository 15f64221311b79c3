import FlipbookCore
import FlipbookUIKit
import Foundation

extension ScenarioRuntime {
    /// Where the scripted finger is at `time`, in canvas points, or nil when no finger touches
    /// then (the preview draws it as a marker). Read from the touch scripts and the scroll
    /// views' frames, so it can be asked after a render as well as during one.
    public func fingerLocation(at time: Double) -> CGPoint? {
        for touch in scenario.touches.reversed() {
            guard let view = views[touch.scrollView],
                let p = touch.script.fingerLocation(at: time, startingAt: touch.start, in: view.bounds.size)
            else { continue }
            let origin = view.superview?.convert(view.frame.origin, to: nil) ?? view.frame.origin
            return CGPoint(x: origin.x + p.x, y: origin.y + p.y)
        }
        return nil
    }
}
