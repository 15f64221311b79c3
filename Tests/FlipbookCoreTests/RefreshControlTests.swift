import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

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
        control.addAction(
            UIAction { action in
                sent += 1
                #expect(action.sender as? UIRefreshControl === control)
            }, for: .valueChanged)
        #expect(control.superview === table && table.subviews.first === control)
        table.beginDragging()
        table.drag(translation: CGPoint(x: 0, y: 80))  // rubber band: ~40 pt of content
        #expect(!control.isRefreshing)
        #expect(abs(control.frame.height - max(60, -table.contentOffset.y)) < 1e-9)
        table.drag(translation: CGPoint(x: 0, y: 300))  // ~121 pt: past 60
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
        #expect(abs(table.contentOffset.y - (-60 + (released + 60) * exp(-10 * 0.1))) < 1e-9)  // x0·e^(−10t)
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
        #expect(control.isRefreshing && sent == 0)  // as on iOS: no .valueChanged from code
        #expect(table.contentInset.top == 60 && table.contentOffset.y == 0)
        control.endRefreshing()
        #expect(table.contentInset.top == 0)
    }

    @Test("a short pull springs back to the edge without refreshing")
    func shortPull() {
        let (stage, table, control) = makeTable()
        table.beginDragging()
        table.drag(translation: CGPoint(x: 0, y: 100))  // ~49 pt: short of 60
        let released = table.contentOffset.y
        table.endDragging()
        #expect(!control.isRefreshing && table.contentInset.top == 0 && table.contentOffset.y == released)
        stage.advance(to: 0.2)  // 0.1 s into the bounce back (13.4)
        #expect(abs(table.contentOffset.y - released * exp(-10 * 0.1)) < 1e-9)  // x0·e^(−10t) from rest
        stage.advance(to: 2)
        #expect(table.contentOffset.y == 0 && table.layer.presentation()?.bounds.origin.y == 0)
    }

    /// A default table: an iPhone-sized 375 × 667 pt table view controller's table.
    func defaultTable() -> (Stage, UITableView, UIRefreshControl) {
        let stage = Stage(size: CGSize(width: 375, height: 667), scale: 1)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        let control = UIRefreshControl()
        table.refreshControl = control
        stage.rootView.addSubview(table)
        stage.advance(to: 0)
        return (stage, table, control)
    }

    @Test("a 150 pt finger pull on a default table fires .valueChanged; the trigger is the control uncovered (60 pt)")
    func fingerPullOf150Fires() {
        let (stage, table, control) = defaultTable()
        var sent = 0
        control.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        table.perform(.pull(150, over: 0.5), at: 0.1)
        stage.advance(to: 0.7)
        #expect(sent == 1 && control.isRefreshing)
        // The rubber band (timing-model.md 13.2) turns 150 pt of finger into this much pull,
        // past the 60 pt trigger: (1 − 1/(150·0.55/667 + 1))·667.
        let pulled: Double = (1 - 1 / (150 * 0.55 / 667 + 1)) * 667
        #expect(pulled > UIRefreshControl.triggerDistance)
        let (stage2, table2, control2) = defaultTable()
        table2.perform(.pull(100, over: 0.5), at: 0.1)  // (1 − 1/(100·0.55/667 + 1))·667 ≈ 50.8 pt
        stage2.advance(to: 0.7)
        #expect(!control2.isRefreshing)
    }

    @Test("the spinner's spokes appear one per 7.5 pt of pull, clockwise from the top, then all spin while refreshing")
    func spokesFollowThePull() throws {
        let (_, table, control) = defaultTable()
        let spinner = control.spinner
        #expect(spinner.revealedSpokes == 0, "nothing pulled, nothing drawn")
        table.beginDragging()
        // Pull until the content is 31 pt down: 31 / 60 × 8 = 4.13 spokes → 4.
        var finger: CGFloat = 0
        while -table.contentOffset.y < 31 {
            finger += 0.5
            table.drag(translation: CGPoint(x: 0, y: finger))
        }
        #expect(spinner.revealedSpokes == 4)
        #expect(!spinner.isAnimating)
        // Centred in what is pulled into view, in the middle of the table's width.
        let centre = control.convert(spinner.center, to: table)
        #expect(abs(centre.x - 187.5) < 1e-9)
        #expect(abs(centre.y - table.contentOffset.y / 2) < 1, "centre of the 31 pt pulled into view: \(centre.y)")
        table.drag(translation: CGPoint(x: 0, y: 300))
        #expect(control.isRefreshing && spinner.isAnimating)
        control.endRefreshing()
        #expect(!spinner.isAnimating)
    }

    @Test("the spokes are grey by default and take the control's own tint (clear hides them, as 2015 code relies on)")
    func spokeColour() {
        let (_, _, control) = defaultTable()
        #expect(control.spinner.color == UIColor(white: 0.5, alpha: 1))
        control.tintColor = .clear
        #expect(control.spinner.color == .clear)
    }
}
