import FlipbookCore
import Foundation

/// Whether a snapshot may be redrawn a band of rows at a time with the same pixels a whole-frame
/// draw gives.
///
/// Cairo's scan conversion gives each pixel the same coverage whatever rows the surface spans
/// (solid fills, strokes, group opacity and text were checked over thousands of random scenes),
/// but not whatever columns it spans, so bands are always whole rows. Patterns are evaluated
/// with the band's offset folded into their matrix, which moves gradients and scaled images by
/// a level or two; blurred shadows read pixels beyond the band; offscreen pictures (projected
/// layers, transitions) and what the damage bounds cannot follow (replicators, emitters,
/// recorded drawing) are left out too. A snapshot with any of these is drawn whole every frame.
enum BandSafety {
    static func allows(_ snapshot: FrameSnapshot) -> Bool { allows(snapshot.root, parent: nil) }

    static func allows(_ layer: LayerSnapshot, parent: ParentTransform?) -> Bool {
        let s = layer.state
        // What the painter skips is never drawn, whatever it holds.
        guard !s.hidden, s.opacity > 0, LayerPainter.isDrawable(s) else { return true }
        guard layer.transition == nil, layer.drawing == nil, layer.replicas.isEmpty, layer.particles.isEmpty,
            s.contents == nil, !castsShadow(s),
            Projection.isAffine(Projection.layerToParent(s, parent: parent))
        else { return false }
        switch layer.content {
        case .plain, .shape, .text: break
        case .gradient, .replicator, .emitter, .transformLayer: return false
        }
        let handedDown = ParentTransform.of(s)
        return layer.sublayers.allSatisfy { allows($0, parent: handedDown) } && layer.maskLayers.allSatisfy { allows($0, parent: nil) }
    }

    /// The painter's own test for drawing a shadow.
    static func castsShadow(_ s: LayerState) -> Bool {
        s.shadowOpacity > 0 && s.shadowOpacity.isFinite && (s.shadowColor?.alpha ?? 0) > 0 && !s.masksToBounds
    }
}
