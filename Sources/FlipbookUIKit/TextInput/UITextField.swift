import FlipbookCore
import Foundation

/// A one-line text field, as UIKit's: its text (or placeholder, in the placeholder grey) in its
/// font, centred vertically in the text rectangle; `.roundedRect` draws a white box with a light
/// grey hairline border and 5 pt corners, `.line` and `.bezel` a border. A tap (`Stage.tap`) or
/// `becomeFirstResponder()` starts editing: the delegate is asked, `.editingDidBegin` is sent
/// and a caret in the tint colour blinks after the text. A Stage has no keyboard: a script types
/// with `insertText(_:)` and `deleteBackward()` (`UIKeyInput`), each change asked of the
/// delegate and sent as `.editingChanged`; "\n" asks `textFieldShouldReturn` and sends
/// `.editingDidEndOnExit` (timing-model.md 11.7).
open class UITextField: UIControl, UIKeyInput {
    /// The border the field draws.
    public enum BorderStyle: Int, Sendable {
        case none, line, bezel, roundedRect
    }

    /// When an overlay view (left, right, clear button) shows.
    public enum ViewMode: Int, Sendable {
        case never, whileEditing, unlessEditing, always
    }

    /// Why editing ended.
    public enum DidEndEditingReason: Int, Sendable {
        case committed, cancelled
    }

    /// Posted when the text changes by typing.
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    open weak var delegate: (any UITextFieldDelegate)?

