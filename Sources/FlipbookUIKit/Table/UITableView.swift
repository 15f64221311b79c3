import FlipbookCore
import Foundation

/// A plain table (UIKit's names): rows from a data source laid out top to bottom in a scroll
/// view, 44 pt each unless told otherwise, hairline separators inset 15 pt. Only the cells on
/// screen exist (the rest wait in a reuse pool), so a table of 10,000 rows costs about what a
/// screenful costs per frame; row positions come from prefix sums, found by binary search.
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic }
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }

    /// "Use `rowHeight`" (UIKit's sentinel for heights left to the table).
    public static let automaticDimension: CGFloat = -1

    public let style: Style
    open weak var dataSource: (any UITableViewDataSource)?
    /// Rows without a height from the delegate are this tall.
    open var rowHeight: CGFloat = 44 { didSet { invalidateRows() } }
    /// Rows selected by code (UITableView+Selection.swift).
    var selectedRows: Set<IndexPath> = []
    open var estimatedRowHeight: CGFloat = 44
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    /// iOS's separator grey (#C8C7CC).
    open var separatorColor: UIColor? = UIColor(red: 200 / 255, green: 199 / 255, blue: 204 / 255, alpha: 1) { didSet { setNeedsLayout() } }
    open var separatorInset = UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    /// A view above the first row.
    open var tableHeaderView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = tableHeaderView { addSubview(v) }
            invalidateRows()
        }
    }
    /// A view below the last row; any footer (even an empty one) hides the separators a plain
    /// table draws below its last row.
    open var tableFooterView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = tableFooterView { addSubview(v) }
            invalidateRows()
        }
    }

    /// The delegate as a table delegate (set it through `delegate`).
    var tableDelegate: (any UITableViewDelegate)? { delegate as? any UITableViewDelegate }

    private var registered: [String: UITableViewCell.Type] = [:]
    private var reusePool: [String: [UITableViewCell]] = [:]
    /// Cells on screen by their index path.
    private var onScreen: [IndexPath: UITableViewCell] = [:]
    /// Rows per section and the top of every row (content coordinates, after the header).
    private var rowsPerSection: [Int] = []
    private var rowTops: [CGFloat] = []
    private var sectionFirstRow: [Int] = []
    private var rowsKnown = false
    private let extraSeparators = CAShapeLayer()
    /// The row a swipe has opened or is moving (TableRowSwipe.swift).
    var rowSwipe: RowSwipe?
    let rowSwipeRecognizer = TableRowSwipeGestureRecognizer()

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = .white
        alwaysBounceVertical = true  // as a table in Interface Builder: a short table still bounces
        extraSeparators.fillColor = nil
        layer.addSublayer(extraSeparators)
        rowSwipeRecognizer.table = self
        addGestureRecognizer(rowSwipeRecognizer)
    }

    public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        alwaysBounceVertical = true
        rowSwipeRecognizer.table = self
        addGestureRecognizer(rowSwipeRecognizer)
    }

    // MARK: Cells

    /// Cells of `cellClass` are made for `identifier` when the pool has none.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UITableViewCell.Type
    }

    /// A cell from the reuse pool, or nil when none waits (the old API).
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var pool = reusePool[identifier], let cell = pool.popLast() {
            reusePool[identifier] = pool
            if rowSwipe?.cell === cell { rowSwipe = nil }
            cell.removeSwipeActions()
            cell.prepareForReuse()
            return cell
        }
        return registered[identifier].map { $0.init(style: .default, reuseIdentifier: identifier) }
    }

    /// A cell for `indexPath`: from the pool, or made from the registered class. An
    /// unregistered identifier is a programming error in UIKit; here it gets a plain cell and
    /// a warning on the Stage.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        (layer.stage ?? TransactionContext.current.activeStage)?.warn("no cell class registered for reuse identifier '\(identifier)'")
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    // MARK: Rows

    /// Asks the data source for everything again.
    open func reloadData() {
        for (path, cell) in onScreen.sorted(by: { $0.key < $1.key }) { recycle(cell, at: path) }
        invalidateRows()
    }

    open var numberOfSections: Int {
        ensureRows()
        return rowsPerSection.count
    }

    open func numberOfRows(inSection section: Int) -> Int {
        ensureRows()
        return rowsPerSection.indices.contains(section) ? rowsPerSection[section] : 0
    }

    /// The row's rectangle in the table's content coordinates.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        ensureRows()
        guard let i = flatIndex(indexPath) else { return .zero }
        return CGRect(x: 0, y: rowTops[i], width: bounds.width, height: rowTops[i + 1] - rowTops[i])
    }

    /// The cell showing `indexPath`, if it is on screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutRowsIfNeeded()
        return onScreen[indexPath]
    }

    open var visibleCells: [UITableViewCell] {
        layoutRowsIfNeeded()
        return onScreen.sorted { $0.key < $1.key }.map(\.value)
    }

    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutRowsIfNeeded()
        return onScreen.keys.sorted()
    }

    /// The row at a point in content coordinates.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        ensureRows()
        let i = firstRow(endingAfter: point.y)
        guard i < rowTops.count - 1, rowTops[i] <= point.y else { return nil }
        return indexPath(ofFlat: i)
    }

    /// Inserts rows the data source now reports; rows below slide down and the new ones fade
    /// in over 0.3 s unless `animation` is `.none`.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        updateRows(inserting: Set(indexPaths), deleting: [], animation: animation)
    }

    /// Deletes rows the data source no longer reports; rows below slide up over 0.3 s unless
    /// `animation` is `.none`.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        updateRows(inserting: [], deleting: Set(indexPaths), animation: animation)
    }

    /// Asks the data source for these rows' cells again; the new cells show at once.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        for path in indexPaths { if let cell = onScreen[path] { recycle(cell, at: path) } }
        invalidateRows()
    }

    /// Scrolls so the row shows at `position`.
    open func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath)
        var y: CGFloat
        switch position {
        case .top, .none: y = rect.minY
        case .middle: y = rect.midY - bounds.height / 2
        case .bottom: y = rect.maxY - bounds.height
        }
        y = min(max(y, minimumContentOffset.y), maximumContentOffset.y)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutRows(fadingIn: [])
    }

    open override var contentOffset: CGPoint {
        get { super.contentOffset }
        set {
            super.contentOffset = newValue
            setNeedsLayout()
        }
    }

    private func invalidateRows() {
        rowsKnown = false
        setNeedsLayout()
    }

    private func layoutRowsIfNeeded() {
        if !rowsKnown || needsLayout {
            needsLayout = false
            layoutSubviews()
        }
    }

    /// Asks the data source and delegate for the rows and their heights, once per reload.
    private func ensureRows() {
        guard !rowsKnown else { return }
        rowsKnown = true
        let sections = dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0
        rowsPerSection = (0..<sections).map { max(0, dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0) }
        sectionFirstRow = []
        var y = tableHeaderView?.frame.height ?? 0
        rowTops = [y]
        rowTops.reserveCapacity(rowsPerSection.reduce(0, +) + 1)
        for (section, rows) in rowsPerSection.enumerated() {
            sectionFirstRow.append(rowTops.count - 1)
            for row in 0..<rows {
                var h = tableDelegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? Self.automaticDimension
                if h < 0 || !h.isFinite { h = rowHeight }
                y += h
                rowTops.append(y)
            }
        }
        let footerHeight = tableFooterView?.frame.height ?? 0
        UIView.performWithoutAnimation {
            tableHeaderView.map { $0.frame = CGRect(x: 0, y: 0, width: bounds.width, height: $0.frame.height) }
            tableFooterView.map { $0.frame = CGRect(x: 0, y: y, width: bounds.width, height: footerHeight) }
        }
        contentSize = CGSize(width: bounds.width, height: y + footerHeight)
    }

    private func flatIndex(_ indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, rowsPerSection.indices.contains(indexPath.section),
            (0..<rowsPerSection[indexPath.section]).contains(indexPath.row)
        else { return nil }
        return sectionFirstRow[indexPath.section] + indexPath.row
    }

    private func indexPath(ofFlat i: Int) -> IndexPath {
        // The last section starting at or before row i.
        var lo = 0, hi = sectionFirstRow.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionFirstRow[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        while lo + 1 < sectionFirstRow.count, sectionFirstRow[lo + 1] <= i, rowsPerSection[lo] == 0 { lo += 1 }
        return IndexPath(row: i - sectionFirstRow[lo], section: lo)
    }

    /// The first row whose bottom is below `y`.
    private func firstRow(endingAfter y: CGFloat) -> Int {
        var lo = 0, hi = rowTops.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if rowTops[mid + 1] > y { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    private var warnedAboutVisibleRows = false

    /// Places the cells of the rows on screen, recycles the rest; new cells in `fadingIn` start
    /// transparent (inside an animation block they then fade in).
    /// Cells sliding off screen in an animated update, recycled when it ends.
    private var leaving: [(cell: UITableViewCell, path: IndexPath)] = []

    private func finishSliding() {
        let shown = Set(onScreen.values.map(ObjectIdentifier.init))
        for (cell, path) in leaving where !shown.contains(ObjectIdentifier(cell)) { retire(cell, at: path) }
        leaving = []
    }

    private func layoutRows(fadingIn: Set<IndexPath>, sliding: Bool = false) {
        ensureRows()
        let top = contentOffset.y, bottom = contentOffset.y + bounds.height
        var wanted: [IndexPath] = []
        let total = rowTops.count - 1
        if total > 0, bounds.height > 0 {
            var i = firstRow(endingAfter: top)
            while i < total, rowTops[i] < bottom {
                if rowTops[i + 1] > rowTops[i] { wanted.append(indexPath(ofFlat: i)) }
                i += 1
                // Rows a thousandth of a point tall would all be on screen at once: the cells
                // past the bound are not made (a screen of them is already a grey smear).
                if wanted.count == Limits.maximumVisibleRows, i < total, rowTops[i] < bottom {
                    if !warnedAboutVisibleRows {
                        warnedAboutVisibleRows = true
                        layer.stage?.warn(
                            "more than \(Limits.maximumVisibleRows) rows of a table are on screen at once; only the first \(Limits.maximumVisibleRows) are drawn"
                        )
                    }
                    break
                }
            }
        }
        let wantedSet = Set(wanted)
        for (path, cell) in onScreen.sorted(by: { $0.key < $1.key }) where !wantedSet.contains(path) {
            if sliding {
                // Pushed off screen by an animated update: it slides to its new place, as
                // UIKit's cells do, and is recycled when the animation is over.
                onScreen[path] = nil
                cell.frame = rectForRow(at: path)
                leaving.append((cell, path))
            } else {
                recycle(cell, at: path)
            }
        }
        for path in wanted {
            let frame = rectForRow(at: path)
            if let cell = onScreen[path] {
                if cell.frame != frame { cell.frame = frame }
                styleSeparator(of: cell, at: path)
                continue
            }
            guard let source = dataSource else { break }
            let cell = source.tableView(self, cellForRowAt: path)
            UIView.performWithoutAnimation {
                cell.frame = frame
                cell.isHidden = false
                if fadingIn.contains(path) { cell.alpha = 0 }
                styleSeparator(of: cell, at: path)
                cell.layoutIfNeeded()
            }
            if cell.superview !== self {
                insertSubview(cell, at: firstCellIndex)
                // Cells lie under everything else the table holds (headers added as subviews or
                // sublayers draw over the rows), just above the extra separators.
                layer.insertSublayer(cell.layer, above: extraSeparators)
            }
            onScreen[path] = cell
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
            if fadingIn.contains(path) { cell.alpha = 1 }
        }
        layoutExtraSeparators()
    }

    /// Cells go under everything else the table holds but its refresh control.
    private var firstCellIndex: Int { refreshControl?.superview === self ? 1 : 0 }

    private func recycle(_ cell: UITableViewCell, at path: IndexPath) {
        onScreen[path] = nil
        retire(cell, at: path)
    }

    /// Hides a cell that left the screen and puts it in the reuse pool.
    private func retire(_ cell: UITableViewCell, at path: IndexPath) {
        UIView.performWithoutAnimation { cell.isHidden = true }
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        if let id = cell.reuseIdentifier { reusePool[id, default: []].append(cell) } else { cell.removeFromSuperview() }
    }

    private func styleSeparator(of cell: UITableViewCell, at path: IndexPath) {
        UIView.performWithoutAnimation {
            cell.separatorView.isHidden = separatorStyle == .none
            cell.separatorView.backgroundColor = separatorColor
            if cell.separatorInset != separatorInset { cell.separatorInset = separatorInset }
            cell.setNeedsLayout()
        }
    }

    /// A plain table without a footer draws separators on below its last row, a row height
    /// apart, as far as the screen goes.
    private func layoutExtraSeparators() {
        let path = CGMutablePath()
        let hairline = 1 / max(1, layer.stage?.scale ?? TransactionContext.current.activeStage?.scale ?? 2)
        if style == .plain, tableFooterView == nil, separatorStyle != .none, rowHeight > 0 {
            var y = (rowTops.last ?? 0) + rowHeight
            let bottom = contentOffset.y + bounds.height
            var lines = 0
            while y - hairline / 2 < bottom, lines < 1000 {
                if y > contentOffset.y {
                    path.move(to: CGPoint(x: separatorInset.left, y: y - hairline / 2))
                    path.addLine(to: CGPoint(x: bounds.width - separatorInset.right, y: y - hairline / 2))
                }
                y += rowHeight
                lines += 1
            }
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        extraSeparators.frame = CGRect(origin: .zero, size: CGSize(width: bounds.width, height: 1))
        extraSeparators.path = path.isEmpty ? nil : path
        extraSeparators.strokeColor = separatorColor?.cgColor
        extraSeparators.lineWidth = hairline
        CATransaction.commit()
    }

    func updateRows(inserting: Set<IndexPath>, deleting: Set<IndexPath>, animation: RowAnimation) {
        // Cells on screen keep their rows, renumbered around the inserted and deleted ones.
        let before = onScreen
        onScreen = [:]
        for (path, cell) in before.sorted(by: { $0.key < $1.key }) {
            if deleting.contains(path) {
                recycleAfterDelete(cell, at: path)
                continue
            }
            var row = path.row
            row -= deleting.filter { $0.section == path.section && $0.row < path.row }.count
            var shifted = IndexPath(row: row, section: path.section)
            for inserted in inserting.sorted() where inserted.section == path.section && inserted.row <= shifted.row {
                shifted.row += 1
            }
            onScreen[shifted] = cell
        }
        rowsKnown = false
        guard animation != .none else {
            layoutRows(fadingIn: [])
            return
        }
        UIView.animate(
            withDuration: 0.3, animations: { self.layoutRows(fadingIn: inserting, sliding: true) },
            completion: { _ in self.finishSliding() })
    }

    private func recycleAfterDelete(_ cell: UITableViewCell, at path: IndexPath) {
        UIView.performWithoutAnimation { cell.isHidden = true }
        if let id = cell.reuseIdentifier { reusePool[id, default: []].append(cell) } else { cell.removeFromSuperview() }
    }
}
