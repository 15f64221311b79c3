import Flipbook
import Foundation
import Testing

/// What real refresh libraries (DGElasticPullToRefresh, Yalantis PullToRefresh, CRRefresh) write,
/// each with at most the language-forced edit docs/porting.md lists.
@Suite("refresh-library idioms")
struct LibraryIdiomTests {
    /// A library's controller object: not a view, observes the scroll view (the forced edit:
    /// `NSKeyValueObserving` instead of `override`).
    final class Controller: NSObject, NSKeyValueObserving {
        var heard: [(key: String, value: Any?)] = []
        func observeValue(
            forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
            context: UnsafeMutableRawPointer?
        ) {
            heard.append((keyPath ?? "", change?[.newKey]))
        }
    }

    func pulledScene() -> (Stage, UIScrollView) {
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scroll.contentSize = CGSize(width: 320, height: 1000)
        stage.rootView.addSubview(scroll)
        return (stage, scroll)
    }

    @Test("a non-view NSObject hears contentOffset; the new value reads as NSValue and as CGPoint")
    func controllerObservesOffset() throws {
        let (_, scroll) = pulledScene()
        let controller = Controller()
        scroll.addObserver(controller, forKeyPath: "contentOffset", options: .new, context: nil)
        scroll.contentOffset = CGPoint(x: 0, y: -40)
        let value = try #require(controller.heard.last?.value)
        #expect((value as? NSValue)?.cgPointValue == CGPoint(x: 0, y: -40))
        #expect(value as? CGPoint == CGPoint(x: 0, y: -40))
        scroll.removeObserver(controller, forKeyPath: "contentOffset")
        scroll.contentOffset = .zero
        #expect(controller.heard.count == 1)
    }

