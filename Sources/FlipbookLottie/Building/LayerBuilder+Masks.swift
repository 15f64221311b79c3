import FlipbookCore
import FlipbookUIKit
import Foundation

/// Masks (`masksProperties`) as lottie-ios's Core Animation engine composes them (its
/// `MaskCompositionLayer`): each mask a shape layer filled by the even-odd rule, the whole plane
/// but its path when it subtracts (or adds, inverted); in order, an added mask (and the first,
/// whatever its mode) joins the masks before it, and any other mode masks all of them, so
/// `[A add, B add, C subtract]` shows A ∪ B without C. Lighten counts as add, difference and
/// darken as intersect, `n` is skipped, as lottie-ios maps them; mask opacity and expansion are
/// not applied (lottie-ios applies neither).
extension LayerBuilder {
    /// lottie-ios's `usableMode` of a mask mode.
    enum UsableMaskMode {
        case add, subtract, intersect, none
    }

    static func usableMode(_ mode: String?) -> UsableMaskMode {
        switch mode ?? "a" {
        case "a", "l": .add
        case "s": .subtract
        case "i", "f", "d": .intersect
        case "n": .none
        default: .add
        }
    }

    func applyMasks(_ masks: [LottieMask], to layer: CALayer) {
        var container = Self.maskContainer()
        var first = true
        for mask in masks {
            let mode = Self.usableMode(mask.mode)
            guard mode != .none, let shape = mask.shape else { continue }
            let inverts = (mode == .subtract && !mask.inverted) || (mode == .add && mask.inverted)
            let maskLayer = CAShapeLayer()
            maskLayer.anchorPoint = .zero
            maskLayer.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            maskLayer.fillRule = .evenOdd
            var paths: [ShapeBuilder.PathItem] = [.bezier(shape)]
            if inverts {
                // The plane but the path: a rectangle far larger than any composition, the path
                // cut out of it by the even-odd rule.
                let plane = CGMutablePath()
                plane.addRect(CGRect(x: -1e5, y: -1e5, width: 2e5, height: 2e5))
                paths.insert(.fixed(plane), at: 0)
            }
            ShapeBuilder(builder: self).setPath(paths, on: maskLayer)
            if mode == .add || first {
                first = false
                container.addSublayer(maskLayer)
            } else {
                container.mask = maskLayer
                let outer = Self.maskContainer()
                outer.addSublayer(container)
                container = outer
            }
        }
        guard !first else { return }
        layer.mask = container
    }

    private static func maskContainer() -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        return layer
    }
}
