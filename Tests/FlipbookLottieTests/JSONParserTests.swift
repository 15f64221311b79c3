import Foundation
import Testing

@testable import FlipbookLottie

/// The Lottie reader's JSON parser: what RFC 8259 reads, what it refuses and where.
@Suite("JSON parser")
struct JSONParserTests {
    /// `JSONSerialization`'s reading of `data`, in the parser's terms (members in name order).
    static func foundation(_ data: Data) throws -> JSONValue {
        JSONValue(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// Members sorted by name, so values read in file order compare with Foundation's.
    static func normalized(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var latest: [String: JSONValue] = [:]
            for (key, value) in object.members { latest[key] = normalized(value) }
            return .object(JSONObject(latest.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        case .array(let items):
            // `true` and `false` read as 1 and 0 but keep an array item by item.
            let numbers = items.compactMap { item -> Double? in
                if case .number(let n) = item { return n }
                return nil
            }
            return numbers.count == items.count ? .numbers(numbers) : .array(items.map(normalized))
        default: return value
        }
    }

    /// The path of the first place two values differ, with both values there.
    static func difference(_ a: JSONValue, _ b: JSONValue, path: String) -> String? {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            guard x.members.map(\.key) == y.members.map(\.key) else {
                return "\(path): keys \(x.members.map(\.key)) vs \(y.members.map(\.key))"
            }
            for (m, n) in zip(x.members, y.members) {
                if let d = difference(m.value, n.value, path: path + "." + m.key) { return d }
            }
            return nil
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) items" }
            for (i, (m, n)) in zip(x, y).enumerated() {
                if let d = difference(m, n, path: path + "[\(i)]") { return d }
            }
            return nil
        case (.numbers(let x), .numbers(let y)):
            // Foundation's reader on Linux is not correctly rounded ("236.50000000000003" reads as
            // 236.50000000000009); ours is (`numbersExactly`), so they may part by a few ulps.
            guard x.count == y.count, zip(x, y).allSatisfy({ $0 == $1 || abs($0 - $1) <= 8 * $0.ulp }) else {
                return "\(path): \(x) vs \(y)"
            }
            return nil
        default: return a == b ? nil : "\(path): \(a) vs \(b)"
        }
    }

    @Test("every sample Lottie file reads as JSONSerialization reads it (numbers to its rounding)")
    func samplesMatchFoundation() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/samples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count > 10)
        for name in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let ours = Self.normalized(try JSONParser.parse(data)), theirs = Self.normalized(try Self.foundation(data))
            #expect(
                Self.difference(ours, theirs, path: "") == nil,
                "\(name): first difference at \(Self.difference(ours, theirs, path: "") ?? "?")")
        }
    }

    @Test("numbers convert as strtod does: exact decimals, long mantissas, huge and tiny exponents")
    func numbersExactly() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "1e308", "2.2250738585072014e-308", "4.9e-324", "123456789012345678901234567890", "0.1", "1e-7",
            "9007199254740993", "0.30000000000000004", "1E+2", "-12.5e-3", "1e400", "1e-400"
        ]
        for _ in 0..<2000 {
            let digits = String((0..<Int.random(in: 1...20, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let fraction = String(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let mantissa = digits.drop { $0 == "0" }.isEmpty ? "0" : String(digits.drop { $0 == "0" })
            texts.append(mantissa + (fraction.isEmpty ? "" : "." + fraction) + "e\(Int.random(in: -40...40, using: &generator))")
        }
        for text in texts {
            let parsed = try JSONParser.parse(Data("[\(text)]".utf8))
            guard case .numbers(let numbers) = parsed, let n = numbers.first else {
                Issue.record("\(text) did not read as a number")
                continue
            }
            #expect(n.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    @Test(
        "a faulty file says what is wrong at its line and column",
        arguments: [
            ("{\"w\": 10,\n \"h\": 1", "the file ends inside an object", 2, 8),
            ("{\"a\": [1, 2,]}", "trailing comma", 1, 13),
            ("{\"a\": 1,, \"b\": 2}", "expected a member name", 1, 9),
            ("{\"a\": 1}\n}", "after the JSON value ends", 2, 1),
            ("{\"a\": \"no end", "a string that never ends", 1, 7),
            ("{\"a\": 01}", "may not start with 0", 1, 8),
            ("{\"a\" 1}", "expected ':'", 1, 6),
            ("{\"é\": tru}", "expected a value", 1, 7),
            ("", "ends where a value was expected", 1, 1)
        ])
    func faults(_ text: String, _ expected: String, _ line: Int, _ column: Int) {
        #expect {
            try JSONParser.parse(Data(text.utf8))
        } throws: { error in
            guard let failure = error as? JSONParser.Failure else { return false }
            return failure.message.contains(expected) && failure.line == line && failure.column == column
        }
    }

    @Test("nesting past 512 levels is refused where it passes the bound, without exhausting the stack")
    func deepNesting() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            try JSONParser.parse(Data(text.utf8))
        } throws: { error in
            (error as? JSONParser.Failure).map { $0.message.contains("more than 512 levels") && $0.column == 513 } ?? false
        }
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(Data(fine.utf8)) }
    }

    @Test("a Lottie file cut short or with a stray comma names its line and column, not just 'not a Lottie animation'")
    func lottieFaultsHavePlaces() {
        let text = "{\"v\": \"5.7\", \"fr\": 30,\n \"layers\": [,]}"
        #expect {
            try LottieAnimation.load(data: Data(text.utf8), file: "bad.json")
        } throws: { error in
            let error = error as? LottieError
            return error?.line == 2 && error?.column == 13
                && error?.description.hasPrefix("bad.json:2:13: error: not readable JSON") == true
        }
    }

    @Test("a value of the wrong kind is named by its JSON path with the line and column where it starts")
    func pathsHavePlaces() {
        let text = "{\"fr\": 30, \"ip\": 0, \"op\": 10,\n  \"w\": 100, \"h\": \"tall\", \"layers\": []}"
        #expect {
            try LottieAnimation.load(data: Data(text.utf8), file: "bad.json")
        } throws: { error in
            let error = error as? LottieError
            return error?.path == "h" && error?.line == 2 && error?.column == 18
        }
    }

    @Test("a JSON path finds the value it names, through arrays and nested objects, the last of a repeated name")
    func locatesPaths() {
        let text = "{\"layers\": [\n  {\"ks\": {}},\n  {\"ks\": {\"p\": 1, \"p\": [3]}}\n]}"
        let data = Data(text.utf8)
        #expect(JSONParser.location(ofPath: "layers[1].ks.p", in: data)! == (3, 24))
        #expect(JSONParser.location(ofPath: "layers[0].ks", in: data)! == (2, 10))
        #expect(JSONParser.location(ofPath: "layers[2]", in: data) == nil)
        #expect(JSONParser.location(ofPath: "layers[1].nothing", in: data) == nil)
    }

    @Test("arrays of numbers are kept as one [Double]; mixed arrays item by item; escapes and surrogate pairs read")
    func representation() throws {
        let value = try JSONParser.parse(Data(#"{"a":[1,2.5,-3],"b":[1,"x",true],"c":"\u00e9\ud83d\ude00\n\"","d":[]}"#.utf8))
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object["a"] == .numbers([1, 2.5, -3]))
        #expect(object["b"] == .array([.number(1), .string("x"), .number(1)]))
        #expect(object["c"] == .string("é😀\n\""))
        #expect(object["d"] == .numbers([]))
    }
}

