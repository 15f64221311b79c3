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
