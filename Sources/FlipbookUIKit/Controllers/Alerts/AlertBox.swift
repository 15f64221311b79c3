import FlipbookCore
import Foundation

/// The views of an alert or action sheet, laid out top to bottom (sizes [proj]: timing-model.md
/// 11.10): the rounded group with its text, fields and buttons, and a sheet's cancel group.
final class AlertBox: UIView {
    private let group = UIView()
    private let cancelGroup = UIView()

    /// Rebuilds the views for `width`; the box's bounds become their size.
    func build(
        title: String?, message: String?, fields: [UITextField], actions: [UIAlertAction], preferred: UIAlertAction?,
        style: UIAlertController.Style, width: CGFloat, tapped: @escaping (UIAlertAction) -> Void
    ) {
        for view in [group, cancelGroup] {
            view.subviews.forEach { $0.removeFromSuperview() }
            view.layer.cornerRadius = 14
            view.clipsToBounds = true
            addSubview(view)
        }
        let alert = style == .alert
        group.backgroundColor = UIColor(white: 0.96, alpha: 1)
        cancelGroup.backgroundColor = .white
        var y: CGFloat = 0
        let textWidth = width - 32
        if title != nil || message != nil {
            y = alert ? 19 : 14
            for (text, isTitle) in [(title, true), (message, false)] {
                guard let text else { continue }
                let label = UILabel()
                label.text = text
                label.numberOfLines = 0
                label.textAlignment = .center
                label.font = .systemFont(ofSize: alert && isTitle ? 17 : 13, weight: isTitle ? .semibold : .regular)
                label.textColor = alert ? .label : .secondaryLabel
                let height = ceil(label.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height)
                if isTitle == false && title != nil { y += 3 }
                label.frame = CGRect(x: 16, y: y, width: textWidth, height: height)
                group.addSubview(label)
                y += height
            }
            y += alert ? 19 : 14
        }
        for field in fields {
            field.frame = CGRect(x: 16, y: y, width: textWidth, height: 24)
            group.addSubview(field)
            y += 28
        }
        if !fields.isEmpty { y += 8 }
        let cancel = actions.first { $0.style == .cancel }
        let others = actions.filter { $0 !== cancel }
        let buttonHeight: CGFloat = alert ? 44 : 57
        if alert && actions.count == 2 {
            // Side by side, the cancel button on the left.
            let ordered = cancel.map { [$0] + others } ?? others
            addHairline(to: group, CGRect(x: 0, y: y, width: width, height: hairline))
            for (index, action) in ordered.enumerated() {
                let x = CGFloat(index) * width / 2
                group.addSubview(
                    button(
                        action, preferred: preferred, alert: alert, frame: CGRect(x: x, y: y, width: width / 2, height: buttonHeight),
                        tapped))
            }
            addHairline(to: group, CGRect(x: width / 2, y: y, width: hairline, height: buttonHeight))
            y += buttonHeight
        } else {
            // Stacked; an alert's cancel button at the bottom, a sheet's in a group of its own.
            let stacked = alert ? others + (cancel.map { [$0] } ?? []) : others
            for action in stacked {
                if y > 0 { addHairline(to: group, CGRect(x: 0, y: y, width: width, height: hairline)) }
                group.addSubview(
                    button(
                        action, preferred: preferred, alert: alert, frame: CGRect(x: 0, y: y, width: width, height: buttonHeight), tapped))
                y += buttonHeight
            }
        }
        group.frame = CGRect(x: 0, y: 0, width: width, height: y)
        var height = y
        if !alert, let cancel {
            cancelGroup.isHidden = false
            cancelGroup.frame = CGRect(x: 0, y: y + 8, width: width, height: buttonHeight)
            cancelGroup.addSubview(button(cancel, preferred: preferred, alert: false, frame: cancelGroup.bounds, tapped))
            height = cancelGroup.frame.maxY
        } else {
            cancelGroup.isHidden = true
        }
        bounds = CGRect(x: 0, y: 0, width: width, height: height)
    }

    private var hairline: CGFloat { 1 / max(1, layer.stage?.scale ?? 2) }

    private func addHairline(to view: UIView, _ frame: CGRect) {
        let line = UIView(frame: frame)
        line.backgroundColor = .separator
        view.addSubview(line)
    }

    private func button(
        _ action: UIAlertAction, preferred: UIAlertAction?, alert: Bool, frame: CGRect, _ tapped: @escaping (UIAlertAction) -> Void
    ) -> AlertButton {
        let button = AlertButton(frame: frame)
        button.label.text = action.title
        let bold = action.style == .cancel && preferred == nil || action === preferred
        button.label.font = .systemFont(ofSize: alert ? 17 : 20, weight: bold ? .semibold : .regular)
        button.label.textColor = action.style == .destructive ? .systemRed : tintColor
        button.label.alpha = action.isEnabled ? 1 : 0.3
        button.isEnabled = action.isEnabled
        button.addAction(UIAction { _ in tapped(action) }, for: .touchUpInside)
        return button
    }
}

/// An alert's button: its title centred.
final class AlertButton: UIControl {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        addSubview(label)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 0)
    }
}

/// The alert's presentation: a dimming view and the animators.
final class AlertTransitions: NSObject, UIViewControllerTransitioningDelegate {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> (any UIViewControllerAnimatedTransitioning)?
    { AlertAnimator(presenting: true) }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        AlertAnimator(presenting: false)
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController)
        -> UIPresentationController?
    { DimmingPresentationController(presented: presented, presenting: presenting, dimmedTo: 0.2) }
}

/// An alert grows from 1.2 times its size as it fades in (0.4 s) and fades out (0.3 s); an
/// action sheet slides up from below the window and back [proj].
final class AlertAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        presenting ? 0.4 : 0.3
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        guard let alert = context.viewController(forKey: presenting ? .to : .from) as? UIAlertController,
            let view = context.view(forKey: presenting ? .to : .from)
        else {
            context.completeTransition(true)
            return
        }
        let isSheet = alert.preferredStyle == .actionSheet
        let away =
            isSheet
            ? CGAffineTransform(translationX: 0, y: alert.box.bounds.height + 8 + view.safeAreaInsets.bottom)
            : CGAffineTransform(scaleX: 1.2, y: 1.2)
        if presenting {
            UIView.performWithoutAnimation {
                view.frame = context.finalFrame(for: alert)
                context.containerView.addSubview(view)
                view.layoutIfNeeded()
                view.transform = away
                if !isSheet { view.alpha = 0 }
            }
        }
        UIView.animate(
            withDuration: transitionDuration(using: context), delay: 0, options: [.curveEaseInOut],
            animations: {
                if self.presenting {
                    view.transform = .identity
                    view.alpha = 1
                } else if isSheet {
                    view.transform = away
                } else {
                    view.alpha = 0
                }
            }, completion: { _ in context.completeTransition(true) })
    }
}
