import FlipbookCore
import Foundation

/// A tab's title, image and badge (UIKit's names), as a tab bar shows it.
open class UITabBarItem: NSObject {
    /// UIKit's system tabs (drawn with their title; the glyphs are Apple's).
    public enum SystemItem: Int, Sendable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed
    }

    open var title: String? { didSet { changed() } }
    open var image: UIImage? { didSet { changed() } }
    /// Shown while the tab is selected (the image when nil).
    open var selectedImage: UIImage? { didSet { changed() } }
    open var tag = 0
    open var isEnabled = true { didSet { changed() } }
    /// A red badge at the image's top right with this text (a dot for an empty string).
    open var badgeValue: String? { didSet { changed() } }
    /// The badge's colour (the system red when nil).
    open var badgeColor: UIColor? { didSet { changed() } }

    /// The bar showing the item, told when it changes.
    weak var bar: UITabBar?

    public override init() {}

    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
    }

    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        let titles: [SystemItem: String] = [
            .more: "More", .favorites: "Favorites", .featured: "Featured", .topRated: "Top Rated", .recents: "Recents",
            .contacts: "Contacts", .history: "History", .bookmarks: "Bookmarks", .search: "Search", .downloads: "Downloads",
            .mostRecent: "Most Recent", .mostViewed: "Most Viewed"
        ]
        title = titles[systemItem]
        self.tag = tag
    }

    private func changed() { bar?.itemsDidChange() }
}
