import FlipbookCore
import Foundation

extension TouchScript {
    /// Where the finger is at `time` for a script started at `start`, relative to its scroll
    /// view's visible area (points from the top left corner), or nil while it is not touching.
    /// `size` is the scroll view's size, for a touch down at its centre. For tools that draw
    /// the finger (the preview's marker); the same samples drive the scroll view.
    public func fingerLocation(at time: Double, startingAt start: Double, in size: CGSize) -> CGPoint? {
        var down: CGPoint?
        var moved = CGPoint.zero
        for (t, sample) in samples(from: start) {
            guard t <= time + 1e-9 else { break }
            switch sample {
            case .down(let p):
                let p = p ?? CGPoint(x: CGFloat.nan, y: .nan)
                down = CGPoint(x: p.x.isNaN ? size.width / 2 : p.x, y: p.y.isNaN ? size.height / 2 : p.y)
                moved = .zero
            case .at(let p): moved = p
            case .up: down = nil
            }
        }
        return down.map { CGPoint(x: $0.x + moved.x, y: $0.y + moved.y) }
    }
}
