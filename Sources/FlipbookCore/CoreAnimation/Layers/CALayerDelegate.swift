import Foundation

/// Answers a layer's questions about actions and drawing.
public protocol CALayerDelegate: AnyObject {
    /// An action for `event`, `NSNull()` to stop the search, or nil to continue it.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
    func draw(_ layer: CALayer, in ctx: CGContext)
    func display(_ layer: CALayer)
    /// Places `layer`'s sublayers; called by the layer's default `layoutSublayers()`.
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func display(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
}
