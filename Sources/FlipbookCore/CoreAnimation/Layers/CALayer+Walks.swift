/// Walks of a layer tree that do not recurse: a tree may be as deep as its file makes it, and
/// the engine's own walks must not run out of stack on the way (docs/limits.md).
extension CALayer {
    /// Which of a layer's children a walk visits first.
    enum WalkOrder {
        /// Sublayers in order, then the mask.
        case sublayersFirst
        /// The mask, then sublayers in order.
        case maskFirst
    }

    /// `body` for this layer and every layer below it, each layer before the layers below it.
    func forEachInTree(_ order: WalkOrder = .sublayersFirst, _ body: (CALayer) -> Void) {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            body(layer)
            // Pushed in reverse, so the first to visit is popped first.
            if order == .sublayersFirst, let mask = layer.mask { pending.append(mask) }
            pending.append(contentsOf: (layer.sublayers ?? []).reversed())
            if order == .maskFirst, let mask = layer.mask { pending.append(mask) }
        }
    }

    /// `body` for every layer below this one, in `forEachInTree`'s order.
    func forEachBelow(_ order: WalkOrder = .sublayersFirst, _ body: (CALayer) -> Void) {
        forEachInTree(order) { layer in if layer !== self { body(layer) } }
    }
}
