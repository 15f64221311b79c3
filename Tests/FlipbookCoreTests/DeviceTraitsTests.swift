import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// A Stage standing for a device: the safe area its window reports, the traits a snapshot is
/// drawn for.
@Suite("device traits")
struct DeviceTraitsTests {
    @Test("the Stage's window reports the Stage's safe area; views inside inherit the part they reach")
    func safeAreaFromTheStage() {
        let stage = Stage(size: CGSize(width: 390, height: 844))
        stage.safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let full = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let lower = UIView(frame: CGRect(x: 0, y: 100, width: 390, height: 744))
        stage.rootView.addSubview(full)
        stage.rootView.addSubview(lower)
        #expect(stage.rootView.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(full.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(lower.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        #expect(UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).safeAreaInsets == .zero)
        #expect(Stage(size: CGSize(width: 10, height: 10)).rootView.safeAreaInsets == .zero)
    }

    @Test("traits merge as UIKit merges them: the last collection naming a trait wins")
    func traitsMerge() {
        let merged = UITraitCollection(traitsFrom: [
            .init(displayScale: 2), .init(horizontalSizeClass: .compact), .init(displayScale: 3), .init(userInterfaceStyle: .dark)
        ])
        #expect(merged.displayScale == 3 && merged.horizontalSizeClass == .compact && merged.userInterfaceStyle == .dark)
        #expect(merged.verticalSizeClass == .unspecified && UITraitCollection().displayScale == 0)
        #expect(merged.containsTraits(in: .init(displayScale: 3)) && !merged.containsTraits(in: .init(userInterfaceStyle: .light)))
        #expect(UIGraphicsImageRendererFormat(for: .init(displayScale: 3)).scale == 3)
    }

    @Test("a model snapshot leaves animations out; the presentation has them")
    func modelSnapshot() {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        let layer = CALayer()
        layer.opacity = 0.25
        stage.rootLayer.addSublayer(layer)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.25
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        stage.advance(to: 0)
        #expect(stage.snapshot().root.sublayers[0].state.opacity == 1)
        #expect(stage.modelSnapshot().root.sublayers[0].state.opacity == 0.25)
        #expect(stage.snapshot().root.sublayers[0].state.opacity == 1)
    }
}
