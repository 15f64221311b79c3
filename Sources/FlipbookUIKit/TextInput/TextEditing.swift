import FlipbookCore
import Foundation

/// A view that edits text and can be told to stop (text fields and text views).
protocol TextEditing: UIView {
    /// Ends editing, asking the delegate first when `asking`.
    func endEditing(asking: Bool) -> Bool
}

extension UITextField: TextEditing {}

extension TextEditing {
    /// Becomes the window's editing view, ending the one that edits there first; false when
    /// that one refuses.
    func takeFirstResponder() -> Bool {
        if let current = window?.firstResponder, current !== self, !current.resignFirstResponder() { return false }
        window?.firstResponder = self
        return true
    }

    /// Is no longer the window's editing view.
    func releaseFirstResponder() {
        if window?.firstResponder === self { window?.firstResponder = nil }
    }
}

/// A keyboard's change at the end of a text: the UTF-16 range it replaces, what replaces it,
/// and the text after it.
struct EndEdit {
    let range: NSRange
    let replacement: String
    let result: String

    /// `typed` typed after `text`.
    init(typing typed: String, after text: String) {
        range = NSRange(location: text.utf16.count, length: 0)
        replacement = typed
        result = text + typed
    }

    /// The last character of `text` deleted (nil when there is none).
    init?(deletingLastOf text: String) {
        guard let last = text.last else { return nil }
        let count = String(last).utf16.count
        range = NSRange(location: text.utf16.count - count, length: count)
        replacement = ""
        result = String(text.dropLast())
    }

    /// An attributed text's first character's font and colour, which a field or text view takes
    /// as its own.
    static func firstFontAndColor(of text: NSAttributedString?) -> (UIFont?, UIColor?) {
        guard let text, text.length > 0 else { return (nil, nil) }
        let attributes = text.attributes(at: 0, effectiveRange: nil)
        return (attributes[.font] as? UIFont, attributes[.foregroundColor] as? UIColor)
    }
}

extension UIView {
    /// Ends the editing of the field or text view in this view's tree that is editing (`force`
    /// ends it whatever its delegate says). Returns whether none is left editing.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, let editor = window.firstResponder as? any TextEditing, editor.isDescendant(of: self) else { return true }
        return editor.endEditing(asking: !force)
    }
}
