import Foundation
import Testing

/// One entry of `semantics-vectors.json` (timing-model.md 15).
struct SemanticsVector: @unchecked Sendable, CustomStringConvertible {
    let id: String
    let category: String
    let input: [String: Any]
    let expected: [String: Any]
    let tolerance: Double
    var description: String { id }

    static let all: [SemanticsVector] = {
        guard let url = Bundle.module.url(forResource: "semantics-vectors", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url),
            let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [] }
        return array.map {
            SemanticsVector(
                id: $0["id"] as! String, category: $0["category"] as! String,
                input: $0["input"] as! [String: Any], expected: $0["expected"] as! [String: Any],
                tolerance: ($0["tolerance"] as? NSNumber)?.doubleValue ?? 1e-9)
        }
    }()

    /// The vectors of one category; an empty category is a failure (a renamed category must
    /// not turn its test into one that checks nothing).
    static func category(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> [SemanticsVector] {
        let found = all.filter { $0.category == name }
        #expect(found.count == expectedCounts[name], "category \(name): \(found.count) vectors", sourceLocation: sourceLocation)
        return found
    }

    /// How many vectors each category of the bundled file holds (timing-model.md 15).
    static let expectedCounts = [
        "timing_function": 165, "spring": 60, "media_timing": 52, "keyframe": 35, "scroll_physics": 32, "keyframe_path": 26,
        "basic_animation": 21, "animation_group": 10, "spring_mapping": 10, "geometry": 10, "layer_time_hierarchy": 7,
        "spring_settling": 7, "transform_interpolation": 7, "uiview_animation": 5, "delegate_events": 4, "interpolation": 4,
        "path_geometry": 4
    ]
}

/// A JSON number (or "inf") as a Double.
func num(_ v: Any?) -> Double? {
    if let s = v as? String { return s == "inf" ? .infinity : s == "-inf" ? -.infinity : Double(s) }
    if let n = v as? NSNumber { return n.doubleValue }
    if let d = v as? Double { return d }
    if let i = v as? Int { return Double(i) }
    return nil
}

func nums(_ v: Any?) -> [Double]? { (v as? [Any])?.compactMap(num) }

/// Records a failure naming the vector when `actual` is not within `tol` of `expected`.
func expectClose(
    _ actual: Double, _ expected: Double, _ tol: Double, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let ok = actual == expected || abs(actual - expected) <= tol
    #expect(ok, "\(what): got \(actual), expected \(expected) ± \(tol)", sourceLocation: sourceLocation)
}

func expectClose(
    _ actual: [Double], _ expected: [Double], _ tol: Double, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.count == expected.count, "\(what): \(actual.count) values, expected \(expected.count)", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) { expectClose(a, e, tol, what, sourceLocation: sourceLocation) }
}
