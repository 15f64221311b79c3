import Foundation

/// A layer whose sublayers keep their depth (`CATransformLayer`): they are not flattened into
/// its plane but placed in 3D through its transform and drawn back to front by depth
/// (timing-model.md 12.2). Only its sublayers are drawn: its background, contents, border,
/// mask, `masksToBounds` and shadow are ignored, and its opacity fades each sublayer on its own
/// (no compositing group), as Apple documents it.
open class CATransformLayer: CALayer {
    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func makePresentationInstance() -> CALayer { CATransformLayer(layer: self) }
    package override func snapshotContent() -> LayerSnapshot.Content { .transformLayer }
}
