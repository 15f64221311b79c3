import FlipbookCore
import Foundation

/// A grid of items from a data source, placed by a layout (UIKit's names; a
/// `UICollectionViewFlowLayout` lays out lines). Only the cells of items on screen exist (the
/// rest wait in a reuse pool). A tap on an item selects it (the delegate asked and told);
/// `performBatchUpdates` slides the items to their new places over 0.3 s, inserted ones fading
/// in and deleted ones out (timing-model.md 11.8).
open class UICollectionView: UIScrollView {
    /// Where `scrollToItem` puts an item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout; setting it places the items anew.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }
    open weak var dataSource: (any UICollectionViewDataSource)?
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    /// Behind the items, the collection view's size.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// The delegate as a collection view delegate (set it through `delegate`).
    var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? any UICollectionViewDelegate }

    private var registered: [String: UICollectionViewCell.Type] = [:]
    private var reusePool: [String: [UICollectionViewCell]] = [:]
    /// Cells on screen by their index path.
    var onScreen: [IndexPath: UICollectionViewCell] = [:]
    /// The scroll views of orthogonally scrolling sections, by section.
    var orthogonalScrollers: [Int: OrthogonalScrollView] = [:]
    var selected: Set<IndexPath> = []
    /// Items per section, asked of the data source once per reload.
    private var counts: [Int]?
    /// Updates recorded inside `performBatchUpdates`.
    var pendingUpdates: ItemUpdates?
    /// The item a finger is moving (UICollectionView+InteractiveMovement.swift).
    var interactiveMove: InteractiveMove?
    /// Headers and footers (UICollectionView+Supplementary.swift): registered classes and
    /// pools by kind and identifier, the views on screen.
    var registeredSupplementary: [String: UICollectionReusableView.Type] = [:]
    var supplementaryPool: [String: [UICollectionReusableView]] = [:]
    var supplementaryOnScreen: [SupplementaryKey: UICollectionReusableView] = [:]

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        backgroundColor = .systemBackground
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    // MARK: Cells

    /// Cells of `cellClass` are made for `identifier` when the pool has none.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UICollectionViewCell.Type
    }

    /// A cell for `indexPath`: from the pool, or made from the registered class. An
    /// unregistered identifier is a programming error in UIKit; here it gets a plain cell and
    /// a warning on the Stage.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if var pool = reusePool[identifier], let cell = pool.popLast() {
            reusePool[identifier] = pool
            cell.prepareForReuse()
            return cell
        }
        if registered[identifier] == nil {
            (layer.stage ?? TransactionContext.current.activeStage)?.warn("no cell class registered for reuse identifier '\(identifier)'")
        }
        let cell = (registered[identifier] ?? UICollectionViewCell.self).init(frame: .zero)
        cell.reuseIdentifier = identifier
        return cell
    }

    // MARK: Items

    /// Asks the data source for everything again.
    open func reloadData() {
        for (path, cell) in onScreen.sorted(by: { $0.key < $1.key }) { recycle(cell, at: path) }
        recycleAllSupplementaryViews()
        invalidateItems()
    }

    open var numberOfSections: Int { itemCounts.count }

    open func numberOfItems(inSection section: Int) -> Int {
        itemCounts.indices.contains(section) ? itemCounts[section] : 0
    }

    /// The cell showing `indexPath`, if it is on screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutIfNeeded()
        return onScreen[indexPath]
    }

    open var visibleCells: [UICollectionViewCell] {
        layoutIfNeeded()
        return onScreen.sorted { $0.key < $1.key }.map(\.value)
    }

    open var indexPathsForVisibleItems: [IndexPath] {
        layoutIfNeeded()
        return onScreen.keys.sorted()
    }

    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        onScreen.first { $0.value === cell }?.key
    }

    /// The item under `point` (content coordinates; in a sideways-scrolling section, where its
    /// cell is on screen).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        for (path, cell) in onScreen.sorted(by: { $0.key < $1.key }) where cell.superview is OrthogonalScrollView && !cell.isHidden {
            if let scroller = cell.superview, scroller.frame.contains(point) {
                if cell.convert(cell.bounds, to: self).contains(point) { return path }
            }
        }
        if orthogonalScrollers.values.contains(where: { !$0.isHidden && $0.frame.contains(point) }) { return nil }
        return preparedLayout.layoutAttributesForElements(in: CGRect(x: point.x, y: point.y, width: 1, height: 1).insetBy(dx: -1, dy: -1))?
            .filter { $0.representedElementCategory == .cell && $0.frame.contains(point) }
            .max { $0.zIndex < $1.zIndex }?.indexPath
    }

    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Scrolls so the item shows at `scrollPosition` (held within the content).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        var offset = contentOffset
        if scrollPosition.contains(.top) { offset.y = frame.minY }
        if scrollPosition.contains(.centeredVertically) { offset.y = frame.midY - bounds.height / 2 }
        if scrollPosition.contains(.bottom) { offset.y = frame.maxY - bounds.height }
        if scrollPosition.contains(.left) { offset.x = frame.minX }
        if scrollPosition.contains(.centeredHorizontally) { offset.x = frame.midX - bounds.width / 2 }
        if scrollPosition.contains(.right) { offset.x = frame.maxX - bounds.width }
        offset.x = min(max(offset.x, minimumContentOffset.x), maximumContentOffset.x)
        offset.y = min(max(offset.y, minimumContentOffset.y), maximumContentOffset.y)
        setContentOffset(offset, animated: animated)
    }

    /// Sets the layout, the items moving to their new places over 0.3 s when `animated`.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        guard animated else {
            collectionViewLayout = layout
            return
        }
        UIView.animate(withDuration: 0.3) {
            self.collectionViewLayout = layout
            self.layoutIfNeeded()
        }
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        if let touch = touches.first { highlightItem(under: touch) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        if let touch = touches.first { selectItem(tappedBy: touch) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        for cell in onScreen.values { cell.isHighlighted = false }
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutItems(appearing: [])
    }

    open override var contentOffset: CGPoint {
        get { super.contentOffset }
        set {
            super.contentOffset = newValue
            setNeedsLayout()
        }
    }

    open override var frame: CGRect {
        didSet { if frame.size != oldValue.size { collectionViewLayout.invalidateLayout() } }
    }

    /// As UIKit does, the layout is asked before the bounds change (it reads the old bounds
    /// from the collection view and the new ones from its argument, as springy layouts do).
    open override var bounds: CGRect {
        willSet {
            boundsChangeInvalidates = newValue != bounds && collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newValue)
        }
        didSet {
            if boundsChangeInvalidates || bounds.size != oldValue.size { collectionViewLayout.invalidateLayout() }
            boundsChangeInvalidates = false
        }
    }
    private var boundsChangeInvalidates = false

    var itemCounts: [Int] {
        if let counts { return counts }
        let sections = dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0
        let made = (0..<min(sections, Limits.maximumVisibleRows)).map {
            max(0, dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0)
        }
        counts = made
        return made
    }

    func invalidateItems() {
        counts = nil
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    /// The layout, prepared for the current items and size (the content size follows it).
    var preparedLayout: UICollectionViewLayout {
        let layout = collectionViewLayout
        if !layout.isPrepared {
            _ = itemCounts
            layout.prepareIfNeeded()
            let size = layout.collectionViewContentSize
            if contentSize != size { contentSize = size }
        }
        return layout
    }

    /// Places the cells of the items on screen and recycles the rest; cells new in `appearing`
    /// start at the layout's initial attributes (inside an animation block they then move in).
    func layoutItems(appearing: Set<IndexPath>) {
        let layout = preparedLayout
        backgroundView?.frame = bounds
        let elements = layout.layoutAttributesForElements(in: bounds) ?? []
        let visible = elements.filter { $0.representedElementCategory == .cell }.prefix(Limits.maximumVisibleRows)
        layoutSupplementaryViews(
            Array(elements.filter { $0.representedElementCategory == .supplementaryView }.prefix(Limits.maximumVisibleRows)))
        var wanted: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for attributes in visible { wanted[attributes.indexPath] = attributes }
        for (path, cell) in onScreen.sorted(by: { $0.key < $1.key }) where wanted[path] == nil && path != interactiveMove?.source {
            recycle(cell, at: path)
        }
        var rows = Set<Int>()
        for (path, laidOut) in wanted.sorted(by: { $0.key < $1.key }) {
            let (attributes, host) = placement(of: laidOut)
            if let row = laidOut.orthogonalRow { rows.insert(row.section) }
            if let cell = onScreen[path] {
                if cell.superview !== host { host.addSubview(cell) }
                apply(attributes, to: cell)
                continue
            }
            guard let source = dataSource else { break }
            let cell = source.collectionView(self, cellForItemAt: path)
            UIView.performWithoutAnimation {
                cell.isHidden = false
                cell.isSelected = selected.contains(path)
                if appearing.contains(path), let start = layout.initialLayoutAttributesForAppearingItem(at: path) {
                    apply(start, to: cell)
                } else {
                    apply(attributes, to: cell)
                }
                cell.layoutIfNeeded()
            }
            if cell.superview !== host {
                if host === self { insertSubview(cell, at: backgroundView == nil ? 0 : 1) } else { host.addSubview(cell) }
            }
            onScreen[path] = cell
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
            if appearing.contains(path) { apply(attributes, to: cell) }
        }
        for (section, scroller) in orthogonalScrollers where !rows.contains(section) {
            UIView.performWithoutAnimation { scroller.isHidden = true }
        }
        if interactiveMove != nil { placeMovingItems() }
    }

    /// Where a cell goes: in the collection view at its attributes, or, in an orthogonally
    /// scrolling section, in that section's scroll view at its place along the line.
    private func placement(of attributes: UICollectionViewLayoutAttributes) -> (UICollectionViewLayoutAttributes, UIView) {
        guard let row = attributes.orthogonalRow else { return (attributes, self) }
        let scroller = orthogonalScrollers[row.section] ?? OrthogonalScrollView()
        if orthogonalScrollers[row.section] == nil {
            orthogonalScrollers[row.section] = scroller
            UIView.performWithoutAnimation { insertSubview(scroller, at: backgroundView == nil ? 0 : 1) }
        }
        scroller.configure(row)
        if scroller.isHidden { UIView.performWithoutAnimation { scroller.isHidden = false } }
        let placed: UICollectionViewLayoutAttributes = attributes.copy()
        placed.frame = attributes.frame.offsetBy(dx: 0, dy: -row.frame.minY)
        return (placed, scroller)
    }

    func apply(_ attributes: UICollectionViewLayoutAttributes, to cell: UICollectionViewCell) {
        if cell.bounds.size != attributes.size { cell.bounds = CGRect(origin: .zero, size: attributes.size) }
        if cell.center != attributes.center { cell.center = attributes.center }
        if cell.alpha != attributes.alpha { cell.alpha = attributes.alpha }
        if cell.transform != attributes.transform { cell.transform = attributes.transform }
        if cell.layer.zPosition != CGFloat(attributes.zIndex) { cell.layer.zPosition = CGFloat(attributes.zIndex) }
        if cell.isHidden != attributes.isHidden { cell.isHidden = attributes.isHidden }
        cell.apply(attributes)
    }

    func recycle(_ cell: UICollectionViewCell, at path: IndexPath) {
        onScreen[path] = nil
        UIView.performWithoutAnimation { cell.isHidden = true }
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        if let id = cell.reuseIdentifier { reusePool[id, default: []].append(cell) } else { cell.removeFromSuperview() }
    }
}