    open var text: String? {
        get { storedText }
        set {
            storedText = newValue ?? ""
            refresh()
        }
    }
    /// The text with its attributes (its first run's font and colour are the field's when set).
    open var attributedText: NSAttributedString? {
        get { NSAttributedString(string: storedText, attributes: [.font: font as Any, .foregroundColor: textColor as Any]) }
        set {
            let (font, color) = EndEdit.firstFontAndColor(of: newValue)
            if let font { self.font = font }
            if let color { textColor = color }
            text = newValue?.string
        }
    }
    open var placeholder: String? { didSet { refresh() } }
    open var attributedPlaceholder: NSAttributedString? {
        get { placeholder.map { NSAttributedString(string: $0, attributes: [.foregroundColor: UIColor.placeholderText]) } }
        set { placeholder = newValue?.string }
    }
    /// 17 pt system font by default.
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { refresh() } }
    open var textColor: UIColor? = .label { didSet { refresh() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { refresh() } }
    open var borderStyle: BorderStyle = .none { didSet { refresh() } }
    /// Stretched behind the text in place of the border style's own (`.none` and `.line` only, as on iOS).
    open var background: UIImage? { didSet { refresh() } }
    open var leftView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            refresh()
        }
    }
    open var leftViewMode: ViewMode = .never { didSet { refresh() } }
    open var rightView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            refresh()
        }
    }
    open var rightViewMode: ViewMode = .never { didSet { refresh() } }
    /// Kept; the clear button is not drawn.
    open var clearButtonMode: ViewMode = .never
    open var clearsOnBeginEditing = false
    /// Whether the text shows as bullets.
    open var isSecureTextEntry = false { didSet { refresh() } }
    open var adjustsFontSizeToFitWidth = false
    open var minimumFontSize: CGFloat = 0
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var textContentType: UITextContentType?
    open var enablesReturnKeyAutomatically = false
    open var inputView: UIView?
    open var inputAccessoryView: UIView?
    public private(set) var isEditing = false

    private var storedText = ""
    private let borderView = UIView()
    private let backgroundImageView = UIImageView()
    private let textLabel = UILabel()
    private let caret = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        addParts(borderView, backgroundImageView, textLabel, caret)
        caret.isHidden = true
        refresh()
    }

    // MARK: Geometry (overridable, as on iOS)

    /// Where the border is drawn: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// Where the text is drawn: the bounds less the border style's inset (7 pt a side for a
    /// rounded rect, 2 pt for a line or bezel) and the overlay views that show.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        let inset: CGFloat =
            switch borderStyle {
            case .roundedRect: 7
            case .line, .bezel: 2
            case .none: 0
            }
        var rect = bounds.insetBy(dx: inset, dy: 0)
        if shows(leftView, leftViewMode) {
            let left = leftViewRect(forBounds: bounds)
            rect.size.width -= max(0, left.maxX - rect.minX)
            rect.origin.x = max(rect.minX, left.maxX)
        }
        if shows(rightView, rightViewMode) { rect.size.width = max(0, min(rect.maxX, rightViewRect(forBounds: bounds).minX) - rect.minX) }
        return rect
    }
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    /// The left view at the leading edge, centred vertically, its own size.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = leftView?.frame.size ?? .zero
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }
    /// The right view at the trailing edge, centred vertically, its own size.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = rightView?.frame.size ?? .zero
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect { .zero }

    /// The font's line height (rounded up), and 13 pt more for a rounded rect (34 pt at 17 pt).
    open override var intrinsicContentSize: CGSize {
        let font = self.font ?? .systemFont(ofSize: 17)
        let shown = isSecureTextEntry ? String(repeating: "•", count: storedText.count) : storedText
        let text = shown.isEmpty ? placeholder ?? "" : shown
        let width = ceil((text as NSString).size(withAttributes: [.font: font]).width)
        let inset: CGFloat = borderStyle == .roundedRect ? 14 : borderStyle == .none ? 0 : 4
        return CGSize(width: width + inset, height: ceil(font.lineHeight) + (borderStyle == .roundedRect ? 13 : 0))
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutField()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        caret.backgroundColor = tintColor
    }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEnabled }
    open override var isFirstResponder: Bool { isEditing }

    /// Starts editing when the delegate allows it (ending another field's in the window first).
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isEditing else { return true }
        guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        guard takeFirstResponder() else { return false }
        isEditing = true
        if clearsOnBeginEditing { storedText = "" }
        refresh()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Ends editing when the delegate allows it.
    @discardableResult
    open override func resignFirstResponder() -> Bool { endEditing(asking: true) }

    /// Ends editing, asking the delegate first when `asking`.
    func endEditing(asking: Bool) -> Bool {
        guard isEditing else { return true }
        guard !asking || delegate?.textFieldShouldEndEditing(self) ?? true else { return false }
        isEditing = false
        releaseFirstResponder()
        refresh()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    /// A lift inside starts editing.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, bounds.insetBy(dx: -70, dy: -70).contains(touch.location(in: self)) else { return }
        becomeFirstResponder()
    }

    public var hasText: Bool { !storedText.isEmpty }

    /// Types `text` at the end of the field's text, as a keyboard does; "\n" is the return key.
    open func insertText(_ text: String) {
        if text == "\n" {
            if delegate?.textFieldShouldReturn(self) ?? true { sendActions(for: .editingDidEndOnExit) }
            return
        }
        apply(EndEdit(typing: text, after: storedText))
    }

    /// Deletes the last character, as a keyboard's delete key does.
    open func deleteBackward() {
        if let edit = EndEdit(deletingLastOf: storedText) { apply(edit) }
    }

    /// Makes `edit` when the delegate allows it.
    private func apply(_ edit: EndEdit) {
        guard delegate?.textField(self, shouldChangeCharactersIn: edit.range, replacementString: edit.replacement) ?? true else { return }
        storedText = edit.result
        refresh()
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        delegate?.textFieldDidChangeSelection(self)
    }

    // MARK: Drawing

    private func shows(_ view: UIView?, _ mode: ViewMode) -> Bool {
        guard view != nil else { return false }
        switch mode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    private func refresh() {
        UIView.performWithoutAnimation {
            let shown = isSecureTextEntry ? String(repeating: "•", count: storedText.count) : storedText
            textLabel.text = shown.isEmpty ? placeholder : shown
            textLabel.textColor = shown.isEmpty ? .placeholderText : textColor ?? .label
            textLabel.font = font ?? .systemFont(ofSize: 17)
            textLabel.textAlignment = textAlignment
            textLabel.lineBreakMode = .byClipping
            backgroundImageView.image = borderStyle == .none || borderStyle == .line ? background : nil
            borderView.backgroundColor = borderStyle == .roundedRect ? .white : nil
            borderView.layer.cornerRadius = borderStyle == .roundedRect ? 5 : 0
            borderView.layer.borderWidth = borderStyle == .none ? 0 : borderStyle == .roundedRect ? 0.5 : 1
            borderView.layer.borderColor = (borderStyle == .line ? UIColor.black : UIColor(white: 0, alpha: 0.2)).cgColor
            caret.backgroundColor = tintColor
            caret.isHidden = !isEditing
            if isEditing { startBlinking() } else { caret.layer.removeAnimation(forKey: "blink") }
            for (view, mode) in [(leftView, leftViewMode), (rightView, rightViewMode)] {
                guard let view else { continue }
                if shows(view, mode) { if view.superview !== self { addSubview(view) } } else { view.removeFromSuperview() }
            }
            layoutField()
        }
    }

    /// The caret blinks half a second on, half off [proj].
    private func startBlinking() {
        guard caret.layer.animation(forKey: "blink") == nil else { return }
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 0]
        blink.keyTimes = [0, 0.5, 1]
        blink.calculationMode = .discrete
        blink.duration = 1
        blink.repeatCount = .infinity
        caret.layer.add(blink, forKey: "blink")
    }

    private func layoutField() {
        borderView.frame = borderRect(forBounds: bounds)
        backgroundImageView.frame = bounds
        let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        textLabel.frame = rect
        if let leftView, leftView.superview === self { leftView.frame = leftViewRect(forBounds: bounds) }
        if let rightView, rightView.superview === self { rightView.frame = rightViewRect(forBounds: bounds) }
        // The caret after the text, the font's line high, centred as the text is.
        let font = self.font ?? .systemFont(ofSize: 17)
        let shown = isSecureTextEntry ? String(repeating: "•", count: storedText.count) : storedText
        let width = shown.isEmpty ? 0 : CGFloat((shown as NSString).size(withAttributes: [.font: font]).width)
        let x: CGFloat =
            switch textAlignment {
            case .center: rect.midX + width / 2
            case .right: rect.maxX - 2
            default: rect.minX + min(width, max(0, rect.width - 2))
            }
        caret.frame = CGRect(x: x, y: rect.midY - font.lineHeight / 2, width: 2, height: font.lineHeight)
    }
}
