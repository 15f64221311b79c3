import Flipbook
import Foundation
import Testing

/// Associated objects, key-value observing (both spellings) and Stage-clock timers: what
/// refresh libraries port with.
@Suite("associated objects, KVO and Stage timers")
struct ObservationAndTimerTests {
    nonisolated(unsafe) static var headerKey: UInt8 = 0

    final class Header: UIView {
        var offsets: [CGFloat] = []
        var contexts: [UnsafeMutableRawPointer?] = []
        override func observeValue(
            forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
            context: UnsafeMutableRawPointer?
        ) {
            guard keyPath == "contentOffset", let new = change?[.newKey] as? CGPoint else { return }
            offsets.append(new.y)
            contexts.append(context)
        }
    }

    @Test("objc_setAssociatedObject hangs a header on a scroll view: retained, assign is weak, nil removes")
    func associatedObjects() {
        let scroll = UIScrollView()
        var header: Header? = Header()
        objc_setAssociatedObject(scroll, &Self.headerKey, header, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        weak let weakHeader = header
        header = nil
        #expect(weakHeader != nil, "retained by the association")
        #expect(objc_getAssociatedObject(scroll, &Self.headerKey) as? Header === weakHeader)
        objc_setAssociatedObject(scroll, &Self.headerKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(weakHeader == nil, "released when removed")
        var assigned: UIView? = UIView()
        objc_setAssociatedObject(scroll, &Self.headerKey, assigned, .OBJC_ASSOCIATION_ASSIGN)
        #expect(objc_getAssociatedObject(scroll, &Self.headerKey) != nil)
        assigned = nil
        #expect(objc_getAssociatedObject(scroll, &Self.headerKey) == nil, "assign does not retain")
        #expect(objc_getAssociatedObject(UIScrollView(), &Self.headerKey) == nil, "per object")
        objc_setAssociatedObject(scroll, &Self.headerKey, "copied", .OBJC_ASSOCIATION_COPY)
        #expect(objc_getAssociatedObject(scroll, &Self.headerKey) as? String == "copied")
    }

    @Test("addObserver(_:forKeyPath:) delivers contentOffset changes with the context; removeObserver stops them")
    func stringKVO() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 500)
        let header = Header()
        var token = 7
        withUnsafeMutablePointer(to: &token) { ctx in
            scroll.addObserver(header, forKeyPath: "contentOffset", options: [.new, .old, .initial], context: ctx)
            scroll.contentOffset = CGPoint(x: 0, y: -30)
            scroll.contentOffset = CGPoint(x: 0, y: -30)  // unchanged: no notification
            scroll.contentOffset = CGPoint(x: 0, y: 12)
            #expect(header.offsets == [0, -30, 12], "initial, then each change")
            #expect(header.contexts.allSatisfy { $0 == UnsafeMutableRawPointer(ctx) })
            scroll.removeObserver(header, forKeyPath: "contentOffset", context: ctx)
        }
        scroll.contentOffset = .zero
        #expect(header.offsets.count == 3)
    }

    @Test("observe(\\.contentOffset) hears each change with old and new values until invalidated; frame and contentInset too")
    func typedKVO() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var seen: [(CGFloat?, CGFloat?)] = []
        var observation: NSKeyValueObservation? = scroll.observe(\.contentOffset, options: [.new, .old]) { view, change in
            seen.append((change.oldValue?.y, change.newValue?.y))
            #expect(view === scroll)
        }
        scroll.contentOffset = CGPoint(x: 0, y: -20)
        scroll.contentSize = CGSize(width: 100, height: 300)  // another key: no call for contentOffset
        scroll.contentOffset = CGPoint(x: 0, y: 40)
        #expect(seen.map(\.0) == [0, -20] && seen.map(\.1) == [-20, 40])
        var insets: [CGFloat] = []
        let insetObservation = scroll.observe(\.contentInset, options: [.new]) { _, change in insets.append(change.newValue?.top ?? -1) }
        scroll.contentInset = UIEdgeInsets(top: 60, left: 0, bottom: 0, right: 0)
        #expect(insets == [60])
        observation = nil  // released: observation ends
        scroll.contentOffset = CGPoint(x: 0, y: 10)
        #expect(seen.count == 2)
        insetObservation.invalidate()
        scroll.contentInset = .zero
        #expect(insets == [60])
        _ = observation
    }

    @Test("Stage timers fire at exact multiples of the interval; repeating ones until invalidated; changes inside animate implicitly")
    func timers() {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0.1)
        var fired: [Double] = []
        stage.scheduledTimer(withTimeInterval: 0.3, repeats: true) { timer in
            fired.append(CACurrentMediaTime())
            if fired.count == 3 { timer.invalidate() }
            layer.opacity = fired.count % 2 == 0 ? 1 : 0
        }
        var once: [Double] = []
        stage.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in once.append(CACurrentMediaTime()) }
        stage.advance(to: 0.45)
        #expect(layer.animation(forKey: "opacity") != nil, "the timer's change animates implicitly from its instant")
        stage.advance(to: 2)
        #expect(fired.count == 3)
        for (t, want) in zip(fired, [0.4, 0.7, 1.0]) { #expect(abs(t - want) < 1e-9, "\(fired)") }
        #expect(once.count == 1 && abs(once[0] - 0.15) < 1e-9)
    }

    @Test("a display link ticks at 60 Hz on the Stage clock, pauses and stops")
    func displayLink() {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        var ticks: [Double] = []
        let link = stage.displayLink { link in ticks.append(link.timestamp) }
        stage.advance(to: 0.05)
        #expect(ticks.count == 3)
        #expect(abs(ticks[2] - 3.0 / 60) < 1e-9 && abs(link.targetTimestamp - 4.0 / 60) < 1e-9)
        link.isPaused = true
        stage.advance(to: 0.1)
        #expect(ticks.count == 3)
        link.isPaused = false
        link.invalidate()
        stage.advance(to: 0.2)
        #expect(ticks.count == 3)
    }
}
