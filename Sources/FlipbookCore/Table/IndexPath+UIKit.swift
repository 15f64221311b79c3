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
}
