import FlipbookCore
import Foundation

/// iOS's haptic feedback generators. Nothing is felt or drawn here, so every call is an entry
/// in the current Stage's event trace (`haptic …`), where a golden test sees that it fired and
/// when (docs/porting.md, "Haptics").
open class UIFeedbackGenerator: NSObject {
    public override init() { super.init() }

    /// Readies the Taptic Engine on iOS; recorded here.
    open func prepare() { record("prepare \(Self.self)") }

    /// Records `what` at the current Stage's time.
    func record(_ what: String) {
        Stage.current?.recordHaptic(what)
    }
}

/// A physical impact (`impactOccurred()`), of a style and an intensity.
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid

        var name: String { ["light", "medium", "heavy", "soft", "rigid"][rawValue] }
    }

    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    public override convenience init() { self.init(style: .medium) }

    open func impactOccurred() { record("impactOccurred \(style.name)") }

    /// `intensity` 0…1 (clamped, as iOS does).
    open func impactOccurred(intensity: CGFloat) {
        record(String(format: "impactOccurred %@ intensity %.2f", style.name, Double(min(max(intensity, 0), 1))))
    }
}

/// A task's outcome (`notificationOccurred(.success)`).
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error

        var name: String { ["success", "warning", "error"][rawValue] }
    }

    open func notificationOccurred(_ notificationType: FeedbackType) { record("notificationOccurred \(notificationType.name)") }
}

/// A selection moving (`selectionChanged()`): a picker's tick.
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    open func selectionChanged() { record("selectionChanged") }
}
