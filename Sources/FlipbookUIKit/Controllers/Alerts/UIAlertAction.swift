import FlipbookCore
import Foundation

/// A button of an alert or action sheet (UIKit's names): its title, style and handler, which
/// runs once the alert has been dismissed.
open class UIAlertAction: NSObject {
    /// How the button looks: `.cancel` semibold (and apart in an action sheet), `.destructive`
    /// in the system red.
    public enum Style: Int, Sendable {
        case `default` = 0, cancel, destructive
    }

    public let title: String?
    public let style: Style
    /// A disabled action's button is dimmed and takes no taps.
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// Swift 3's name for the action's style.
public typealias UIAlertActionStyle = UIAlertAction.Style
