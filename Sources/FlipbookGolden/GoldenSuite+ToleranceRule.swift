import Flipbook

extension GoldenSuite {
    /// How frames are compared: each scenario's own tolerance, or one for every scenario.
    public enum ToleranceRule: Sendable, Equatable {
        /// Each scenario's `golden.tolerance` (exact where it has none).
        case scenario
        /// Every frame exactly, whatever the scenarios say (`--exact`).
        case exact
        /// This tolerance for every scenario (`--threshold`, `--share`).
        case override(GoldenSpec.Tolerance)

        /// The tolerance a scenario whose own is `own` is compared with (nil: exactly).
        public func resolve(_ own: GoldenSpec.Tolerance?) -> GoldenSpec.Tolerance? {
            switch self {
            case .scenario: return own
            case .exact: return nil
            case .override(let tolerance): return tolerance
            }
        }
    }
}
