import FlipbookCore
import Foundation

/// Swipe actions on table rows (timing-model.md 11.13): a sideways drag on a row slides its
/// content and reveals the delegate's actions at the edge it leaves; let go past half the
/// actions' width it stays open, otherwise it closes; all the way across (past 60 % of the row
/// [proj]) it performs the first action. A tap on a button performs its action; a touch
/// anywhere else on the table closes the row.
struct RowSwipe {
    var path: IndexPath
    let cell: UITableViewCell
    let pane: RowActionPane
    /// Trailing actions (the row slides left), else leading.
    let trailing: Bool
}

/// The buttons behind a swiped row, in the width the row has slid, each as wide as its share of
/// their natural widths; the first action at the outer edge.
final class RowActionPane: UIView {
    let configuration: UISwipeActionsConfiguration
    let trailing: Bool
    let buttons: [UIButton]
    /// Each button's natural width: its title's (15 pt) plus 15 pt each side, at least 60 pt [proj].
    let naturalWidths: [CGFloat]
    var fullWidth: CGFloat { naturalWidths.reduce(0, +) }

    init(configuration: UISwipeActionsConfiguration, trailing: Bool, perform: @escaping (Int) -> Void) {
        self.configuration = configuration
        self.trailing = trailing
        let font = UIFont.systemFont(ofSize: 15)
        buttons = configuration.actions.enumerated().map { index, action in
            let button = UIButton(type: .custom)
            button.backgroundColor = action.backgroundColor
            button.setTitle(action.title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.titleLabel?.font = font
            button.addAction(UIAction(title: action.title ?? "") { _ in perform(index) }, for: .touchUpInside)
            return button
        }
        naturalWidths = configuration.actions.map { action in
            max(60, (action.title ?? "").size(withAttributes: [.font: font]).width.rounded(.up) + 30)
        }
        super.init(frame: .zero)
        clipsToBounds = true
        buttons.forEach { addSubview($0) }
    }

    required init?(coder: NSCoder) { nil }

    /// Lays the pane over the part of the row the content has left: `offset` points.
    func layout(in bounds: CGRect, offset: CGFloat) {
        let shown = abs(offset)
        frame = CGRect(x: trailing ? bounds.width - shown : 0, y: 0, width: shown, height: bounds.height)
        let scale = fullWidth > 0 ? shown / fullWidth : 0
        // From the inner edge outwards: the last action nearest the content, the first outermost.
        var x: CGFloat = 0
        let order = trailing ? Array(zip(buttons, naturalWidths).reversed()) : Array(zip(buttons, naturalWidths))
        for (button, width) in order {
            button.frame = CGRect(x: x, y: 0, width: width * scale, height: bounds.height)
            x += width * scale
        }
    }
}

extension UITableViewCell {
    /// Takes a swipe's buttons away and puts the content back.
    func removeSwipeActions() {
        swipeActionPane?.removeFromSuperview()
        swipeActionPane = nil
        UIView.performWithoutAnimation { swipeOffset = 0 }
    }
}

/// The table's sideways pan: it begins only along the row (a vertical drag scrolls the table)
/// on a row whose delegate gives actions for that side, or on the row already open.
final class TableRowSwipeGestureRecognizer: UIPanGestureRecognizer {
    weak var table: UITableView?
    private var row: IndexPath?
    private var startOffset: CGFloat = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard let table, let touch = touches.first else { return }
        if let open = table.rowSwipe, !open.pane.bounds.contains(touch.location(in: open.pane)) {
            table.closeSwipedRow(animated: true)
        }
        row = table.indexPathForRow(at: touch.location(in: table))
    }

    override func mayBegin(translation: CGPoint) -> Bool {
        guard let table, let row, abs(translation.x) > abs(translation.y) else { return false }
        if let open = table.rowSwipe, open.path == row { return true }
        return table.swipeConfiguration(for: row, trailing: translation.x < 0) != nil
    }

    override func recognitionGranted() {
        guard let table, let row else { return }
        startOffset = table.beginSwipe(at: row, trailing: fingerTranslation.x < 0)
        super.recognitionGranted()
    }

    override func continuePan() {
        super.continuePan()
        table?.moveSwipe(to: startOffset + fingerTranslation.x)
    }

