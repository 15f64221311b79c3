import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// Every JSON the commands write holds numbers as people read them (ReadableJSON): no float
/// noise (0.8320000000000001), at most six decimals.
@Suite("JSON numbers")
struct JSONNumberTests {
    /// Number tokens outside strings with more than six decimals, or a run of seven zeros or
    /// nines in their fraction.
    static func noisy(_ json: String) -> [String] {
        var found: [String] = []
        var inString = false, escaped = false, token = ""
        func flush() {
            if let dot = token.firstIndex(of: ".") {
                let fraction = token[token.index(after: dot)...].prefix { $0.isNumber }
                if fraction.count > 6 || fraction.contains("0000000") || fraction.contains("9999999") { found.append(token) }
            }
            token = ""
        }
        for c in json {
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "\"" {
                flush()
                inString = true
            } else if c.isNumber || "-+.eE".contains(c) {
                token.append(c)
            } else {
                flush()
            }
        }
        flush()
        return found
    }

    @Test("the scanner finds float noise and passes clean numbers and strings")
    func scanner() {
        #expect(Self.noisy(#"{"a": 0.8320000000000001, "b": "0.20400000000000001", "c": 2.3}"#) == ["0.8320000000000001"])
        #expect(Self.noisy(#"{"t": 0.000702, "n": -3, "e": 1e-06}"#).isEmpty)
    }

    @Test("ReadableJSON rounds fractions to a millionth, keeps whole numbers and strings")
    func rounding() throws {
        struct Sample: Encodable {
            let settledAt = 0.8320000000000001, start = 0.20400000000000001, big = 123_456_789.123_456_7, tiny = 1.0e-9
            let whole = 3.0, label = "0.8320000000000001 \"quoted\""
        }
        let text = String(decoding: try ReadableJSON.encode(Sample()), as: UTF8.self)
        #expect(Self.noisy(text).isEmpty, "\(text)")
        #expect(text.contains("\"settledAt\" : 0.832,") && text.contains("\"start\" : 0.204,") && text.contains("\"whole\" : 3"), "\(text)")
        #expect(text.contains("\"big\" : 123456789.123457") && text.contains("\"tiny\" : 0,"), "\(text)")
        #expect(text.contains(#""label" : "0.8320000000000001 \"quoted\"""#), "\(text)")
        let decoded = try JSONSerialization.jsonObject(with: Data(ReadableJSON.encode(Sample()))) as? [String: Any]
        #expect(decoded?["settledAt"] as? Double == 0.832)
    }

    @Test("compare --json (recording, tracks, periods), test's summary, results and manifests: no float noise")
    func everyCommand() throws {
        let dir = freshFolder("flipbook-json-numbers")
        let (scene, video) = try RecordingOffsetTests.recording(delay: 9, in: dir)
        let compared = try CLI.run([
            "compare", scene, "--against", video, "--track", "dot=0,15,101,30@#d0302a", "--json", "-o", dir.path + "/c.gif"
        ])
        #expect(compared.status == 0, "\(compared.stderr)")
        #expect(Self.noisy(compared.stdout).isEmpty, "compare --json: \(Self.noisy(compared.stdout))")
        #expect(compared.stdout.contains("\"settledAt\""), "tracks are in the JSON: \(compared.stdout.prefix(400))")
        // A suite: recorded, then failing, with artifacts.
        let scenes = dir.appendingPathComponent("suite/scenarios")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try String(contentsOfFile: scene, encoding: .utf8).write(
            to: scenes.appendingPathComponent("dot.yaml"), atomically: true, encoding: .utf8)
        let suite = dir.appendingPathComponent("suite")
        #expect(try CLI.run(["test", "--record", "missing"], in: suite).status == 0)
        try String(contentsOfFile: scene, encoding: .utf8).replacingOccurrences(of: "to: 80,", with: "to: 70,")
            .write(to: scenes.appendingPathComponent("dot.yaml"), atomically: true, encoding: .utf8)
        let failing = try CLI.run(["test", "--artifacts", "out", "--artifact-animation", "none"], in: suite)
        #expect(failing.status == 1, "\(failing.stderr)")
        var files = ["out/summary.json", "out/results.json"]
        let golden = suite.appendingPathComponent("golden")
        for folder in try FileManager.default.contentsOfDirectory(atPath: golden.path) { files.append("golden/\(folder)/manifest.json") }
        #expect(files.count >= 3, "\(files)")
        for file in files {
            let text = try String(contentsOf: suite.appendingPathComponent(file), encoding: .utf8)
            #expect(Self.noisy(text).isEmpty, "\(file): \(Self.noisy(text))")
        }
    }
}
