import FlipbookCore
import Foundation

extension UICollectionView {
    /// How cells of one class are made and filled for an item (iOS 14): no reuse identifier to
    /// register by hand; `dequeueConfiguredReusableCell(using:for:item:)` does both.
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let handler: Handler
        let reuseIdentifier: String

        public init(handler: @escaping Handler) {
            self.handler = handler
            // One pool per cell class: registrations of one class make the same cells.
            reuseIdentifier = "CellRegistration." + String(reflecting: Cell.self)
        }
    }

    /// How one kind of supplementary view (a header, a footer) is made and filled (iOS 14).
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        public let elementKind: String
        let handler: Handler
        let reuseIdentifier: String

        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
            reuseIdentifier = "SupplementaryRegistration." + String(reflecting: Supplementary.self)
        }
    }

    /// A cell of the registration's class, reused or new, filled by its handler for `item`.
    public func dequeueConfiguredReusableCell<Cell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell {
        register(Cell.self, forCellWithReuseIdentifier: registration.reuseIdentifier)
        let cell = dequeueReusableCell(withReuseIdentifier: registration.reuseIdentifier, for: indexPath) as? Cell ?? Cell(frame: .zero)
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// A supplementary view of the registration's class and kind, filled by its handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        register(
            Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier)
        let view =
            dequeueReusableSupplementaryView(
                ofKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier, for: indexPath) as? Supplementary
            ?? Supplementary(frame: .zero)
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}
