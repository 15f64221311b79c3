import Foundation

/// A layer whose `draw(in:)` content iOS draws tile by tile on background threads as it comes
/// into view (`CATiledLayer`). On a Stage the whole layer is drawn at once, at the instant it
/// needs display, as any layer with a `draw(in:)` is: the tiles' fade-in (`fadeDuration`) is not
/// shown, since iOS's timing of it depends on its threads (timing-model.md 12.13).
open class CATiledLayer: CALayer {
    /// How long iOS fades a newly drawn tile in (0.25 s); kept, not shown.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }
    /// Levels of detail iOS caches (1 by default); kept.
    open var levelsOfDetail = 1
    /// Levels of detail above full size (0 by default); kept.
    open var levelsOfDetailBias = 0
    /// The size of a tile, in pixels (256 × 256 by default); kept.
    open var tileSize = CGSize(width: 256, height: 256)

    override func makePresentationInstance() -> CALayer { CATiledLayer(layer: self) }
    override func copyTypeSpecificProperties(from other: CALayer) {
        guard let o = other as? CATiledLayer else { return }
        levelsOfDetail = o.levelsOfDetail
        levelsOfDetailBias = o.levelsOfDetailBias
        tileSize = o.tileSize
    }
}
