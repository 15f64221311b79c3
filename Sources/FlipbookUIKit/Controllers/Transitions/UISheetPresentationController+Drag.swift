import FlipbookCore
import Foundation

/// A finger dragging a sheet between its detents (timing-model.md 11.9 rule 7): a pan on the
/// presented view moves the sheet with the finger (past the largest detent with a scroll view's
/// rubber band), the dimming following its height; let go, the sheet goes to the detent nearest
/// where a fifth of a second more at the lift's speed would take it [proj], or is dismissed when
/// that is nearer the bottom than every detent and the controller is not modal in presentation.
final class SheetDrag: NSObject {
    unowned let sheet: UISheetPresentationController
    let recognizer = UIPanGestureRecognizer()
    /// The sheet's height above the bottom safe area when the drag began.
    private var startHeight: CGFloat = 0

    /// How far ahead a lift's speed throws the sheet, in seconds of it [proj].
    static let projection: CGFloat = 0.2

    init(sheet: UISheetPresentationController) {
        self.sheet = sheet
        super.init()
        recognizer.addTarget(self, action: SheetDrag.dragged(_:))
    }

    func attach() {
        guard let view = sheet.presentedView, recognizer.view !== view else { return }
        view.addGestureRecognizer(recognizer)
    }

    func detach() { recognizer.view?.removeGestureRecognizer(recognizer) }

    /// The sheet's height above the bottom safe area as its view stands.
    private var currentHeight: CGFloat {
        guard let container = sheet.containerView, let view = sheet.presentedView else { return 0 }
        return container.bounds.height - container.safeAreaInsets.bottom - view.frame.minY
    }

    private func dragged(_ pan: UIPanGestureRecognizer) {
        guard let container = sheet.containerView, let view = sheet.presentedView,
            !sheet.presentedViewController.isBeingPresented, !sheet.presentedViewController.isBeingDismissed
        else { return }
        switch pan.state {
        case .began:
            startHeight = currentHeight
        case .changed:
            show(height: dragHeight(pan.translation(in: container).y, container: container), of: view)
        case .ended, .cancelled:
            let height = dragHeight(pan.translation(in: container).y, container: container)
            let projected = height - pan.velocity(in: container).y * Self.projection
            settle(projectedHeight: pan.state == .ended ? projected : height)
        default: break
        }
    }

    /// The height the finger asks for, rubber-banded past the largest detent.
    private func dragHeight(_ translation: CGFloat, container: UIView) -> CGFloat {
        let raw = startHeight - translation
        let largest = sheet.resolvedDetents().map(\.height).max() ?? raw
        guard raw > largest else { return max(0, raw) }
        return largest + CGFloat(ScrollPhysics.rubberBand(overscroll: Double(raw - largest), dimension: Double(container.bounds.height)))
    }

    private func show(height: CGFloat, of view: UIView) {
        UIView.performWithoutAnimation {
            view.frame = sheet.frame(height: height)
            sheet.dimming.view.alpha = sheet.dimAlpha(height: height)
            sheet.layOutGrabber()
        }
    }

    /// To the detent nearest `projectedHeight`, or dismissed when the bottom is nearer.
    private func settle(projectedHeight: CGFloat) {
        let detents = sheet.resolvedDetents()
        guard let nearest = detents.min(by: { abs($0.height - projectedHeight) < abs($1.height - projectedHeight) }) else { return }
        let controller = sheet.presentedViewController
        if !controller.isModalInPresentation, projectedHeight < abs(nearest.height - projectedHeight) {
            controller.dismiss(animated: true)
            return
        }
        let changed = nearest.identifier != sheet.shownDetent?.identifier
        sheet.animateChanges { sheet.selectedDetentIdentifier = nearest.identifier }
        if changed { sheet.delegate?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(sheet) }
    }
}
