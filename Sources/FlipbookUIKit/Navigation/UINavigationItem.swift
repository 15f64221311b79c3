import FlipbookCore
import Foundation

/// What a controller shows in a navigation bar while it is on top (UIKit's `UINavigationItem`):
/// a title, bar button items, the back item the next controller's back button shows.
open class UINavigationItem: NSObject {
    /// How a large title shows (`prefersLargeTitles` on the bar turns them on).
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never }

    open var title: String? {
        didSet { changed() }
    }
    open var titleView: UIView? {
        didSet { changed() }
    }
    open var leftBarButtonItem: UIBarButtonItem? {
        didSet { changed() }
    }
    open var rightBarButtonItem: UIBarButtonItem? {
        didSet { changed() }
    }
    open var leftBarButtonItems: [UIBarButtonItem]? {
        get { leftBarButtonItem.map { [$0] } }
        set { leftBarButtonItem = newValue?.first }
    }
    open var rightBarButtonItems: [UIBarButtonItem]? {
        get { rightBarButtonItem.map { [$0] } }
        set { rightBarButtonItem = newValue?.first }
    }
    /// The back button the next controller's bar shows for this one (its title is used).
    open var backBarButtonItem: UIBarButtonItem?
    /// The back button's title for this item when it is the one gone back to (iOS 11).
    open var backButtonTitle: String?
    open var hidesBackButton = false {
        didSet { changed() }
    }
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic {
        didSet { changed() }
    }

    /// The bar showing this item, told when it changes.
    weak var bar: UINavigationBar?

    public init(title: String) {
        self.title = title
        super.init()
    }
    public override init() { super.init() }

    private func changed() { bar?.itemsDidChange() }
}

/// A button in a bar (UIKit's `UIBarButtonItem`): a title, an image, a system item or a custom
/// view, with a target–action (`#selector(save)` → `Controller.save`) or a `UIAction`.
open class UIBarButtonItem: NSObject {
    public enum Style: Int, Sendable { case plain, bordered, done }
    /// System items; each is drawn as its title (Flipbook has no SF Symbols to draw the glyphs).
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search, refresh,
            stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close

        var title: String {
            switch self {
            case .done: return "Done"
            case .cancel: return "Cancel"
            case .edit: return "Edit"
            case .save: return "Save"
            case .add: return "+"
            case .undo: return "Undo"
            case .redo: return "Redo"
            case .close: return "Close"
            case .flexibleSpace, .fixedSpace: return ""
            default: return String(describing: self).capitalized
            }
        }
    }

    open var title: String?
    open var image: UIImage?
    open var style: Style = .plain
    open var customView: UIView?
    open var isEnabled = true
    open var tintColor: UIColor?
    /// Runs when the item's button is tapped.
    var action: (() -> Void)?

    public override init() { super.init() }

    public init<Target: AnyObject>(title: String?, style: Style, target: Target?, action: ((Target) -> () -> Void)?) {
        self.title = title
        self.style = style
        super.init()
        setAction(target, action)
    }

    public init<Target: AnyObject>(image: UIImage?, style: Style, target: Target?, action: ((Target) -> () -> Void)?) {
        self.image = image
        self.style = style
        super.init()
        setAction(target, action)
    }

    public init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target?, action: ((Target) -> () -> Void)?) {
        title = systemItem.title
        style = systemItem == .done ? .done : .plain
        super.init()
        setAction(target, action)
    }

    /// A title or image item whose action is a `UIAction` (iOS 14).
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.title = title ?? primaryAction?.title
        self.image = image
        super.init()
        if let primaryAction { action = { primaryAction.handler(primaryAction) } }
    }

    public init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        title = systemItem.title
        style = systemItem == .done ? .done : .plain
        super.init()
        if let primaryAction { action = { primaryAction.handler(primaryAction) } }
    }

    public init(customView: UIView) {
        self.customView = customView
        super.init()
    }

    private func setAction<Target: AnyObject>(_ target: Target?, _ method: ((Target) -> () -> Void)?) {
        guard let target, let method else { return }
        weak let weakTarget = target
        action = { if let t = weakTarget { method(t)() } }
    }
}
