import FlipbookCore
import Foundation

/// A button revealed by swiping a table row (UIKit's names; timing-model.md 11.13).
open class UIContextualAction: NSObject {
    public enum Style: Int, Sendable { case normal, destructive }
    /// What the action does: the action, the button's view, and a completion to call with
    /// whether it was performed (the row closes either way).
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    public let style: Style
    open var title: String?
    open var image: UIImage?
    /// The button's colour: red for a destructive action, grey otherwise, unless set.
    open var backgroundColor: UIColor!
    public let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
        super.init()
    }
}

/// The actions a swipe reveals on one side of a row, first action outermost... as UIKit orders
/// them: the first action sits at the edge the row is swiped from.
open class UISwipeActionsConfiguration: NSObject {
    public let actions: [UIContextualAction]
    /// Whether swiping the row all the way across performs the first action (true by default).
    open var performsFirstActionWithFullSwipe = true

    public init(actions: [UIContextualAction]) {
        self.actions = actions
        super.init()
    }
}