/// What the decoder leaves out is said, not drawn silently wrong (issue 59).
@Suite("Lottie decoding notes")
struct LottieDecodingNoteTests {
    @Test("a property of the wrong kind is a warning at its path, and the layer is drawn without it")
    func wrongKind() throws {
        let json =
            #"{"v":"5.7","fr":10,"ip":0,"op":10,"w":20,"h":20,"layers":[{"ty":3,"ind":1,"ip":0,"op":10,"st":0,"ks":{"o":{"a":0,"k":"half"},"p":{"a":1,"k":[{"t":0,"s":"left"},{"t":5,"s":[1,2]}]}}}]}"#
        let layer = try LottieAnimationLayer(animation: try LottieAnimation.load(data: Data(json.utf8), file: "kinds.json"))
        #expect(layer.warnings.contains("layers[0].ks.o.k: expected numbers; the property is left out"), "\(layer.warnings)")
        #expect(layer.warnings.contains("layers[0].ks.p.k[0].s: expected numbers; the property is left out"), "\(layer.warnings)")
    }

    @Test("a warning's JSON path is found in the file's text: its line and column")
    func warningLocated() throws {
        let json =
            "{\"v\":\"5.7\",\"fr\":10,\"ip\":0,\"op\":10,\"w\":20,\"h\":20,\"layers\":[\n  {\"ty\":3,\"ind\":1,\"ks\":{\"o\":{\"a\":0,\"k\":\"half\"}}}]}"
        let animation = try LottieAnimation.load(data: Data(json.utf8), file: "kinds.json")
        let warning = try #require(try LottieAnimationLayer(animation: animation).warnings.first { $0.hasPrefix("layers[0].ks.o.k") })
        let at = try #require(animation.location(ofWarning: warning))
        // Line 2 holds the layer; `"half"` starts at column 40 of it.
        #expect(at.line == 2 && at.column == 40, "\(at)")
        #expect(animation.location(ofWarning: "the main-thread engine is not available") == nil)
    }

    @Test("an unknown layer type and an unknown shape item are warnings naming them")
    func unknownTypes() throws {
        let json =
            #"{"v":"5.7","fr":10,"ip":0,"op":10,"w":20,"h":20,"layers":[{"ty":9,"ind":1,"ip":0,"op":10,"ks":{}},{"ty":4,"ind":2,"ip":0,"op":10,"ks":{},"shapes":[{"ty":"xx"}]}]}"#
        let layer = try LottieAnimationLayer(animation: try LottieAnimation.load(data: Data(json.utf8), file: "kinds.json"))
        #expect(layer.warnings.contains("layers[0]: layer type 9 is not supported"), "\(layer.warnings)")
        #expect(layer.warnings.contains("layers[1].shapes[0]: shape item 'xx' is not supported"), "\(layer.warnings)")
    }
}
