import ArgumentParser
import Flipbook
import Foundation

/// A time written as `0.35`, `0.35s` or `350ms`, or a share of the whole as `50%` (`--at`
/// only: lottie-ios's `currentProgress`). Negative times parse (so that `--at -1` can be told it
/// is negative instead of "missing value"); each command refuses them by name.
struct TimeArgument: ExpressibleByArgument {
    var seconds: Double
    /// The share of the scene or animation asked for (`50%` is 0.5), when given so.
    var progress: Double?

    init?(argument: String) {
        let s = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let value: Double?
        if s.hasSuffix("%") {
            guard let p = Double(s.dropLast()), p.isFinite else { return nil }
            progress = p / 100
            seconds = 0
            return
        } else if s.hasSuffix("ms") {
            value = Double(s.dropLast(2)).map { $0 / 1000 }
        } else if s.hasSuffix("s") {
            value = Double(s.dropLast())
        } else {
            value = Double(s)
        }
        guard let v = value, v.isFinite else { return nil }
        seconds = v
    }

    /// Seconds into something lasting `duration` seconds.
    func seconds(of duration: Double) -> Double { progress.map { $0 * duration } ?? seconds }

    /// Refuses a negative time, naming the option.
    func requireNonNegative(_ option: String) throws {
        if let progress, progress < 0 || progress > 1 {
            throw ValidationError("\(option) \(String(format: "%g", progress * 100))% is outside 0…100%")
        }
        if seconds < 0 { throw ValidationError("\(option) \(String(format: "%g", seconds)) s is negative; a scene starts at 0 s") }
    }

    /// A comma-separated list of times (`--filmstrip-times 0.2,0.35s,500ms`), in seconds.
    static func list(_ text: String, option: String) throws -> [Double] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= 200 else { throw ValidationError("\(option) takes at most 200 times") }
        return try items.map { item in
            guard let t = TimeArgument(argument: String(item)), t.progress == nil, t.seconds >= 0 else {
                throw ValidationError("\(option) expects times such as 0.2,0.35s,500ms; found '\(item)'")
            }
            return t.seconds
        }
    }
}
