import FlipbookCore
import Foundation

/// A list's look, for a compositional layout of rows (iOS 14; timing-model.md 11.8 rule 8).
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }

    public var appearance: Appearance
    /// Kept; rows draw no separators yet.
    public var showsSeparators = true
    /// `.supplementary`: each section has a header of kind `elementKindSectionHeader`.
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// Kept; the collection view's own background shows.
    public var backgroundColor: UIColor?
    /// The space above each section's header (or its first row), in place of the appearance's.
    public var headerTopPadding: CGFloat?

    public init(appearance: Appearance) { self.appearance = appearance }
}

extension NSCollectionLayoutSection {
    /// A section of rows as wide as the list (inset from the sides when inset grouped), each at
    /// the row height the list estimates (44 pt), with the configuration's header and footer.
    public static func list(using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: NSCollectionLayoutEnvironment)
        -> NSCollectionLayoutSection
    {
        let rowSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let section = NSCollectionLayoutSection(
            group: .horizontal(layoutSize: rowSize, subitems: [NSCollectionLayoutItem(layoutSize: rowSize)]))
        let grouped = configuration.appearance == .grouped || configuration.appearance == .insetGrouped
        let side: CGFloat = configuration.appearance == .insetGrouped ? 20 : 0
        let top = configuration.headerTopPadding ?? (grouped ? 35 : 0)
        section.contentInsets = NSDirectionalEdgeInsets(
            top: configuration.headerMode == .supplementary ? 0 : top, leading: side, bottom: 0, trailing: side)
        if configuration.headerMode == .supplementary {
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .estimated(top + (grouped ? 8 : 28))),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            section.boundarySupplementaryItems.append(header)
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(grouped ? 36 : 28)),
                    elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section.listConfiguration = configuration
        return section
    }
}

extension UICollectionViewCompositionalLayout {
    /// A layout whose every section is a list section of `configuration`.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in .list(using: configuration, layoutEnvironment: environment) }
    }
}
