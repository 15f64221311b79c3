import Flipbook
import Foundation
import Testing

/// UIKit-lite pieces real refresh libraries lean on: `init()` everywhere, the view lifecycle
/// in UIKit's order, layout, autoresizing.
@Suite("view lifecycle, layout and autoresizing")
struct ViewLifecycleTests {
    final class Recorder: UIView {
        var log: [String] = []
        var layouts = 0
        override func willMove(toSuperview newSuperview: UIView?) {
            log.append("willMove(toSuperview: \(newSuperview == nil ? "nil" : "view"))")
        }
        override func didMoveToSuperview() { log.append("didMoveToSuperview") }
        override func willMove(toWindow newWindow: UIWindow?) { log.append("willMove(toWindow: \(newWindow == nil ? "nil" : "window"))") }
        override func didMoveToWindow() { log.append("didMoveToWindow \(window == nil ? "nil" : "window")") }
        override func layoutSubviews() { layouts += 1 }
    }

    final class Header: UIView {
        let title = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(title)
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    @Test("init() works on every view class and on subclasses that override init(frame:)")
    func plainInit() {
        let views: [UIView] = [UIView(), UILabel(), UIImageView(), UIScrollView(), UIControl(), Header(), Recorder()]
        #expect(views.allSatisfy { $0.frame == .zero })
        #expect(Header().subviews.count == 1)
    }

    @Test("adding to and removing from a view in the window calls UIKit's callbacks in its order, on the subtree too")
    func lifecycleOrder() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let parent = Recorder(), child = Recorder()
        parent.addSubview(child)
        #expect(child.log == ["willMove(toSuperview: view)", "didMoveToSuperview"], "no window yet")
        child.log = []
        stage.rootView.addSubview(parent)
        #expect(parent.window === stage.rootView && stage.rootView is UIWindow)
        #expect(parent.log == ["willMove(toSuperview: view)", "willMove(toWindow: window)", "didMoveToWindow window", "didMoveToSuperview"])
        #expect(child.log == ["willMove(toWindow: window)", "didMoveToWindow window"])
        parent.log = []
        child.log = []
        parent.removeFromSuperview()
        #expect(parent.log == ["willMove(toSuperview: nil)", "willMove(toWindow: nil)", "didMoveToWindow nil", "didMoveToSuperview"])
        #expect(child.log == ["willMove(toWindow: nil)", "didMoveToWindow nil"])
        #expect(parent.window == nil)
    }

    @Test("setNeedsLayout runs layoutSubviews once before the Stage commits; a size change asks for it; layoutIfNeeded runs it now")
    func layout() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let v = Recorder(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.rootView.addSubview(v)
        stage.advance(to: 0.1)
        #expect(v.layouts == 1, "added views lay out once")
        v.setNeedsLayout()
        v.setNeedsLayout()
        stage.advance(to: 0.2)
        #expect(v.layouts == 2)
        v.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        stage.advance(to: 0.3)
        #expect(v.layouts == 2, "a move alone does not lay out")
        v.bounds.size = CGSize(width: 20, height: 10)
        v.layoutIfNeeded()
        #expect(v.layouts == 3)
        stage.advance(to: 0.4)
        #expect(v.layouts == 3, "already laid out")
    }

    @Test("autoresizing spreads a superview's size change over the flexible parts")
    func autoresizing() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let stretch = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 20))
        stretch.autoresizingMask = [.flexibleWidth]
        let pinnedRight = UIView(frame: CGRect(x: 80, y: 40, width: 10, height: 10))
        pinnedRight.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
        let centred = UIView(frame: CGRect(x: 40, y: 70, width: 20, height: 10))
        centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        let fixed = UIView(frame: CGRect(x: 5, y: 5, width: 5, height: 5))
        for v in [stretch, pinnedRight, centred, fixed] { parent.addSubview(v) }
        parent.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(stretch.frame == CGRect(x: 10, y: 10, width: 180, height: 20))
        #expect(pinnedRight.frame == CGRect(x: 180, y: 40, width: 10, height: 10))
        #expect(centred.frame == CGRect(x: 90, y: 70, width: 20, height: 10))
        #expect(fixed.frame == CGRect(x: 5, y: 5, width: 5, height: 5))
        parent.autoresizesSubviews = false
        parent.bounds.size = CGSize(width: 100, height: 100)
        #expect(stretch.frame.width == 180, "autoresizesSubviews off")
    }
}
