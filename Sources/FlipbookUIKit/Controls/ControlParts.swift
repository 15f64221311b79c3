import Foundation

extension UIView {
    /// A control's setter moving its parts (timing-model.md 11.6): as a 0.25 s ease-in-out
    /// view animation from where they are when `animated` (an enclosing block's timing applies),
    /// else at once, without the implicit animations of an open block.
    static func moveControlParts(animated: Bool, _ change: @escaping () -> Void) {
        if animated {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState], animations: change)
        } else {
            UIView.performWithoutAnimation(change)
        }
    }

    /// Adds views that draw a control's parts: they take no touches (the control takes them).
    func addParts(_ parts: UIView...) {
        for part in parts {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
    }
}
