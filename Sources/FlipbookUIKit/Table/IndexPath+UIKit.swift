import FlipbookCore
import Foundation

extension IndexPath {
    /// UIKit's table index path: a row in a section.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// The row within the section (UIKit).
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The section (UIKit).
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// UIKit's collection view index path: an item in a section.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The item within the section (UIKit's collection views; the same place as `row`).
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

extension NSIndexPath {
    /// UIKit's table index path (`NSIndexPath(row:section:)`).
    public convenience init(row: Int, section: Int) { self.init(indexes: [section, row], length: 2) }

    /// The row within the section (UIKit).
    public var row: Int { length > 1 ? index(atPosition: 1) : 0 }

    /// The section (UIKit).
    public var section: Int { length > 0 ? index(atPosition: 0) : 0 }

    /// UIKit's collection view index path (`NSIndexPath(item:section:)`).
    public convenience init(item: Int, section: Int) { self.init(indexes: [section, item], length: 2) }

    /// The item within the section (UIKit).
    public var item: Int { length > 1 ? index(atPosition: 1) : 0 }
}
