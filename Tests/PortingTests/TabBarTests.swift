import Flipbook
import Foundation
import Testing

/// A tab bar controller (timing-model.md 11.11), as an app's root is written.
@Suite("tab bar controllers")
struct TabBarTests {
    // ---- iOS code (no edits) ----
    final class Tab: UIViewController {
        var log: [String] = []
        init(_ title: String, badge: String? = nil) {
            super.init(nibName: nil, bundle: nil)
            self.title = title
            tabBarItem.badgeValue = badge
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
        }
        override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
        override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
    }

    final class Root: UITabBarController, UITabBarControllerDelegate {
        let home = Tab("Home"), inbox = Tab("Inbox", badge: "3"), settings = Tab("Settings")
        var locked = true
        var selections: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            delegate = self
            viewControllers = [home, inbox, settings]
        }
        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
            !(locked && viewController === inbox)
        }
        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            selections.append(viewController.title ?? "")
        }
    }
    // ---- end ----

    /// The app's root on a 300 × 400 stage, laid out.
    func launch() -> (Stage, Root) {
        let root = Root()
        let stage = Stage.hosting(root, size: CGSize(width: 300, height: 400), scale: 1)
        stage.advance(to: 0)
        return (stage, root)
    }

    @Test("the bar sits at the bottom, 49 pt high, in the children's safe area; tabs draw tinted and grey with a red badge")
    func layout() throws {
        let (stage, root) = launch()
        #expect(root.tabBar.frame == CGRect(x: 0, y: 351, width: 300, height: 49))
        #expect(root.home.view.safeAreaInsets.bottom == 49 && root.home.tabBarController === root && root.selectedIndex == 0)
        let picture = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        func inks(_ xs: Range<Int>) -> (blue: Bool, grey: Bool, red: Bool) {
            var result = (blue: false, grey: false, red: false)
            for y in 351..<400 {
                for x in xs {
                    let p = picture.pixel(x: x, y: y)
                    if p.b > 200 && p.r < 80 { result.blue = true }
                    if p.r < 200 && abs(Int(p.r) - Int(p.b)) < 8 && abs(Int(p.r) - Int(p.g)) < 8 { result.grey = true }
                    if p.r > 220 && p.g < 90 && p.b < 90 { result.red = true }
                }
            }
            return result
        }
        #expect(inks(0..<100).blue && !inks(0..<100).grey, "the selected tab's title in the tint")
        #expect(inks(100..<200).grey && inks(100..<200).red, "grey, with its red badge")
    }

    @Test("a tap selects a tab with the appearance callbacks in order; the delegate may refuse one")
    func selecting() throws {
        let (stage, root) = launch()
        root.home.log = []
        stage.tap(CGPoint(x: 250, y: 375), at: 0.1)
        stage.advance(to: 0.3)
        #expect(root.selectedIndex == 2 && root.selections == ["Settings"] && root.tabBar.selectedItem === root.settings.tabBarItem)
        #expect(root.home.log == ["willDisappear", "didDisappear"] && root.settings.log == ["willAppear", "didAppear"])
        #expect(root.settings.view.superview === root.view && root.home.view.superview == nil)
        stage.tap(CGPoint(x: 150, y: 375), at: 0.4)
        stage.advance(to: 0.6)
        #expect(root.selectedIndex == 2 && root.selections == ["Settings"], "the inbox is locked")
        root.selectedViewController = root.home
        #expect(root.selectedIndex == 0 && root.home.view.superview === root.view && root.selections == ["Settings"])
    }
}