    @Test("geometry bridges both ways, and only to its own kind")
    func geometryBridges() {
        let boxed: Any = NSValue(cgSize: CGSize(width: 3, height: 4))
        #expect(boxed as? CGSize == CGSize(width: 3, height: 4))
        #expect(boxed as? CGPoint == nil, "a boxed size is not a point")
        let rect: Any = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect((rect as? NSValue)?.cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        let insets: Any = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect((insets as? NSValue)?.uiEdgeInsetsValue == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        let alpha: Any = CGFloat(0.25)
        #expect((alpha as? NSNumber)?.doubleValue == 0.25)
    }

    @Test("\"panGestureRecognizer.state\" is heard through the scroll view: began, changed, ended, then possible")
    func panStateThroughKeyPath() {
        let (stage, scroll) = pulledScene()
        let controller = Controller()
        scroll.addObserver(controller, forKeyPath: "panGestureRecognizer.state", options: [.new], context: nil)
        scroll.perform(.pull(60, over: 0.1), at: 0)
        stage.advance(to: 0.5)
        let states = controller.heard.compactMap { ($0.value as? Int).flatMap(UIGestureRecognizer.State.init(rawValue:)) }
        #expect(states.first == .began)
        #expect(states.dropFirst().prefix(while: { $0 == .changed }).count == 6, "one .changed per 60 Hz sample of 0.1 s")
        #expect(Array(states.suffix(2)) == [.ended, .possible])
        #expect(controller.heard.allSatisfy { $0.key == "panGestureRecognizer.state" })
        #expect(scroll.value(forKeyPath: "panGestureRecognizer.state") as? Int == UIGestureRecognizer.State.possible.rawValue)
        scroll.removeObserver(controller, forKeyPath: "panGestureRecognizer.state")
        scroll.perform(.pull(60, over: 0.1), at: 1)
        stage.advance(to: 1.5)
        #expect(states.count == controller.heard.count, "removing the path stops the relay too")
    }

    @Test("observe(\\.panGestureRecognizer.state) hears every change of the inner value: began, changed, ended, possible")
    func panStateThroughTypedKeyPath() {
        let (stage, scroll) = pulledScene()
        var states: [UIGestureRecognizer.State] = []
        let observation = scroll.observe(\.panGestureRecognizer.state, options: [.new]) { _, change in
            if let state = change.newValue { states.append(state) }
        }
        scroll.perform(.pull(60, over: 0.1), at: 0)
        stage.advance(to: 0.5)
        // As observing the recognizer itself: each new value once (a typed observation compares).
        #expect(states == [.began, .changed, .ended, .possible], "\(states)")
        observation.invalidate()
        scroll.perform(.pull(60, over: 0.1), at: 1)
        stage.advance(to: 1.5)
        #expect(states.count == 4, "invalidating stops hearing the recognizer too")
    }

    @Test("the pan reports the finger: location where it touched plus the translation, velocity of the last samples")
    func panFinger() throws {
        let (stage, scroll) = pulledScene()
        var seen: [(location: CGPoint, translation: CGPoint, velocity: CGPoint, state: UIGestureRecognizer.State)] = []
        scroll.panGestureRecognizer.addTarget(scroll) { (_: UIScrollView) in
            { (pan: UIPanGestureRecognizer) in
                seen.append((pan.location(in: nil), pan.translation(in: scroll), pan.velocity(in: scroll), pan.state))
            }
        }
        // 120 pt from the left, the scroll view's vertical centre; 60 pt down and 30 right,
        // linearly over 0.1 s: 600 and 300 pt/s.
        scroll.perform(
            TouchScript([
                .touchDownAt(CGPoint(x: 120, y: CGFloat.nan)),
                .move(by: CGPoint(x: 30, y: 60), duration: 0.1, curve: CAMediaTimingFunction(name: .linear)),
                .release(velocity: nil)
            ]), at: 0)
        stage.advance(to: 0.05)
        let mid = try #require(seen.last)
        #expect(mid.state == .changed)
        #expect(abs(mid.location.x - (120 + 15)) < 1e-9 && abs(mid.location.y - (240 + 30)) < 1e-9, "\(mid.location)")
        #expect(abs(mid.translation.x - 15) < 1e-9 && abs(mid.translation.y - 30) < 1e-9)
        #expect(abs(mid.velocity.x - 300) < 1e-6 && abs(mid.velocity.y - 600) < 1e-6, "\(mid.velocity)")
        stage.advance(to: 0.2)
        let end = try #require(seen.last)
        #expect(end.state == .ended)
        #expect(abs(end.velocity.y - 600) < 1e-6, "lifted while moving: the last motion's velocity")
        #expect(scroll.contentOffset.x == 0, "content no wider than the view does not follow the finger sideways")
    }

    @Test("location(in:) is in the given view's coordinates: a scrolled view's own include its offset")
    func panLocationInScrolledView() {
        let (stage, scroll) = pulledScene()
        scroll.perform(
            TouchScript([
                .touchDownAt(CGPoint(x: 100, y: 50)),
                .move(by: CGPoint(x: 0, y: -20), duration: 0.05, curve: CAMediaTimingFunction(name: .linear))
            ]), at: 0)
        stage.advance(to: 0.1)
        let pan = scroll.panGestureRecognizer
        #expect(pan.location(in: nil) == CGPoint(x: 100, y: 30))
        // The content moved up 20 pt with the finger: in content coordinates the finger is at 50.
        #expect(pan.location(in: scroll) == CGPoint(x: 100, y: 50))
        pan.setTranslation(.zero, in: scroll)
        #expect(pan.translation(in: scroll) == .zero)
    }

    @Test("isScrollEnabled = false: the finger neither scrolls nor begins a pan")
    func scrollDisabled() {
        let (stage, scroll) = pulledScene()
        scroll.isScrollEnabled = false
        scroll.perform(.pull(100, over: 0.2), at: 0)
        stage.advance(to: 0.1)
        #expect(scroll.contentOffset == .zero)
        #expect(scroll.panGestureRecognizer.state == .possible)
        #expect(!scroll.isDragging)
    }

    final class TintedCircle: UIView {
        var recoloured: [UIColor] = []
        override func tintColorDidChange() {
            super.tintColorDidChange()
            recoloured.append(tintColor)
        }
    }

    @Test("tintColor is inherited and tintColorDidChange reaches the subviews that inherit it")
    func tintInheritance() {
        let container = UIView(), circle = TintedCircle(), ownTint = TintedCircle()
        ownTint.tintColor = .red
        container.addSubview(circle)
        container.addSubview(ownTint)
        #expect(circle.recoloured.isEmpty, "system blue before and after the move")
        let teal = UIColor(red: 0, green: 0.5, blue: 0.5, alpha: 1)
        container.tintColor = teal
        #expect(circle.recoloured == [teal])
        #expect(circle.tintColor == teal)
        #expect(ownTint.recoloured == [.red], "a view with its own tint keeps it and is not told again")
        let moved = TintedCircle()
        container.addSubview(moved)
        #expect(moved.recoloured == [teal], "moving under another tint is a change")
    }

    final class Header: UIView {
        var refreshes = 0
        var ticks: [Double] = []
        var link: CADisplayLink?
        func refresh() { refreshes += 1 }
        func refresh(_ sender: UIRefreshControl) { refreshes += 10 }
        func tick(_ link: CADisplayLink) { ticks.append(link.timestamp) }
    }

    @Test("#selector → a method reference: control targets (with and without sender), removeTarget, display link")
    func targetAction() {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let control = UIRefreshControl()
        let header = Header()
        control.addTarget(header, action: Header.refresh as (Header) -> () -> Void, for: .valueChanged)
        control.addTarget(header, action: Header.refresh(_:), for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(header.refreshes == 11)
        control.removeTarget(header, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(header.refreshes == 11)
        header.link = CADisplayLink(target: header, selector: Header.tick)
        header.link?.add(to: .main, forMode: .common)
        stage.advance(to: 0.05)
        let expected: [Double] = [1, 2, 3].map { (k: Double) -> Double in StageInstant.of(k / 60) }
        #expect(header.ticks == expected)
    }

    @Test("a selector timer runs on the Stage clock; invalidating the Foundation timer stops it")
    func selectorTimer() {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let header = Header()
        let timer = Timer.scheduledTimer(
            timeInterval: 0.25, target: header, selector: Header.refresh as (Header) -> () -> Void,
            userInfo: nil, repeats: true)
        stage.advance(to: 0.6)
        #expect(header.refreshes == 2)
        timer.invalidate()
        stage.advance(to: 2)
        #expect(header.refreshes == 2)
    }

    @Test("Swift 3 constants are typed: kCAFillModeForwards, kCAMediaTimingFunctionEaseIn, kCALineCapRound")
    func swift3Constants() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fillMode = kCAFillModeForwards
        animation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseIn)
        let shape = CAShapeLayer()
        shape.lineCap = kCALineCapRound
        #expect(animation.fillMode == .forwards && shape.lineCap == .round)
        #expect(UIEdgeInsetsMake(1, 2, 3, 4) == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(NSIndexPath(row: 3, section: 1).row == 3 && NSIndexPath(row: 3, section: 1).section == 1)
        #expect(NSNotification.Name.UIApplicationWillEnterForeground == UIApplication.willEnterForegroundNotification)
    }
}

/// iOS's NSObject-typed KVO entry point and selector notifications (DGElasticPullToRefresh).
@Suite("NSObject-typed observing and notifications")
struct NSObjectObservingTests {
    final class Loader: NSObject {
        var foregrounds = 0
        func applicationWillEnterForeground() { foregrounds += 1 }
    }

    @Test("an NSObject extension calling addObserver with an NSObject observer reaches a view and its observer")
    func nsObjectTypedObserver() {
        let (stage, scroll) = LibraryIdiomTests().pulledScene()
        let observer = LibraryIdiomTests.Controller()
        let asNSObject: NSObject = scroll
        asNSObject.addObserver(observer as NSObject, forKeyPath: "contentOffset", options: .new, context: nil)
        scroll.contentOffset = CGPoint(x: 0, y: 10)
        #expect(observer.heard.count == 1)
        asNSObject.removeObserver(observer as NSObject, forKeyPath: "contentOffset")
        scroll.contentOffset = .zero
        #expect(observer.heard.count == 1)
        #expect(stage.warnings.isEmpty)
    }

    @Test("an observer that cannot hear, or an object that cannot be observed, is one warning, not silence")
    func unobservableWarns() {
        let (stage, scroll) = LibraryIdiomTests().pulledScene()
        let deaf = Loader()
        for _ in 0..<3 { (scroll as NSObject).addObserver(deaf, forKeyPath: "contentOffset", options: .new, context: nil) }
        (Loader() as NSObject).addObserver(LibraryIdiomTests.Controller(), forKeyPath: "foregrounds", options: .new, context: nil)
        #expect(stage.warnings.count == 2, "\(stage.warnings)")
        #expect(stage.warnings.first?.contains("does not adopt NSKeyValueObserving") == true)
        #expect(stage.warnings.last?.contains("only views and gesture recognizers are observable") == true)
    }

    @Test("NotificationCenter's selector form takes a method reference and stops with its observer")
    func selectorNotifications() {
        let center = NotificationCenter()
        var loader: Loader? = Loader()
        center.addObserver(
            loader!, selector: Loader.applicationWillEnterForeground,
            name: NSNotification.Name.UIApplicationWillEnterForeground, object: nil)
        center.post(name: UIApplication.willEnterForegroundNotification, object: nil)
        #expect(loader?.foregrounds == 1)
        weak let gone = loader
        loader = nil
        #expect(gone == nil, "the registration does not keep the observer")
        center.post(name: UIApplication.willEnterForegroundNotification, object: nil)
    }
}
