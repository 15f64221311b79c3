import Flipbook
import Foundation
import Testing

/// A library's example app as its code sets it up (issue 43 item 6): a table controller inside a
/// `UINavigationController` with a title and a bar button, a detail pushed and popped.
@Suite("navigation controllers")
struct NavigationPortTests {
    // ---- iOS code (the one edit: `#selector(addTapped)` → `ListController.addTapped`) ----
    final class ListController: UITableViewController {
        var log: [String] = []
        var added = 0
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Inbox"
            navigationItem.rightBarButtonItem = UIBarButtonItem(
                barButtonSystemItem: .add, target: self, action: ListController.addTapped)
        }
        override func viewWillAppear(_ animated: Bool) { log.append("list will appear") }
        override func viewDidAppear(_ animated: Bool) { log.append("list did appear") }
        override func viewWillDisappear(_ animated: Bool) { log.append("list will disappear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("list did disappear") }
        func addTapped() { added += 1 }
    }

    final class DetailController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Message"
            view.backgroundColor = .systemBackground
        }
    }
    // ---- end ----

    static func app(largeTitles: Bool = false) -> (Stage, UINavigationController, ListController) {
        let stage = Stage(size: CGSize(width: 375, height: 667), scale: 2)
        let list = ListController()
        let navigation = UINavigationController(rootViewController: list)
        navigation.navigationBar.prefersLargeTitles = largeTitles
        (stage.rootView as? UIWindow)?.rootViewController = navigation
        return (stage, navigation, list)
    }

    @Test("the table rests under the 44 pt bar (96 with a large title): its safe area and offset say so")
    func tableUnderBar() throws {
        let (_, navigation, list) = Self.app()
        #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 0, width: 375, height: 44))
        #expect(list.tableView.frame == CGRect(x: 0, y: 0, width: 375, height: 667), "under a translucent bar")
        #expect(list.tableView.adjustedContentInset.top == 44 && list.tableView.contentOffset.y == -44)
        #expect(list.navigationController === navigation && navigation.topViewController === list)
        #expect(list.navigationItem.title == "Inbox")
        let (_, large, largeList) = Self.app(largeTitles: true)
        #expect(large.navigationBar.frame.height == 96 && largeList.tableView.contentOffset.y == -96)
    }

    @Test("push slides the detail in from the right over 0.35 s with iOS's appearance order; the back button pops")
    func pushAndPop() throws {
        let (stage, navigation, list) = Self.app()
        stage.advance(to: 0.1)
        let detail = DetailController()
        stage.schedule(at: 0.5) { navigation.pushViewController(detail, animated: true) }
        stage.advance(to: 0.5 + 0.175)
        let midway = try #require(detail.view.layer.presentation()?.frame.minX)
        #expect(midway > 0 && midway < 375, "half way: \(midway)")
        #expect(list.log.suffix(1) == ["list will disappear"])
        stage.advance(to: 1)
        #expect(detail.view.frame.minX == 0 && list.view.superview == nil)
        #expect(list.log.suffix(2) == ["list will disappear", "list did disappear"])
        #expect(navigation.viewControllers.count == 2 && detail.navigationController === navigation)
        // The back button says where it goes; tapping it pops.
        stage.tap(CGPoint(x: 30, y: 22), at: 1.2)
        stage.advance(to: 2)
        #expect(navigation.topViewController === list && list.log.suffix(2) == ["list will appear", "list did appear"], "\(list.log)")
        #expect(list.tableView.contentOffset.y == -44, "back at rest under the bar")
    }

    @Test("the bar button's action runs when it is tapped")
    func barButton() {
        let (stage, _, list) = Self.app()
        stage.tap(CGPoint(x: 375 - 24, y: 22), at: 0.3)
        stage.advance(to: 1)
        #expect(list.added == 1)
    }
}

/// What a navigation controller passes on and how its bar makes room (issue 60 item 4).
@Suite("navigation appearance and titles")
struct NavigationAppearanceTests {
    final class Titled: UIViewController {
        init(title: String) {
            super.init(nibName: nil, bundle: nil)
            self.title = title
        }
        required init?(coder: NSCoder) { fatalError("not used") }
    }

    @Test("the root controller hears viewWillAppear and viewDidAppear when its navigation controller appears")
    func rootHearsAppearance() {
        let (_, _, list) = NavigationPortTests.app()
        #expect(list.log.prefix(2) == ["list will appear", "list did appear"], "\(list.log)")
    }

    /// The bar's title label and back button as drawn.
    func titleAndBack(_ bar: UINavigationBar, _ title: String) throws -> (UILabel, UIButton) {
        let label = try #require(bar.subviews.compactMap { $0 as? UILabel }.first { $0.text == title && !$0.isHidden })
        let back = try #require(bar.subviews.compactMap { $0 as? UIButton }.first)
        return (label, back)
    }

    func pushed(_ title: String) -> (UINavigationBar, UILabel?) {
        let (stage, navigation, _) = NavigationPortTests.app()
        navigation.pushViewController(Titled(title: title), animated: false)
        stage.advance(to: 0.1)
        return (navigation.navigationBar, nil)
    }

    @Test("a short title is centred on the bar; a longer one moves clear of the back button, whole")
    func titleBesideBack() throws {
        let (bar, _) = pushed("Mail")
        let (short, _) = try titleAndBack(bar, "Mail")
        #expect(abs(short.frame.midX - 375 / 2) < 0.01)
        let long = "Re: the quarterly planning notes"
        let (bar2, _) = pushed(long)
        let (label, back) = try titleAndBack(bar2, long)
        let natural = label.sizeThatFits(CGSize(width: 1000, height: 44)).width
        #expect(back.title(for: .normal) == "Inbox", "room enough beside the back title")
        #expect(label.frame.width == natural, "not truncated")
        #expect(label.frame.minX >= back.frame.maxX + 8 - 0.001, "clear of the back button")
        #expect(label.frame.midX > 375 / 2, "pushed right of centre")
    }

    @Test("a title too long for the room makes the back button drop its title, then truncates")
    func backGivesWay() throws {
        let long = "A subject line far too long to fit on any phone's navigation bar at all"
        let (bar, _) = pushed(long)
        let (label, back) = try titleAndBack(bar, long)
        #expect(back.title(for: .normal) == "", "the chevron alone")
        #expect(label.frame.minX >= back.frame.maxX + 8 - 0.001 && label.frame.maxX <= 375 - 8 + 0.001)
        #expect(label.frame.width < label.sizeThatFits(CGSize(width: 1000, height: 44)).width, "truncated")
    }
}
