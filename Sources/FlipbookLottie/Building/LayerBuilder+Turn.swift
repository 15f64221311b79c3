import FlipbookCore
import FlipbookUIKit
import Foundation

/// A transform that turns its layer about x or y (`rx`, `ry`), as lottie-ios's Core Animation
/// engine builds it: position (`transform.translation`), the rotations and the scale in one
/// layer's `transform`, the anchor apart (lottie-ios's `anchorPoint`). On screen the layer turns
/// in 3D; `render(in:)`, which lottie-ios's snapshots use, draws a layer whose transform is not
/// affine as if it had none (timing-model.md 12.2), so there only the anchor's offset is left,
/// as on iOS.
extension LayerBuilder {
    /// The turning layer (outer) holding the anchor's (inner, with the opacity when asked).
    func turnedTransform(_ ks: LottieTransform, opacity: Bool, keypath owner: [String]) -> (outer: CALayer, inner: CALayer) {
        let turn = CALayer(), anchor = CALayer()
        turn.anchorPoint = .zero
        anchor.anchorPoint = .zero
        turn.addSublayer(anchor)
        let keypath = owner + ["Transform"]
        let split = ks.isPositionSplit
        let parts: [Animated<Vector>?] = [
            split ? ks.positionX : property(ks.position, keypath + ["Position"]),
            split ? ks.positionY : nil,
            property(ks.scale, keypath + ["Scale"]),
            property(ks.rotation, keypath + ["Rotation"]),
            property(ks.rotationX, keypath + ["Rotation X"]),
            property(ks.rotationY, keypath + ["Rotation Y"])
        ]
        func number(_ index: Int, _ frame: Double, _ k: Int = 0, or fallback: Double = 0) -> Double {
            let v = parts[index]?.numbers(at: frame) ?? []
            return k < v.count ? v[k] : (v.first ?? fallback)
        }
        func matrix(_ frame: Double) -> CATransform3D {
            let x = number(0, frame), y = split ? number(1, frame) : number(0, frame, 1)
            var t = CATransform3DMakeTranslation(x, y, 0)
            t = CATransform3DRotate(t, number(3, frame) * .pi / 180, 0, 0, 1)
            t = CATransform3DRotate(t, number(5, frame) * .pi / 180, 0, 1, 0)
            t = CATransform3DRotate(t, number(4, frame) * .pi / 180, 1, 0, 0)
            return CATransform3DScale(t, number(2, frame, or: 100) / 100, number(2, frame, 1, or: 100) / 100, 1)
        }
        let frames = parts.flatMap { part -> [Double] in
            if case .keyframes(let keyframes)? = part?.storage { return keyframes.map(\.frame) }
            return []
        }
        if frames.isEmpty && remapping == nil {
            turn.transform = matrix(animation.startFrame)
        } else {
            setSampled("transform", on: turn, keyframeTimes: frames) { NSValue(caTransform3D: matrix($0)) }
        }
        if let a = property(ks.anchor, keypath + ["Anchor Point"]) {
            set(a, on: anchor, keyPath: "position") { v in CGPoint(x: -(v.first ?? 0), y: -(v.count > 1 ? v[1] : 0)) }
        }
        if opacity { applyOpacity(ks, to: anchor, keypath: owner) }
        return (turn, anchor)
    }
}
