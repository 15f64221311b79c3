import Foundation

/// Where a recording lines up with the scene: the offset (the recording's frame shown at t is
/// its frame at t − offset) at which the recording's frames shown with the scene's differ
/// least, and how sure that is (docs/compare.md, "Finding the offset").
public struct OffsetEstimate: Codable, Sendable, Equatable {
    /// Seconds into the comparison at which the recording starts.
    public var offset: Double
    /// How strongly the frames prefer `offset` to the next best place, `runnerUpOffset`: the
    /// scene frames' mean extra difference there, in standard errors of that mean (a paired
    /// t statistic, at most 1000). `requiredEvidence` or more: the offset is used.
    public var evidence: Double
    /// How close the next best place comes: its score's distance from the best one's, as a
    /// share of a typical offset's (0: as good, 1: no better than a typical place).
    /// Below `requiredMargin` the two explain the recording about equally.
    public var margin: Double
    /// Where else the recording fits best, more than a frame away from `offset`.
    public var runnerUpOffset: Double
    /// How strongly the frames prefer `offset` to a typical place (the offset of the median
    /// score): below `requiredEvidence`, the recording shows too little of the scene's motion
    /// to place it at all.
    public var strength: Double
    /// Pearson correlation, at `offset`, of how much the scene changes from frame to frame with
    /// how much the recording frames shown with them change (1: they move at the same moments).
    public var correlation: Double
    /// The same correlation at `runnerUpOffset`.
    public var runnerUp: Double
    /// The root-mean-square difference of the frames shown together at `offset` (thumbnails'
    /// red, green and blue, 0…255).
    public var difference: Double
    /// Deprecated: the change profiles' offset before the pixels refined it (0.3); no longer
    /// set, the pixels decide alone.
    public var profileOffset: Double?
    /// Deprecated: the mean share of thumbnail pixels that differed at `offset` (0.3); no longer
    /// set (see `difference`).
    public var differingShare: Double?

    /// The evidence an offset needs to be used: the next best place must differ by this many
    /// standard errors (chance gives 3 about once in a thousand tries).
    public static let requiredEvidence = 5.0
    /// The margin an offset needs to be used.
    public static let requiredMargin = 0.1
    /// The largest evidence reported (a scene against its own exact recording has no noise at all).
    static let evidenceCap = 1000.0
    /// How far into a recording the scene is looked for: the recording's frames are measured that
    /// far at most (a GIF may last days, a video's timestamps jump by millions of seconds). Past
    /// it, `--offset` says where the scene starts.
    public static let searchedSeconds = 600.0

    /// Whether the match is good enough to use.
    public var isTrusted: Bool {
        evidence >= Self.requiredEvidence && margin >= Self.requiredMargin && strength >= Self.requiredEvidence
    }
    /// Whether another offset explains the recording about as well (a looping animation), as
    /// opposed to the recording saying too little about any offset.
    public var isAmbiguous: Bool { !isTrusted && strength >= Self.requiredEvidence }

    /// The line `compare` prints, naming the recording by `label`.
    public func note(label: String) -> String {
        let found = Self.seconds(offset), other = Self.seconds(runnerUpOffset)
        let figures = String(
            format: "evidence %.1f and margin %.2f, %.0f and %.1f needed", evidence, margin, Self.requiredEvidence, Self.requiredMargin)
        if isTrusted {
            return "offset \(found) found by matching \(label)'s frames with the scene's (\(figures); next best \(other); "
                + String(format: "frames %.1f apart, changes correlate %.2f)", difference, correlation)
        }
        if isAmbiguous && margin < Self.requiredMargin {
            return "offset unsure: \(found) and \(other) explain \(label) about equally (\(figures)); 0 is used: give --offset"
        }
        if isAmbiguous {
            return "offset unsure: \(label)'s frames favour \(found) over \(other) too little to tell them apart "
                + "against its noise (\(figures)); 0 is used: give --offset"
        }
        return "offset unsure: \(label) shows too little of the scene's motion to place it "
            + String(format: "(strength %.1f, %.0f needed); 0 is used: give --offset", strength, Self.requiredEvidence)
    }

    /// The line `compare` prints.
    public var note: String { note(label: "the recording") }

    static func seconds(_ value: Double) -> String { String(format: "%+.3f s", value) }
}
