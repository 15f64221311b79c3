import FlipbookCore
import Foundation

/// One side of a compositional layout size (iOS 13): a fraction of its container's width or
/// height, points, or an estimate (laid out at the estimate: cells do not size themselves here).
public final class NSCollectionLayoutDimension: Sendable {
    enum Kind: Sendable { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind
    /// The fraction, or the points.
    public let dimension: CGFloat

    init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    public static func fractionalWidth(_ fraction: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalWidth, fraction) }
    public static func fractionalHeight(_ fraction: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalHeight, fraction) }
    public static func absolute(_ points: CGFloat) -> NSCollectionLayoutDimension { .init(.absolute, points) }
    public static func estimated(_ points: CGFloat) -> NSCollectionLayoutDimension { .init(.estimated, points) }

    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated }

    /// Points in a container of `container` (negative or not finite results count as 0).
    func resolved(in container: CGSize) -> CGFloat {
        let points: CGFloat
        switch kind {
        case .fractionalWidth: points = dimension * container.width
        case .fractionalHeight: points = dimension * container.height
        case .absolute, .estimated: points = dimension
        }
        return points.isFinite ? max(0, points) : 0
    }
}

/// A width and a height, each an `NSCollectionLayoutDimension`.
public final class NSCollectionLayoutSize: Sendable {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    func resolved(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
}

/// The space between a group's items: exactly so many points, or at least so many with the
/// group's spare space shared between the gaps.
public final class NSCollectionLayoutSpacing: Sendable {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing.isFinite ? max(0, spacing) : 0
        isFlexibleSpacing = flexible
    }

    public static func fixed(_ points: CGFloat) -> NSCollectionLayoutSpacing { .init(points, flexible: false) }
    public static func flexible(_ points: CGFloat) -> NSCollectionLayoutSpacing { .init(points, flexible: true) }
}

/// Where a boundary supplementary item (a header, a footer) sits on its section.
public enum NSRectAlignment: Int, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}
