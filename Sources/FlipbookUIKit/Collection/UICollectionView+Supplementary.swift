import FlipbookCore
import Foundation

/// A supplementary view's place: its kind and index path.
struct SupplementaryKey: Hashable, Comparable {
    let kind: String
    let indexPath: IndexPath

    static func < (a: SupplementaryKey, b: SupplementaryKey) -> Bool {
        (a.kind, a.indexPath) < (b.kind, b.indexPath)
    }
}

/// Section headers and footers (UIKit's names): registered, dequeued and reused as cells are.
extension UICollectionView {
    /// The kind of a flow layout's section headers.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a flow layout's section footers.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Views of `viewClass` are made for `kind` and `identifier` when the pool has none.
    public func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        registeredSupplementary["\(kind)\u{0}\(identifier)"] = viewClass as? UICollectionReusableView.Type
    }

    /// A header or footer for `indexPath`: from the pool, or made from the registered class.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionReusableView
    {
        let key = "\(kind)\u{0}\(identifier)"
        if var pool = supplementaryPool[key], let view = pool.popLast() {
            supplementaryPool[key] = pool
            view.prepareForReuse()
            return view
        }
        if registeredSupplementary[key] == nil {
            (layer.stage ?? TransactionContext.current.activeStage)?.warn(
                "no view class registered for supplementary kind '\(kind)' and reuse identifier '\(identifier)'")
        }
        let view = (registeredSupplementary[key] ?? UICollectionReusableView.self).init(frame: .zero)
        view.reuseIdentifier = identifier
        view.supplementaryKind = kind
        return view
    }

    /// The header or footer on screen for `indexPath`.
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        layoutIfNeeded()
        return supplementaryOnScreen[SupplementaryKey(kind: elementKind, indexPath: indexPath)]
    }

    public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        layoutIfNeeded()
        return supplementaryOnScreen.filter { $0.key.kind == elementKind }.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Places the headers and footers among `attributes`, making the new ones and recycling
    /// those that left the screen.
    func layoutSupplementaryViews(_ attributes: [UICollectionViewLayoutAttributes]) {
        var wanted: [SupplementaryKey: UICollectionViewLayoutAttributes] = [:]
        for a in attributes where a.representedElementCategory == .supplementaryView {
            wanted[SupplementaryKey(kind: a.representedElementKind ?? "", indexPath: a.indexPath)] = a
        }
        for (key, view) in supplementaryOnScreen.sorted(by: { $0.key < $1.key }) where wanted[key] == nil {
            recycleSupplementary(view, at: key)
        }
        for (key, a) in wanted.sorted(by: { $0.key < $1.key }) {
            let view: UICollectionReusableView
            if let shown = supplementaryOnScreen[key] {
                view = shown
            } else {
                guard let source = dataSource else { break }
                view = source.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
                if view.superview !== self { addSubview(view) }
                supplementaryOnScreen[key] = view
            }
            UIView.performWithoutAnimation { view.isHidden = false }
            if view.frame != a.frame { view.frame = a.frame }
            if view.layer.zPosition != CGFloat(a.zIndex) { view.layer.zPosition = CGFloat(a.zIndex) }
            view.apply(a)
        }
    }

    func recycleSupplementary(_ view: UICollectionReusableView, at key: SupplementaryKey) {
        supplementaryOnScreen[key] = nil
        UIView.performWithoutAnimation { view.isHidden = true }
        if let id = view.reuseIdentifier {
            supplementaryPool["\(view.supplementaryKind ?? key.kind)\u{0}\(id)", default: []].append(view)
        } else {
            view.removeFromSuperview()
        }
    }

    /// Recycles every header and footer (a reload asks for them again).
    func recycleAllSupplementaryViews() {
        for (key, view) in supplementaryOnScreen.sorted(by: { $0.key < $1.key }) { recycleSupplementary(view, at: key) }
    }
}
