import FlipbookCore
import Foundation

/// What a cell's content view shows, as a value (iOS 14): the configuration makes its view,
/// and a view of the same kind takes a new configuration in place.
public protocol UIContentConfiguration {
    /// A new view showing this configuration.
    func makeContentView() -> any UIView & UIContentView
    /// This configuration for a cell in `state` (selected, highlighted, …).
    func updated(for state: any UIConfigurationState) -> Self
}

/// A view that shows a content configuration (iOS 14).
public protocol UIContentView: AnyObject {
    var configuration: any UIContentConfiguration { get set }
    /// Whether the view can show `configuration` in place (the same kind by default).
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: any UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// The state a configuration is updated for (iOS 14).
public protocol UIConfigurationState {
    var traitCollection: UITraitCollection { get set }
}

/// A cell's state (iOS 14): what `updated(for:)` and a cell's update handler see.
public struct UICellConfigurationState: UIConfigurationState {
    public var traitCollection: UITraitCollection
    public var isSelected = false
    public var isHighlighted = false
    public var isDisabled = false
    public var isFocused = false
    public var isEditing = false
    public var isExpanded = false

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
}

/// What a cell does with a content configuration: one content view under its content view,
/// kept while its configurations are of one kind.
enum ContentConfigurationHost {
    /// Shows `configuration` in `container` in place of `current`, returning the view now shown.
    static func apply(
        _ configuration: (any UIContentConfiguration)?, in container: UIView, replacing current: (any UIView & UIContentView)?
    )
        -> (any UIView & UIContentView)?
    {
        guard let configuration else {
            current?.removeFromSuperview()
            return nil
        }
        if let current, current.supports(configuration) {
            current.configuration = configuration
            return current
        }
        current?.removeFromSuperview()
        let view = configuration.makeContentView()
        view.frame = container.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(view)
        return view
    }
}
