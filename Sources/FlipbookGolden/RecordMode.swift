import Foundation

/// When goldens are written (swift-snapshot-testing's modes).
public enum RecordMode: String, CaseIterable, Sendable {
    /// Record scenarios that have no goldens; compare the rest.
    case missing
    /// Also re-record scenarios whose comparison fails (they are reported as re-recorded).
    case failed
    /// Record every scenario, comparing nothing.
    case all
    /// Never write: a missing golden fails (the default when `CI=true`).
    case never

    /// The mode asked for on the command line, else `FLIPBOOK_RECORD`, else `never` on CI and
    /// `missing` elsewhere.
    public static func resolve(_ option: String?, environment: [String: String]) throws -> RecordMode {
        if let raw = option ?? environment["FLIPBOOK_RECORD"] {
            guard let mode = RecordMode(rawValue: raw) else {
                throw GoldenError.usage("record mode '\(raw)' is not one of: missing, failed, all, never")
            }
            return mode
        }
        return environment["CI"]?.lowercased() == "true" ? .never : .missing
    }
}
