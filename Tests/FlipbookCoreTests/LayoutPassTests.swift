import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// The layout pass as Core Animation runs it (timing-model.md 12.9).
@Suite("layout pass")
struct LayoutPassTests {
    /// A layer that logs its layouts into a shared list and can resize its first sublayer.
    final class LoggingLayer: CALayer {
        var log: LayoutLog?
        var resizeFirstSublayerTo: CGSize?
        var asksAgain = false
        override func layoutSublayers() {
            super.layoutSublayers()
            log?.entries.append(name ?? "?")
            if let size = resizeFirstSublayerTo { sublayers?.first?.bounds.size = size }
            if asksAgain { setNeedsLayout() }
        }
    }

    final class LayoutLog { var entries: [String] = [] }

    final class Delegate: CALayerDelegate {
        var laidOut: [CALayer] = []
        func layoutSublayers(of layer: CALayer) { laidOut.append(layer) }
    }

    final class LoggingView: UIView {
        var log: LayoutLog?
        override func layoutSubviews() { log?.entries.append("layoutSubviews") }
    }

    final class Controller: UIViewController {
        var log = LayoutLog()
        override func loadView() {
            let v = LoggingView()
            v.log = log
            view = v
        }
        override func viewWillLayoutSubviews() { log.entries.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.entries.append("viewDidLayoutSubviews") }
    }

    func layer(_ name: String, _ log: LayoutLog) -> LoggingLayer {
        let l = LoggingLayer()
        l.name = name
        l.log = log
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        return l
    }

    @Test("12.9.1/2: setNeedsLayout marks the layer; the Stage's commit lays it out once and clears the mark")
    func marksAndCommits() {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        let log = LayoutLog()
        let a = layer("a", log)
        stage.rootLayer.addSublayer(a)
        stage.advance(to: 0.1)
        log.entries = []
        #expect(!a.needsLayout())
        a.setNeedsLayout()
        a.setNeedsLayout()
        #expect(a.needsLayout())
        #expect(log.entries.isEmpty, "layout waits for the commit")
        stage.advance(to: 0.2)
        #expect(log.entries == ["a"])
        #expect(!a.needsLayout())
        stage.advance(to: 0.3)
        #expect(log.entries == ["a"], "nothing asked: nothing runs")
    }

    @Test("12.9.1: a bounds size change and sublayers added or removed mark the layer; a move does not")
    func whatMarks() {
        let a = CALayer()
        a.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        a.layoutIfNeeded()
        #expect(!a.needsLayout())
        a.position = CGPoint(x: 40, y: 40)
        a.bounds.origin = CGPoint(x: 3, y: 3)
        #expect(!a.needsLayout(), "position and bounds origin leave layout alone")
        a.bounds.size = CGSize(width: 20, height: 10)
        #expect(a.needsLayout())
        a.layoutIfNeeded()
        let b = CALayer()
        a.addSublayer(b)
        #expect(a.needsLayout(), "adding a sublayer")
        a.layoutIfNeeded()
        b.removeFromSuperlayer()
        #expect(a.needsLayout(), "removing one")
        a.layoutIfNeeded()
        a.sublayers = [CALayer()]
        #expect(a.needsLayout(), "replacing the list")
    }

    @Test("12.9.3: top-down; a layout that resizes a sublayer is followed by that sublayer's layout in the same pass")
    func topDown() {
        let log = LayoutLog()
        let root = layer("root", log), child = layer("child", log), grandchild = layer("grandchild", log)
        root.addSublayer(child)
        child.addSublayer(grandchild)
        root.layoutIfNeeded()
        log.entries = []
        grandchild.setNeedsLayout()
        root.setNeedsLayout()
        root.resizeFirstSublayerTo = CGSize(width: 30, height: 30)
        root.layoutIfNeeded()
        #expect(log.entries == ["root", "child", "grandchild"])
        #expect(!child.needsLayout() && !grandchild.needsLayout())
    }

