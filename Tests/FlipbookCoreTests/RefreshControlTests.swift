import Foundation
import Testing
@testable import FlipbookCore

/// UIRefreshControl on a simulated UIScrollView (timing-model.md 13.4, 13.5, 11.3; the
/// geometry and trigger distance Apple leaves undocumented are in docs/engine-notes.md).
@Suite("UIRefreshControl (timing-model.md 13.5)")
struct RefreshControlTests {
    final class LayoutCounting: UIRefreshControl {
        var heights: [CGFloat] = []
        override func layoutSubviews() {
            super.layoutSubviews()
            heights.append(bounds.height)
        }
    }

    func makeTable() -> (Stage, UIScrollView, LayoutCounting) {
        let stage = Stage(size: CGSize(width: 320, height: 480))
        let table = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.contentSize = CGSize(width: 320, height: 1200)
        let control = LayoutCounting()
        table.refreshControl = control
        stage.rootView.addSubview(table)
        stage.advance(to: 0.1)
        return (stage, table, control)
    }

    @Test("pulling past the trigger distance begins refreshing once and sends .valueChanged (13.5)")
    func pullTriggers() {
        let (stage, table, control) = makeTable()
        var sent = 0
        control.addAction(UIAction { action in
            sent += 1
            #expect(action.sender as? UIRefreshControl === control)
        }, for: .valueChanged)
        #expect(control.superview === table && table.subviews.first === control)
        table.beginDragging()
        table.drag(translation: CGPoint(x: 0, y: 120))   // rubber band: ~53 pt of content
        #expect(!control.isRefreshing)
        #expect(abs(control.frame.height - max(60, -table.contentOffset.y)) < 1e-9)
        table.drag(translation: CGPoint(x: 0, y: 300))   // ~121 pt: past 100
        #expect(control.isRefreshing)
        table.drag(translation: CGPoint(x: 0, y: 320))
        #expect(sent == 1)
        // The control spans the pulled area, laid out each time it changed.
        #expect(abs(control.frame.minY - table.contentOffset.y) < 1e-9 && control.frame.maxY == 0)
        #expect(control.heights.count >= 3)
        let released = table.contentOffset.y
        table.endDragging()
        // Released while refreshing: the inset keeps the control showing and the content
        // springs back to −60 instead of 0 (13.4), the offset itself moving.
        #expect(table.contentInset.top == 60)
        #expect(table.contentOffset.y == released)
        stage.advance(to: 0.2)
        #expect(abs(table.contentOffset.y - (-60 + (released + 60) * exp(-10 * 0.1))) < 1e-9)   // x0·e^(−10t)
        stage.advance(to: 2)
        #expect(table.contentOffset.y == -60 && table.layer.presentation()?.bounds.origin.y == -60)
    }

    @Test("endRefreshing gives the inset back in a 0.25 s animation that slides the control away (11.3)")
    func endRefreshing() throws {
        let (stage, table, control) = makeTable()
        table.beginDragging()
        table.drag(translation: CGPoint(x: 0, y: 400))
        table.endDragging()
        stage.advance(to: 2)
        control.endRefreshing()
        #expect(!control.isRefreshing)
        #expect(table.contentInset.top == 0 && table.contentOffset.y == 0)
        stage.advance(to: 2.125)
        let y = try #require(table.layer.presentation()?.bounds.origin.y)
        #expect(y < -1 && y > -59, "half way: \(y)")
        stage.advance(to: 2.3)
        #expect(table.layer.presentation()?.bounds.origin.y == 0)
    }

    @Test("beginRefreshing from code keeps the content where it is and opens the inset")
    func beginFromCode() {
        let (_, table, control) = makeTable()
        var sent = 0
        control.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        control.beginRefreshing()
        #expect(control.isRefreshing && sent == 0)   // as on iOS: no .valueChanged from code
        #expect(table.contentInset.top == 60 && table.contentOffset.y == 0)
        control.endRefreshing()
        #expect(table.contentInset.top == 0)
    }

    @Test("a short pull springs back to the edge without refreshing")
    func shortPull() {
        let (stage, table, control) = makeTable()
        table.beginDragging()
        table.drag(translation: CGPoint(x: 0, y: 150))
        let released = table.contentOffset.y
        table.endDragging()
        #expect(!control.isRefreshing && table.contentInset.top == 0 && table.contentOffset.y == released)
        stage.advance(to: 0.2)   // 0.1 s into the bounce back (13.4)
        #expect(abs(table.contentOffset.y - released * exp(-10 * 0.1)) < 1e-9)   // x0·e^(−10t) from rest
        stage.advance(to: 2)
        #expect(table.contentOffset.y == 0 && table.layer.presentation()?.bounds.origin.y == 0)
    }
}
