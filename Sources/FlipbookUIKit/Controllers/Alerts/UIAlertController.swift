import FlipbookCore
import Foundation

/// An alert or action sheet (UIKit's names), presented with `present(_:animated:)`. An alert is
/// a 270 pt rounded box in the middle of the window: title (17 pt semibold) and message (13 pt)
/// centred, text fields, then its buttons (two side by side, more stacked, 44 pt each) between
/// hairlines; it appears growing from 1.2 times its size as it fades in over a window dimmed by
/// black at 20 %. An action sheet sits at the bottom, 8 pt in from the edges, its cancel button
/// apart below, and slides up. A tap on an enabled button dismisses it, then runs the action's
/// handler (timing-model.md 11.10).
open class UIAlertController: UIViewController {
    /// An alert in the middle or a sheet at the bottom.
    public enum Style: Int, Sendable {
        case actionSheet = 0, alert
    }

    public let preferredStyle: Style
    open override var title: String? { didSet { if isViewLoaded { rebuild() } } }
    open var message: String? { didSet { if isViewLoaded { rebuild() } } }
    public private(set) var actions: [UIAlertAction] = []
    /// The action whose button is semibold (and answers the return key).
    open var preferredAction: UIAlertAction? { didSet { if isViewLoaded { rebuild() } } }
    public private(set) var textFields: [UITextField]?

    /// The box drawn (its buttons and labels inside), laid out in the view's middle or bottom.
    let box = AlertBox()
    /// Presentation animators and the dimming view; held here, as the delegate link is weak.
    private let transitions = AlertTransitions()

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init(nibName: nil, bundle: nil)
        self.title = title
        modalPresentationStyle = .custom
        transitioningDelegate = transitions
    }

    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
        modalPresentationStyle = .custom
        transitioningDelegate = transitions
    }

    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
        if isViewLoaded { rebuild() }
    }

    /// Adds a text field below the message (alerts only), configured by `configurationHandler`.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else { return }
        let field = UITextField()
        field.font = .systemFont(ofSize: 13)
        field.borderStyle = .line
        configurationHandler?(field)
        textFields = (textFields ?? []) + [field]
        if isViewLoaded { rebuild() }
    }

    open override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.addSubview(box)
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        rebuild()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        UIView.performWithoutAnimation { placeBox() }
    }

    /// A tap on an action's button: dismissed, then its handler.
    func tapped(_ action: UIAlertAction) {
        guard action.isEnabled, !isBeingDismissed else { return }
        dismiss(animated: true) { action.handler?(action) }
    }

    private func rebuild() {
        UIView.performWithoutAnimation {
            box.build(
                title: title, message: message, fields: textFields ?? [], actions: actions, preferred: preferredAction,
                style: preferredStyle, width: boxWidth
            ) { [weak self] action in self?.tapped(action) }
            placeBox()
        }
    }

    private var boxWidth: CGFloat { preferredStyle == .alert ? 270 : max(0, view.bounds.width - 16) }

    /// An alert in the middle of the view; a sheet 8 pt above the safe area's bottom.
    private func placeBox() {
        let size = box.bounds.size
        if preferredStyle == .alert {
            box.frame = CGRect(
                x: (view.bounds.width - size.width) / 2, y: (view.bounds.height - size.height) / 2, width: size.width, height: size.height)
        } else {
            let bottom = view.bounds.height - view.safeAreaInsets.bottom - 8
            box.frame = CGRect(x: 8, y: bottom - size.height, width: size.width, height: size.height)
        }
    }
}
