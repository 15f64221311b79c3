import FlipbookCore
import FlipbookUIKit
import Foundation

/// The delegate that runs chains when tagged animations stop.
final class ChainRunner: CAAnimationDelegate {
    unowned let runtime: ScenarioRuntime
    init(runtime: ScenarioRuntime) { self.runtime = runtime }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { runtime.animationStopped(anim, finished: flag) }
}
