import FlipbookCore
import Foundation

/// The geometry of a text view's text (UIKit's `NSTextContainer`, as far as layout code sets it).
open class NSTextContainer: NSObject {
    /// Space at each end of every line, inside the container (5 pt, as UIKit's).
    open var lineFragmentPadding: CGFloat = 5 { didSet { owner?.textDidChangeLayout() } }
    /// Lines shown at most (0: all).
    open var maximumNumberOfLines = 0 { didSet { owner?.textDidChangeLayout() } }
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping { didSet { owner?.textDidChangeLayout() } }
    weak var owner: UITextView?
}

/// A scrolling, editable, multi-line text (UIKit's names): its text wrapped to the view's width
/// inside `textContainerInset` (8 pt above and below) and the container's line padding (5 pt a
/// side), from the top; the content size holds it all, and `sizeThatFits` gives the height it
/// needs (self-sizing inputs turn scrolling off and use it). A tap or `becomeFirstResponder()`
/// starts editing (the delegate asked); a script types with `insertText(_:)` (a newline is a
/// line break) and `deleteBackward()`, each change asked of the delegate, then told to it and
/// sent as `textDidChangeNotification` (timing-model.md 11.7). The caret is not drawn.
open class UITextView: UIScrollView, UIKeyInput, TextEditing {
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")

    open var text: String! {
        get { storedText }
        set {
            storedText = newValue ?? ""
            textDidChangeLayout()
        }
    }
    open var attributedText: NSAttributedString! {
        get { NSAttributedString(string: storedText, attributes: [.font: font as Any, .foregroundColor: textColor as Any]) }
        set {
            let (font, color) = EndEdit.firstFontAndColor(of: newValue)
            if let font { self.font = font }
            if let color { textColor = color }
            text = newValue?.string
        }
    }
    /// 12 pt system font when nil, as UIKit draws a text view without a font.
    open var font: UIFont? { didSet { textDidChangeLayout() } }
    open var textColor: UIColor? { didSet { textDidChangeLayout() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { textDidChangeLayout() } }
    open var isEditable = true
    open var isSelectable = true
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textDidChangeLayout() } }
    public let textContainer = NSTextContainer()
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var textContentType: UITextContentType?
    open var inputAccessoryView: UIView?
    public private(set) var isEditing = false

    private var storedText = ""
    private let textLabel = UILabel()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        backgroundColor = .systemBackground
        textContainer.owner = self
        addParts(textLabel)
        textDidChangeLayout()
    }

    /// The view's delegate as a text view's (set it through `delegate`).
    private var editingDelegate: (any UITextViewDelegate)? { delegate as? any UITextViewDelegate }

    // MARK: Size and layout

    private var textFont: UIFont { font ?? .systemFont(ofSize: 12) }

    /// The width lines wrap to inside `width`.
    private func lineWidth(in width: CGFloat) -> CGFloat {
        max(0, width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding)
    }

    /// The text's height wrapped to `width` (one empty line's when there is none).
    private func textHeight(wrappedTo width: CGFloat) -> CGFloat {
        let measured = UILabel()
        measured.font = textFont
        measured.numberOfLines = textContainer.maximumNumberOfLines
        measured.text = storedText.isEmpty ? " " : storedText
        return measured.sizeThatFits(CGSize(width: max(1, width), height: .greatestFiniteMagnitude)).height
    }

    /// The view as wide as `size`'s width and as tall as its text needs.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        return CGSize(
            width: width, height: ceil(textHeight(wrappedTo: lineWidth(in: width)) + textContainerInset.top + textContainerInset.bottom))
    }

    /// Without scrolling, the height its text needs (self-sizing inputs).
    open override var intrinsicContentSize: CGSize {
        isScrollEnabled ? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) : sizeThatFits(bounds.size)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutText()
    }

    func textDidChangeLayout() {
        UIView.performWithoutAnimation {
            textLabel.text = storedText
            textLabel.font = textFont
            textLabel.textColor = textColor ?? .label
            textLabel.textAlignment = textAlignment
            textLabel.numberOfLines = textContainer.maximumNumberOfLines
            textLabel.lineBreakMode = textContainer.lineBreakMode
            layoutText()
        }
        invalidateIntrinsicContentSize()
    }

    private func layoutText() {
        let width = lineWidth(in: bounds.width)
        let height = storedText.isEmpty ? 0 : ceil(textHeight(wrappedTo: width))
        UIView.performWithoutAnimation {
            textLabel.frame = CGRect(
                x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top, width: width, height: height)
        }
        let size = CGSize(width: bounds.width, height: height + textContainerInset.top + textContainerInset.bottom)
        if contentSize != size { contentSize = size }
    }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEditable }
    open override var isFirstResponder: Bool { isEditing }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isEditing else { return true }
        guard canBecomeFirstResponder, editingDelegate?.textViewShouldBeginEditing(self) ?? true else { return false }
        guard takeFirstResponder() else { return false }
        isEditing = true
        editingDelegate?.textViewDidBeginEditing(self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool { endEditing(asking: true) }

    func endEditing(asking: Bool) -> Bool {
        guard isEditing else { return true }
        guard !asking || editingDelegate?.textViewShouldEndEditing(self) ?? true else { return false }
        isEditing = false
        releaseFirstResponder()
        editingDelegate?.textViewDidEndEditing(self)
        return true
    }

    /// A tap lifted on an editable text view starts editing.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        if isEditable { becomeFirstResponder() }
    }

    public var hasText: Bool { !storedText.isEmpty }

    /// Types `text` at the end, as a keyboard does ("\n" a line break).
    open func insertText(_ text: String) { apply(EndEdit(typing: text, after: storedText)) }

    open func deleteBackward() {
        if let edit = EndEdit(deletingLastOf: storedText) { apply(edit) }
    }

    private func apply(_ edit: EndEdit) {
        guard editingDelegate?.textView(self, shouldChangeTextIn: edit.range, replacementText: edit.replacement) ?? true else { return }
        storedText = edit.result
        textDidChangeLayout()
        editingDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }
}

/// What a text view asks and tells its delegate, as UIKit's `UITextViewDelegate` (a
/// `UIScrollViewDelegate`: set it as the text view's `delegate`); every method is optional.
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
}
