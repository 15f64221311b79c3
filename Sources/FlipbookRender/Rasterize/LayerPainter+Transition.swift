import CCairo
import FlipbookCore
import Foundation

/// A layer in the middle of a transition (timing-model.md 7.2): its old picture and its
/// current one, each drawn as the layer would be, moved, faded or turned by the progress.
extension LayerPainter {
    func drawTransition(_ layer: LayerSnapshot, _ transition: TransitionSnapshot, parent: ParentTransform?, inheritedOpacity: Double) {
        var new = layer
        new.transition = nil
        var old = transition.picture
        old.transition = nil
        // The old picture stands where the layer stands now.
        old.state.position = layer.state.position
        old.state.anchorPoint = layer.state.anchorPoint
        old.state.transform = layer.state.transform
        old.state.zPosition = layer.state.zPosition
        old.state.hidden = layer.state.hidden
        let p = min(1, max(0, transition.progress.isFinite ? transition.progress : 1))
        let direction = Self.direction(transition.subtype)
        let size = direction.x != 0 ? layer.state.bounds.width : layer.state.bounds.height

        func moved(_ copy: LayerSnapshot, by amount: Double) -> LayerSnapshot {
            var c = copy
            let shift = CATransform3DMakeTranslation(direction.x * amount, direction.y * amount, 0)
            c.state.transform = CATransform3DConcat(shift, c.state.transform)
            return c
        }
        switch transition.type {
        case .push:
            draw(moved(old, by: -size * p), parent: parent, inheritedOpacity: inheritedOpacity)
            draw(moved(new, by: size * (1 - p)), parent: parent, inheritedOpacity: inheritedOpacity)
        case .moveIn:
            draw(old, parent: parent, inheritedOpacity: inheritedOpacity)
            draw(moved(new, by: size * (1 - p)), parent: parent, inheritedOpacity: inheritedOpacity)
        case .reveal:
            draw(new, parent: parent, inheritedOpacity: inheritedOpacity)
            draw(moved(old, by: -size * p), parent: parent, inheritedOpacity: inheritedOpacity)
        case CATransitionType(rawValue: "flip"):
            // First half: the old picture turns away to the edge; second half: the new one turns in.
            let showsNew = p >= 0.5
            var copy = showsNew ? new : old
            let angle = (showsNew ? p - 1 : p) * .pi
            let sign: Double = transition.subtype == .fromRight || transition.subtype == .fromTop ? -1 : 1
            var turn =
                direction.x != 0 || transition.subtype == nil
                ? CATransform3DMakeRotation(sign * angle, 0, 1, 0)
                : CATransform3DMakeRotation(-sign * angle, 1, 0, 0)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / Self.flipEyeDistance
            turn = CATransform3DConcat(turn, perspective)
            copy.state.transform = CATransform3DConcat(turn, copy.state.transform)
            draw(copy, parent: parent, inheritedOpacity: inheritedOpacity)
        default:
            // fade (and unknown types, as Core Animation falls back to a fade): a true
            // cross-dissolve, old × (1 − p) + new × p, added in a group so that two opaque
            // pictures stay opaque half way.
            cairo_save(cr)
            cairo_push_group(cr)
            for (copy, weight) in [(old, 1 - p), (new, p)] where weight > 0 {
                cairo_push_group(cr)
                draw(copy, parent: parent, inheritedOpacity: inheritedOpacity)
                cairo_pop_group_to_source(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
                cairo_paint_with_alpha(cr, weight)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// Where the new picture comes from, as a unit vector in the layer's own axes.
    static func direction(_ subtype: CATransitionSubtype?) -> (x: Double, y: Double) {
        switch subtype {
        case .fromRight?: return (1, 0)
        case .fromTop?: return (0, -1)
        case .fromBottom?: return (0, 1)
        default: return (-1, 0)
        }
    }

    /// The viewer's distance for a flip's perspective, in points (timing-model.md 7.2).
    static let flipEyeDistance = 500.0
}