    @Test("12.9.4: layoutIfNeeded goes up through marked superlayers and lays out the tree below the outermost")
    func layoutIfNeededClimbs() {
        let log = LayoutLog()
        let top = layer("top", log), middle = layer("middle", log), leaf = layer("leaf", log), sibling = layer("sibling", log)
        top.addSublayer(middle)
        middle.addSublayer(leaf)
        middle.addSublayer(sibling)
        top.layoutIfNeeded()
        log.entries = []
        middle.setNeedsLayout()
        sibling.setNeedsLayout()
        leaf.layoutIfNeeded()
        #expect(log.entries == ["middle", "sibling"], "middle is marked, top is not: middle's tree is laid out")
        log.entries = []
        leaf.layoutIfNeeded()
        #expect(log.entries.isEmpty, "nothing marked: nothing runs")
    }

    @Test("12.9.5: the default layoutSublayers asks the delegate")
    func delegateLayout() {
        let delegate = Delegate()
        let l = CALayer()
        l.delegate = delegate
        l.setNeedsLayout()
        l.layoutIfNeeded()
        #expect(delegate.laidOut.count == 1 && delegate.laidOut.first === l)
    }

    @Test("12.9.5: a view lays out through its layer, its controller hearing will/did around layoutSubviews")
    func viewThroughLayer() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let controller = Controller()
        (stage.rootView as? UIWindow)?.rootViewController = controller
        stage.advance(to: 0.1)
        controller.log.entries = []
        controller.view.layer.setNeedsLayout()
        #expect(controller.view.layer.needsLayout())
        controller.view.layer.layoutIfNeeded()
        #expect(controller.log.entries == ["viewWillLayoutSubviews", "layoutSubviews", "viewDidLayoutSubviews"])
        controller.log.entries = []
        controller.view.addSubview(UIView())
        stage.advance(to: 0.2)
        #expect(
            controller.log.entries == ["viewWillLayoutSubviews", "layoutSubviews", "viewDidLayoutSubviews"],
            "adding a subview lays out its superview")
    }

    @Test("12.9.2: layout runs before the frame is taken: what layoutSublayers places is in the same frame")
    func layoutBeforeFrame() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let log = LayoutLog()
        let parent = layer("parent", log), child = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        parent.addSublayer(child)
        parent.resizeFirstSublayerTo = CGSize(width: 64, height: 32)
        stage.rootLayer.addSublayer(parent)
        stage.advance(to: 0)
        let frame = stage.snapshot()
        let drawnChild = frame.root.sublayers.first?.sublayers.first
        #expect(drawnChild?.state.bounds.size == CGSize(width: 64, height: 32))
    }

    @Test("12.9.6: a layout that always asks again is bounded per commit and warned about once, never a hang")
    func boundedLoop() {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        let log = LayoutLog()
        let restless = layer("restless", log)
        restless.asksAgain = true
        stage.rootLayer.addSublayer(restless)
        let passes = TransactionContext.maximumLayoutPasses
        // advance(to:) commits what was pending at the start and again at the end.
        stage.advance(to: 0.1)
        #expect(log.entries.count == 2 * passes, "each commit stops after its passes")
        stage.advance(to: 0.2)
        #expect(log.entries.count == 4 * passes, "the next commits try again, bounded again")
        let warnings = stage.warnings.filter { $0.contains("layout did not settle") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("restless") == true)
        // Transactions are per thread: let the layer settle so no later test on this thread
        // commits it.
        restless.asksAgain = false
        stage.advance(to: 0.3)
        #expect(!restless.needsLayout())
    }

    @Test("deep trees lay out without overflowing the stack")
    func deepTree() {
        let root = CALayer()
        var last = root
        for _ in 0..<20_000 {
            let next = CALayer()
            last.addSublayer(next)
            last = next
        }
        last.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(!last.needsLayout())
    }
}