    override func endPan(cancelled: Bool) {
        super.endPan(cancelled: cancelled)
        table?.endSwipe(velocity: cancelled ? 0 : fingerVelocity.x)
    }

    override func reset() {
        super.reset()
        row = nil
    }
}

extension UITableView {
    /// The delegate's actions for a side of a row, when it gives any.
    func swipeConfiguration(for path: IndexPath, trailing: Bool) -> UISwipeActionsConfiguration? {
        let configuration =
            trailing
            ? tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: path)
            : tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: path)
        return configuration.flatMap { $0.actions.isEmpty ? nil : $0 }
    }

    /// A swipe begins on `path` (sliding towards `trailing`'s side when the row is closed):
    /// returns the content's offset where it starts.
    func beginSwipe(at path: IndexPath, trailing: Bool) -> CGFloat {
        if let open = rowSwipe, open.path == path { return open.cell.swipeOffset }
        closeSwipedRow(animated: true)
        guard let cell = cellForRow(at: path), let configuration = swipeConfiguration(for: path, trailing: trailing) else { return 0 }
        let pane = RowActionPane(configuration: configuration, trailing: trailing) { [weak self] index in
            self?.performSwipeAction(index)
        }
        cell.removeSwipeActions()
        cell.addSubview(pane)
        cell.swipeActionPane = pane
        rowSwipe = RowSwipe(path: path, cell: cell, pane: pane, trailing: trailing)
        return 0
    }

    /// The finger holds the content `offset` points sideways (held to the row's own side).
    func moveSwipe(to offset: CGFloat) {
        guard let swipe = rowSwipe else { return }
        let width = swipe.cell.bounds.width
        let held = swipe.trailing ? min(0, max(-width, offset)) : max(0, min(width, offset))
        UIView.performWithoutAnimation {
            swipe.cell.swipeOffset = held
            swipe.cell.layoutIfNeeded()
        }
    }

    /// The finger lifts at `velocity` (points per second, sideways): the row opens, closes, or
    /// (across most of it) performs its first action.
    func endSwipe(velocity: CGFloat) {
        guard let swipe = rowSwipe else { return }
        let shown = abs(swipe.cell.swipeOffset), outward = swipe.trailing ? -velocity : velocity
        let full = swipe.pane.fullWidth, sign: CGFloat = swipe.trailing ? -1 : 1
        if swipe.pane.configuration.performsFirstActionWithFullSwipe, shown > 0.6 * swipe.cell.bounds.width {
            settleSwipe(at: sign * swipe.cell.bounds.width) { [weak self] in self?.performSwipeAction(0) }
        } else if shown > full / 2 || (outward > 300 && shown > 0) {
            settleSwipe(at: sign * full, then: nil)
        } else {
            closeSwipedRow(animated: true)
        }
    }

    /// Closes the open row, sliding its content back (at once when not animated).
    func closeSwipedRow(animated: Bool) {
        guard let swipe = rowSwipe else { return }
        rowSwipe = nil
        guard animated else {
            swipe.cell.removeSwipeActions()
            return
        }
        UIView.animate(
            withDuration: 0.3, delay: 0, options: [.allowUserInteraction],
            animations: {
                swipe.cell.swipeOffset = 0
                swipe.cell.layoutIfNeeded()
            },
            completion: { _ in if swipe.cell.swipeOffset == 0 { swipe.cell.removeSwipeActions() } })
    }

    /// Slides the open row's content to `offset` over 0.3 s [proj], then runs `then`.
    private func settleSwipe(at offset: CGFloat, then: (() -> Void)?) {
        guard let swipe = rowSwipe else { return }
        UIView.animate(
            withDuration: 0.3, delay: 0, options: [.allowUserInteraction],
            animations: {
                swipe.cell.swipeOffset = offset
                swipe.cell.layoutIfNeeded()
            },
            completion: { _ in then?() })
    }

    /// Performs action `index` of the open row: its handler gets the button and a completion
    /// that closes the row.
    private func performSwipeAction(_ index: Int) {
        guard let swipe = rowSwipe, swipe.pane.configuration.actions.indices.contains(index) else { return }
        let action = swipe.pane.configuration.actions[index]
        action.handler(action, swipe.pane.buttons[index]) { [weak self] _ in
            guard let self, self.rowSwipe?.cell === swipe.cell else { return }
            self.closeSwipedRow(animated: true)
        }
    }
}
