import Foundation

/// Which ways a scroll layer scrolls.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none"), vertically = Self(rawValue: "vertically")
    public static let horizontally = Self(rawValue: "horizontally"), both = Self(rawValue: "both")
}

/// A layer that shows part of its sublayers by moving its bounds' origin (`CAScrollLayer`):
/// scrolling changes `bounds.origin` along the axes `scrollMode` allows, so the sublayers move
/// the other way. It draws no scroll bars and takes no touches (timing-model.md 12.13).
open class CAScrollLayer: CALayer {
    /// The axes `scroll(to:)` and `scroll(_:)` move (`.both` by default).
    open var scrollMode: CAScrollLayerScrollMode = .both

    override func makePresentationInstance() -> CALayer { CAScrollLayer(layer: self) }
    override func copyTypeSpecificProperties(from other: CALayer) {
        guard let o = other as? CAScrollLayer else { return }
        scrollMode = o.scrollMode
    }

    /// Shows the sublayers from `p` (in its own coordinates) at its top-left: `bounds.origin`
    /// becomes `p` along the axes `scrollMode` allows.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollMode == .both || scrollMode == .horizontally { origin.x = p.x }
        if scrollMode == .both || scrollMode == .vertically { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls as little as shows `r` (in its own coordinates): an edge past the visible part
    /// brings it in; a rectangle larger than the bounds shows its top-left corner.
    open func scroll(to r: CGRect) {
        let visible = bounds
        var p = visible.origin
        if r.maxX > visible.maxX { p.x = r.maxX - visible.width }
        if r.minX < p.x { p.x = r.minX }
        if r.maxY > visible.maxY { p.y = r.maxY - visible.height }
        if r.minY < p.y { p.y = r.minY }
        scroll(to: p)
    }
}

extension CALayer {
    /// The nearest scroll layer above this one (itself excluded).
    private var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let l = layer {
            if let scroll = l as? CAScrollLayer { return scroll }
            layer = l.superlayer
        }
        return nil
    }

    /// Scrolls the nearest scroll layer above this one so that `p` (in this layer's
    /// coordinates) shows at its top-left corner.
    public func scroll(_ p: CGPoint) {
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: convert(p, to: scroll))
    }

    /// Scrolls the nearest scroll layer above this one as little as shows `r` (in this
    /// layer's coordinates).
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: convert(r, to: scroll))
    }

    /// The part of the bounds the scroll layers above show (all of them when there are none):
    /// the bounds cut by each enclosing scroll layer's bounds, in this layer's coordinates.
    public var visibleRect: CGRect {
        var visible = bounds
        var layer = superlayer
        while let l = layer {
            if l is CAScrollLayer { visible = visible.intersection(l.convert(l.bounds, to: self)) }
            layer = l.superlayer
        }
        return visible
    }
}
