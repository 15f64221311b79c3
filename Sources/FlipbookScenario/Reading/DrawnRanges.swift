import FlipbookCore
import FlipbookUIKit

/// Numbers Core Animation keeps exactly as set but draws within a range: iOS accepts
/// `opacity = 1.5` or `lineWidth = -3` without a word, keeps the model value (animations start
/// from it, `value(forKey:)` returns it) and draws the nearest value it can. A scene may say
/// them too; `validate` warns, naming what is drawn (docs/scenario-format.md, "Values out of
/// their range").
enum DrawnRanges {
    /// The warning for `value` of `property`, nil when it is drawn as written.
    static func warning(_ property: LayerProperty, _ value: Double) -> String? {
        let shown = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        switch property {
        case .opacity, .shadowOpacity, .strokeStart, .strokeEnd:
            guard value < 0 || value > 1 else { return nil }
            return "\(property.rawValue) \(shown) is outside 0…1: Core Animation keeps it and draws \(value < 0 ? "0" : "1")"
        case .lineWidth:
            return value < 0 ? "lineWidth \(shown) is negative: Core Animation keeps it and draws no stroke" : nil
        case .borderWidth:
            return value < 0 ? "borderWidth \(shown) is negative: Core Animation keeps it and draws no border" : nil
        case .cornerRadius:
            return value < 0 ? "cornerRadius \(shown) is negative: Core Animation keeps it and draws square corners" : nil
        case .instanceCount:
            guard value > Double(CAReplicatorLayer.maximumInstances) else { return nil }
            return "instanceCount \(shown) is more than \(CAReplicatorLayer.maximumInstances): at most that many copies are drawn, "
                + "and \(CAReplicatorLayer.maximumCopiesPerFrame) a frame in all (docs/limits.md, \"One frame\")"
        case .shadowRadius:
            return value < 0 ? "shadowRadius \(shown) is negative: Core Animation keeps it and draws the shadow unblurred" : nil
        default:
            return nil
        }
    }
}
