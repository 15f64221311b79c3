import FlipbookCore
import Foundation

/// The bars a scroll view draws along its right and bottom edges while its content scrolls
/// (timing-model.md 13.7): 3 pt wide, rounded, 3 pt in from the edge; as long as the track times
/// the visible fraction of the content (at least 36 pt), shorter by what is pulled past an edge
/// (down to 7 pt); black (or white) at 35 % opacity. They appear when the content scrolls within
/// its range under a finger or on its own, and fade out over 0.25 s once it stops. A pull past
/// an edge alone shows none: seed 000's iOS recording pulls a 100-row table for 6 s without one.
final class ScrollIndicators {
    enum Axis { case vertical, horizontal }

    let vertical = CALayer()
    let horizontal = CALayer()
    /// Whether the bars are showing (they stay until the scrolling stops).
    private(set) var showing = false

    static let thickness: CGFloat = 3
    static let margin: CGFloat = 3
    static let minimumLength: CGFloat = 36
    static let shortestLength: CGFloat = 7
    static let fadeDuration = 0.25

    init(in layer: CALayer) {
        for bar in [vertical, horizontal] {
            bar.cornerRadius = Self.thickness / 2
            bar.opacity = 0
            bar.zPosition = 1  // above the content the scroll view holds
            bar.name = "scroll indicator"
            layer.addSublayer(bar)
        }
    }

    /// The bar's frame in the scroll view's bounds space, nil when the axis has nothing to show.
    static func frame(axis: Axis, bounds: CGRect, contentSize: CGSize, inset: UIEdgeInsets, indicatorInsets: UIEdgeInsets) -> CGRect? {
        let vertical = axis == .vertical
        let viewLength = vertical ? bounds.height : bounds.width
        let contentLength = vertical ? contentSize.height + inset.top + inset.bottom : contentSize.width + inset.left + inset.right
        guard contentLength > viewLength, viewLength > 0 else { return nil }
        let trackStart = (vertical ? indicatorInsets.top : indicatorInsets.left) + margin
        let trackEnd = viewLength - (vertical ? indicatorInsets.bottom : indicatorInsets.right) - margin
        let track = trackEnd - trackStart
        guard track > 0 else { return nil }
        let offset = vertical ? bounds.minY : bounds.minX
        let low = vertical ? -inset.top : -inset.left
        let high = low + contentLength - viewLength
        let overscroll = offset < low ? low - offset : offset > high ? offset - high : 0
        let full = min(track, max(minimumLength, track * viewLength / contentLength))
        let length = max(shortestLength, full - overscroll)
        let fraction = min(1, max(0, (offset - low) / (high - low)))
        let along = trackStart + fraction * (track - length)
        let across = (vertical ? bounds.width - (indicatorInsets.right) : bounds.height - indicatorInsets.bottom) - margin - thickness
        return vertical
            ? CGRect(x: bounds.minX + across, y: bounds.minY + along, width: thickness, height: length)
            : CGRect(x: bounds.minX + along, y: bounds.minY + across, width: length, height: thickness)
    }

    /// Shows the bars that have something to show, laid out for the scroll view's state now.
    func show(_ scrollView: UIScrollView) {
        showing = true
        layout(scrollView)
        withoutActions {
            for (bar, shows) in [
                (vertical, scrollView.showsVerticalScrollIndicator), (horizontal, scrollView.showsHorizontalScrollIndicator)
            ] {
                bar.removeAnimation(forKey: "fade")
                bar.opacity = shows && !bar.isHidden ? 1 : 0
            }
        }
    }

    /// Moves the bars with the content.
    func layout(_ scrollView: UIScrollView) {
        guard showing else { return }
        let colour = scrollView.indicatorStyle == .white ? UIColor(white: 1, alpha: 0.35) : UIColor(white: 0, alpha: 0.35)
        withoutActions {
            for (bar, axis, insets) in [
                (vertical, Axis.vertical, scrollView.verticalScrollIndicatorInsets),
                (horizontal, Axis.horizontal, scrollView.horizontalScrollIndicatorInsets)
            ] {
                let frame = Self.frame(
                    axis: axis, bounds: scrollView.bounds, contentSize: scrollView.contentSize,
                    inset: scrollView.contentInset, indicatorInsets: insets)
                bar.isHidden = frame == nil
                if let frame { bar.frame = frame }
                bar.backgroundColor = colour.cgColor
            }
        }
    }

    /// Fades the bars out from `time` (the scrolling stopped).
    func fade(at time: Double) {
        guard showing else { return }
        showing = false
        withoutActions {
            for bar in [vertical, horizontal] where bar.opacity > 0 {
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = bar.opacity
                fade.toValue = 0
                fade.duration = Self.fadeDuration
                fade.beginTime = bar.convertTime(time, from: nil)
                fade.fillMode = .backwards
                bar.add(fade, forKey: "fade")
                bar.opacity = 0
            }
        }
    }

    private func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}

extension UIScrollView {
    /// How the bars look (UIKit's names).
    public enum IndicatorStyle: Int, Sendable { case `default`, black, white }

    /// Decides whether an offset change shows the bars: any move under a finger (a pull past
    /// an edge too), or the content scrolling within its range on its own (13.7).
    func updateScrollIndicators(from old: CGPoint, to new: CGPoint, moving: Bool) {
        guard let indicators = scrollIndicators else { return }
        if !indicators.showing, moving, old != new {
            let ranges = offsetRanges(inset: contentInset)
            let inside = { (p: CGPoint) in ranges.x.contains(p.x) && ranges.y.contains(p.y) }
            if isDragging || (inside(old) && inside(new)) { indicators.show(self) }
        }
        indicators.layout(self)
    }

    /// Shows the bars briefly (they fade out after 0.5 s), as after a screen appears.
    public func flashScrollIndicators() {
        guard let indicators = scrollIndicators else { return }
        indicators.show(self)
        let now = TransactionContext.current.now
        if let stage = layer.stage ?? TransactionContext.current.activeStage {
            stage.schedule(at: now + 0.5) { [weak self] in
                guard let self, !self.isDragging, !self.isDecelerating else { return }
                indicators.fade(at: now + 0.5)
            }
        }
    }
}
