import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

@Suite("scroll view (timing-model.md 11.3, 13)")
struct ScrollViewTests {
    /// timing-model.md 13.1–13.5 through ScrollPhysics and a real UIScrollView.
    @Test("scroll physics vectors (13)")
    func vectors() {
        let vectors = SemanticsVector.category("scroll_physics")
        #expect(vectors.count == 32)
        for v in vectors {
            let i = v.input, e = v.expected
            if let x = num(i["overscroll"]) {
                expectClose(
                    ScrollPhysics.rubberBand(overscroll: x, dimension: num(i["dimension"])!, constant: num(i["c"])!),
                    num(e["displayedOverscroll"])!, v.tolerance, v.id)
            } else if let rate = i["rate"] as? String {
                let r: UIScrollView.DecelerationRate = rate == "fast" ? .fast : .normal
                expectClose(r.rawValue, num(e["value"])!, v.tolerance, v.id)
            } else if let v0 = num(i["initialVelocity_ptPerS"]) {
                let rate = num(i["decelerationRate"])!
                if let t = num(i["t"]) {
                    expectClose(
                        ScrollPhysics.decelerationDistance(initialVelocity: v0, rate: rate, time: t), num(e["distance"])!, v.tolerance,
                        "\(v.id) distance")
                    expectClose(
                        ScrollPhysics.decelerationVelocity(initialVelocity: v0, rate: rate, time: t), num(e["velocity"])!, v.tolerance,
                        "\(v.id) velocity")
                } else {
                    expectClose(
                        ScrollPhysics.restDistance(initialVelocity: v0, rate: rate), num(e["restDistanceExact"])!, v.tolerance,
                        "\(v.id) rest")
                    expectClose(
                        ScrollPhysics.projectedDistance(initialVelocity: v0, rate: rate), num(e["restDistanceWWDC18"])!, v.tolerance,
                        "\(v.id) projection")
                    expectClose(
                        ScrollPhysics.decelerationDuration(initialVelocity: v0, rate: rate),
                        num(e["timeUntilRemainingDistanceBelow0.5pt"])!, v.tolerance, "\(v.id) duration")
                }
            } else if let x0 = num(i["displacementFromRestOffset"]) {
                expectClose(
                    ScrollPhysics.bounceDisplacement(initial: x0, velocity: num(i["velocity"])!, time: num(i["t"])!),
                    num(e["displacement"])!, v.tolerance, v.id)
                // The same motion on a real scroll view let go past its edge: the vector's spring
                // starts at velocity v0, which is a release with the finger's v = v0 + ω0·x0
                // (13.4: x(t) = (x0 + v·t)·e^(−ω0·t)); the content moves opposite to the finger.
                if abs(num(e["displacement"])!) >= 0.5 {
                    let fingerVelocity = -(num(i["velocity"])! + 10 * x0)
                    let stage = Stage(size: CGSize(width: 100, height: 800))
                    let sv = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 800))
                    sv.contentSize = CGSize(width: 100, height: 2000)
                    stage.rootView.addSubview(sv)
                    stage.advance(to: 0)
                    sv.beginDragging()
                    sv.contentOffset = CGPoint(x: 0, y: x0)  // held there by the finger
                    sv.endDragging(velocity: CGPoint(x: 0, y: fingerVelocity))
                    stage.advance(to: num(i["t"])!)
                    expectClose(sv.layer.presentation()!.bounds.origin.y, num(e["displacement"])!, 1e-6, "\(v.id) on a UIScrollView")
                    expectClose(sv.contentOffset.y, num(e["displacement"])!, 1e-6, "\(v.id): the model offset itself")
                }
            } else {
                let stage = Stage(size: CGSize(width: 100, height: 800))
                let sv = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: num(i["boundsHeight"])!))
                sv.contentSize = CGSize(width: 100, height: 3000)
                sv.contentInset.top = num(i["contentInset.top"])!
                stage.rootView.addSubview(sv)
                stage.advance(to: 0)
                sv.contentOffset.y = -sv.contentInset.top
                expectClose(sv.minimumContentOffset.y, num(e["minContentOffsetY"])!, v.tolerance, "\(v.id) min")
                sv.beginDragging()
                sv.drag(translation: CGPoint(x: 0, y: num(i["fingerOverscroll"])!))
                expectClose(sv.contentOffset.y, num(e["contentOffsetYWhileDragging"])!, v.tolerance, "\(v.id) dragging")
                sv.contentInset.top += num(i["refreshControlHeight"])!
                sv.endDragging()
                stage.advance(to: 2)
                expectClose(sv.contentOffset.y, num(e["restingContentOffsetYWhileRefreshing"])!, v.tolerance, "\(v.id) refreshing")
                sv.contentInset.top -= num(i["refreshControlHeight"])!
                expectClose(sv.minimumContentOffset.y, num(e["minContentOffsetYAfterEndRefreshing"])!, v.tolerance, "\(v.id) after")
                expectClose(sv.contentOffset.y, 0, 1e-9, "\(v.id) clamped back")
            }
        }
    }

    @Test("restoring the inset inside an animation block slides the header away (11.3)")
    func animatedClamp() {
        let stage = Stage(size: CGSize(width: 100, height: 400))
        let sv = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 400))
        sv.contentSize = CGSize(width: 100, height: 1000)
        stage.rootView.addSubview(sv)
        sv.contentInset.top = 60
        sv.contentOffset.y = -60
        stage.advance(to: 0)
        UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: { sv.contentInset.top = 0 })
        #expect(sv.contentOffset.y == 0)
        stage.advance(to: 0.2)
        #expect(abs(sv.layer.presentation()!.bounds.origin.y + 30) < 1e-9)
    }

    @Test(
        "the delegate hears UIKit's sequence: will begin, did scroll, will end (velocity in pt/ms, a target it may change), did end, decelerating"
    )
    func delegateSequence() {
        final class Listener: UIScrollViewDelegate {
            var log: [String] = []
            var retarget: CGFloat?
            func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
                log.append("willBeginDragging tracking=\(scrollView.isTracking)")
            }
            func scrollViewDidScroll(_ scrollView: UIScrollView) { log.append("didScroll") }
            func scrollViewWillEndDragging(
                _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                targetContentOffset: UnsafeMutablePointer<CGPoint>
            ) {
                log.append("willEndDragging v=\(velocity.y) target=\(targetContentOffset.pointee.y)")
                if let retarget { targetContentOffset.pointee.y = retarget }
            }
            func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
                log.append("didEndDragging \(decelerate)")
            }
            func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { log.append("willBeginDecelerating") }
            func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { log.append("didEndDecelerating at \(CACurrentMediaTime())") }
            func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
                log.append("didEndScrollingAnimation at \(CACurrentMediaTime())")
            }
        }
        let (stage, sv) = scrollScene(width: 100, height: 100, contentHeight: 500)
        let listener = Listener()
        sv.delegate = listener
        stage.advance(to: 0)
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: 50))  // pulled past the top
        sv.endDragging(velocity: CGPoint(x: 0, y: 300))
        #expect(
            listener.log == [
                "willBeginDragging tracking=true", "didScroll", "willEndDragging v=-0.3 target=-0.0",
                "didEndDragging true", "willBeginDecelerating"
            ], "\(listener.log)")
        #expect(sv.isDecelerating && !sv.isTracking)
        stage.advance(to: 0.1)
        #expect(listener.log.last == "didScroll" && sv.isDecelerating)
        stage.advance(to: 3)
        #expect(listener.log.last?.hasPrefix("didEndDecelerating at ") == true && !sv.isDecelerating, "\(listener.log)")
        // A delegate may move the resting point.
        listener.log = []
        listener.retarget = 40
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: -10))
        sv.endDragging()
        #expect(sv.contentOffset.y == 10)
        stage.advance(to: 4)
        #expect(sv.contentOffset.y > 10 && sv.contentOffset.y < 40 && sv.isDecelerating)
        stage.advance(to: 6)
        #expect(sv.contentOffset.y == 40 && !sv.isDecelerating)
        // An animated offset change moves the offset itself, heard at every instant.
        listener.log = []
        sv.setContentOffset(CGPoint(x: 0, y: 100), animated: true)
        stage.advance(to: 6.15)
        #expect(abs(sv.contentOffset.y - 70) < 1e-4, "half way, ease in-out: \(sv.contentOffset.y)")
        stage.advance(to: 7)
        #expect(sv.contentOffset.y == 100)
        // Heard at every 1/60 s display frame of the 0.3 s (6.0 excluded: it has not moved yet)
        // and at 6.15; the end comes after the last.
        #expect(listener.log.count == 19 && listener.log.dropLast().allSatisfy { $0 == "didScroll" }, "\(listener.log)")
        #expect(listener.log.last == "didEndScrollingAnimation at 6.3")
    }

    @Test("the delegate hears every scroll; the content moves with the offset")
    func delegateAndContent() {
        final class Listener: UIScrollViewDelegate {
            var offsets: [CGFloat] = []
            func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
        }
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let sv = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        sv.contentSize = CGSize(width: 100, height: 500)
        let row = UIView(frame: CGRect(x: 0, y: 50, width: 100, height: 10))
        sv.addSubview(row)
        stage.rootView.addSubview(sv)
        let listener = Listener()
        sv.delegate = listener
        stage.advance(to: 0)
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: -20))
        sv.drag(translation: CGPoint(x: 0, y: -40))
        sv.endDragging()
        #expect(listener.offsets == [20, 40])
        #expect(row.convert(CGPoint.zero, to: nil).y == 10)
    }
}

extension UIView {
    /// Test helper: a point in this view's coordinates in the root's.
    func convert(_ p: CGPoint, to view: UIView?) -> CGPoint { layer.convert(p, to: view?.layer) }
}
