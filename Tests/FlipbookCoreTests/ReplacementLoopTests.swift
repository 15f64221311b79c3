import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// A delegate that re-adds under the key of the animation whose replacement it hears about
/// replaces it again at the same instant (timing-model.md 3.1, 3.2): the Stage bounds it.
@Suite("replacement loops through the Swift API (timing-model.md 3.1, 3.2)")
struct ReplacementLoopTests {
    final class ReAdder: NSObject, CAAnimationDelegate {
        let layer: CALayer
        var stops = 0
        init(layer: CALayer) { self.layer = layer }
        func start() {
            let blink = CABasicAnimation(keyPath: "opacity")
            blink.fromValue = 1
            blink.toValue = 0
            blink.duration = 0.3
            blink.delegate = self
            layer.add(blink, forKey: "blink")
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            stops += 1
            start()
        }
    }

    @Test("re-adding under the same key in animationDidStop stops after a bound, with one warning")
    func bounded() {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        let layer = CALayer()
        layer.name = "dot"
        stage.rootLayer.addSublayer(layer)
        let readder = ReAdder(layer: layer)
        readder.start()
        stage.advance(to: 0.1)
        readder.start()  // replaces the running one: its stop re-adds, replacing the new one, …
        stage.advance(to: 2)
        #expect(readder.stops <= stage.maximumReplacementStopsPerInstant + 10, "stops: \(readder.stops)")
        #expect(stage.warnings.count == 1, "\(stage.warnings)")
        #expect(stage.warnings.first?.contains("key 'blink' on layer 'dot'") == true)
        #expect(stage.warnings.first?.hasPrefix("t=0.1000") == true)
        // The render goes on: the last animation added runs and finishes normally.
        #expect(layer.presentation()?.opacity != nil)
    }

    @Test("a chain that only hears natural stops loops across time, never at one instant")
    func ordinaryChain() {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let readder = ReAdder(layer: layer)
        readder.start()
        stage.advance(to: 2)
        #expect(readder.stops == 6)
        #expect(stage.warnings.isEmpty)
    }
}
