import FlipbookCore
import Foundation

/// An area a field acts in, about the field's position: a circle, a rectangle, everything, or
/// their combinations (UIKit's region algebra).
open class UIRegion: NSObject {
    indirect enum Shape {
        case everywhere
        case circle(radius: Double)
        case rectangle(width: Double, height: Double)
        case inverse(Shape)
        case union(Shape, Shape)
        case difference(Shape, Shape)
        case intersection(Shape, Shape)

        func contains(_ p: Vector2) -> Bool {
            switch self {
            case .everywhere: return true
            case .circle(let r): return p.length <= r
            case .rectangle(let w, let h): return abs(p.x) <= w / 2 && abs(p.y) <= h / 2
            case .inverse(let s): return !s.contains(p)
            case .union(let a, let b): return a.contains(p) || b.contains(p)
            case .difference(let a, let b): return a.contains(p) && !b.contains(p)
            case .intersection(let a, let b): return a.contains(p) && b.contains(p)
            }
        }
    }

    let shape: Shape

    init(shape: Shape) {
        self.shape = shape
        super.init()
    }

    /// A circle of `radius` about the centre.
    public convenience init(radius: CGFloat) { self.init(shape: .circle(radius: Double(radius))) }
    /// A rectangle of `size` centred on the centre.
    public convenience init(size: CGSize) { self.init(shape: .rectangle(width: Double(size.width), height: Double(size.height))) }

    /// Everywhere.
    open class var infinite: UIRegion { UIRegion(shape: .everywhere) }

    /// Everywhere this region is not.
    open func inverse() -> UIRegion { UIRegion(shape: .inverse(shape)) }
    /// Where this region or `region` is.
    open func union(with region: UIRegion) -> UIRegion { UIRegion(shape: .union(shape, region.shape)) }
    /// This region less `region`.
    open func difference(from region: UIRegion) -> UIRegion { UIRegion(shape: .difference(shape, region.shape)) }
    /// Where both regions are.
    open func intersection(with region: UIRegion) -> UIRegion { UIRegion(shape: .intersection(shape, region.shape)) }

    /// Whether `point` (relative to the centre) is inside.
    open func contains(_ point: CGPoint) -> Bool { shape.contains(Vector2(point)) }
}
