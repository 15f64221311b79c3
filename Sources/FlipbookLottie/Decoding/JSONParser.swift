import Foundation

/// Reads JSON text (RFC 8259) into `JSONValue`s, with the line and column of any fault.
///
/// Lottie files reach 64 MB and hold millions of numbers, so the parser writes the compact
/// value directly instead of going through `JSONSerialization`'s objects (which took about 3 KB
/// a keyframe, and said only "not JSON" of a cut-short file). Arrays of numbers become one
/// `[Double]`; objects keep their members in file order. Nesting is bounded
/// (`maximumNesting`), numbers convert exactly as `strtod` does.
struct JSONParser {
    /// Arrays and objects one inside another at most: beyond anything a Lottie file needs, and
    /// the recursion stays small on any thread.
    static let maximumNesting = 512

    /// Where reading failed: a message and the 1-based line and column of the byte it names.
    struct Failure: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    private var depth = 0
    private var deepest = 0

    /// The value `data` holds (whitespace around it allowed, a UTF-8 byte-order mark skipped).
    static func parse(_ data: Data) throws(Failure) -> JSONValue { try parseDocument(data).value }

    /// The value and how many arrays and objects nest in it at most (walks of it recurse that
    /// deep).
    static func parseDocument(_ data: Data) throws(Failure) -> (value: JSONValue, nesting: Int) {
        let result: Result<(JSONValue, Int), Failure> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return Result { () throws(Failure) -> (JSONValue, Int) in (try parser.document(), parser.deepest) }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func document() throws(Failure) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { at = 3 }
        skipWhitespace()
        let value = try self.value()
        skipWhitespace()
        guard at == bytes.count else { throw fail("unexpected \(describe(at)) after the JSON value ends") }
        return value
    }

    // MARK: - Values

    private mutating func value() throws(Failure) -> JSONValue {
        guard at < bytes.count else { throw fail("the file ends where a value was expected (is it cut short?)") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try word("true")
            return .number(1)
        case UInt8(ascii: "f"):
            try word("false")
            return .number(0)
        case UInt8(ascii: "n"):
            try word("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("expected a value (an object, array, string, number, true, false or null), found \(describe(at))")
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        deepest = max(deepest, depth)
        guard depth <= Self.maximumNesting else {
            throw fail("arrays and objects nest more than \(Self.maximumNesting) levels deep here")
        }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try enter()
        at += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
            at += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard at < bytes.count else { throw fail("the file ends inside an object (is it cut short?)") }
            guard bytes[at] == UInt8(ascii: "\"") else {
                throw fail("expected a member name in double quotes, found \(describe(at))")
            }
            let key = try string()
            skipWhitespace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the member name \"\(key.prefix(40))\", found \(describe(at))")
            }
            at += 1
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            guard at < bytes.count else { throw fail("the file ends inside an object (is it cut short?)") }
            switch bytes[at] {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "}"):
                at += 1
                depth -= 1
                return .object(JSONObject(members))
            default: throw fail("expected ',' or '}' after an object member, found \(describe(at))")
            }
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try enter()
        at += 1
        skipWhitespace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
            at += 1
            depth -= 1
            return .numbers([])
        }
        // Numbers only (points, colours, vertices): one [Double], until anything else comes.
        var numbers: [Double] = []
        var items: [JSONValue]?
        while true {
            skipWhitespace()
            guard at < bytes.count else { throw fail("the file ends inside an array (is it cut short?)") }
            let c = bytes[at]
            if items == nil, c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                numbers.append(try number())
            } else {
                if items == nil { items = numbers.map(JSONValue.number) }
                items!.append(try value())
            }
            skipWhitespace()
            guard at < bytes.count else { throw fail("the file ends inside an array (is it cut short?)") }
            switch bytes[at] {
            case UInt8(ascii: ","):
                at += 1
                skipWhitespace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { throw fail("a ',' before ']' (a trailing comma) is not JSON") }
            case UInt8(ascii: "]"):
                at += 1
                depth -= 1
                return items.map(JSONValue.array) ?? .numbers(numbers)
            default: throw fail("expected ',' or ']' after an array item, found \(describe(at))")
            }
        }
    }

    private mutating func word(_ text: StaticString) throws(Failure) {
        let start = at
        let expected = text.withUTF8Buffer { Array($0) }
        guard at + expected.count <= bytes.count, Array(bytes[at..<(at + expected.count)]) == expected else {
            throw fail("expected a value, found \(describe(start))")
        }
        at += expected.count
    }

    // MARK: - Strings

    private mutating func string() throws(Failure) -> String {
        let open = at
        at += 1
        let start = at
        // Fast path: no escapes.
        while at < bytes.count {
            let c = bytes[at]
            if c == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
                at += 1
                return text
            }
            if c == UInt8(ascii: "\\") { break }
            guard c >= 0x20 else { throw fail("a control character (byte \(c)) inside a string; write it as an escape") }
            at += 1
        }
        var utf8 = Array(bytes[start..<at])
        while at < bytes.count {
            let c = bytes[at]
            switch c {
            case UInt8(ascii: "\""):
                at += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            default:
                guard c >= 0x20 else { throw fail("a control character (byte \(c)) inside a string; write it as an escape") }
                utf8.append(c)
                at += 1
            }
        }
        at = open
        throw fail("a string that never ends (is the file cut short?)")
    }

    /// One backslash escape, its UTF-8 appended.
    private mutating func escape(into utf8: inout [UInt8]) throws(Failure) {
        guard at + 1 < bytes.count else { throw fail("the file ends inside a string (is it cut short?)") }
        let c = bytes[at + 1]
        at += 2
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(c)
        case UInt8(ascii: "b"): utf8.append(8)
        case UInt8(ascii: "f"): utf8.append(12)
        case UInt8(ascii: "n"): utf8.append(10)
        case UInt8(ascii: "r"): utf8.append(13)
        case UInt8(ascii: "t"): utf8.append(9)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            // A surrogate pair gives one scalar; a lone surrogate becomes U+FFFD.
            if (0xD800..<0xDC00).contains(scalar), at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u")
            {
                at += 2
                let low = try hex4()
                scalar = (0xDC00..<0xE000).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
            }
            utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        default:
            at -= 2
            throw fail("'\\\(Character(Unicode.Scalar(c)))' is not a JSON escape")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard at + 4 <= bytes.count else { throw fail("the file ends inside a \\u escape") }
        var value: UInt32 = 0
        for i in 0..<4 {
            let c = bytes[at + i]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | digit
        }
        at += 4
        return value
    }

    // MARK: - Numbers

    /// A JSON number, converted exactly (correctly rounded, as `strtod`).
    private mutating func number() throws(Failure) -> Double {
        let start = at
        var negative = false
        if bytes[at] == UInt8(ascii: "-") {
            negative = true
            at += 1
        }
        // Up to 19 significant digits kept exactly; the rest only move the decimal exponent.
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var exact = true
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        guard isDigit(at) else { throw fail("a number needs a digit after '-'") }
        if bytes[at] == UInt8(ascii: "0") {
            at += 1
            if isDigit(at) { throw fail("a number may not start with 0 followed by more digits") }
        } else {
            while isDigit(at) {
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(bytes[at] - UInt8(ascii: "0"))
                    if mantissa != 0 { digits += 1 }
                } else {
                    exponent += 1
                    if bytes[at] != UInt8(ascii: "0") { exact = false }
                }
                at += 1
            }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard isDigit(at) else { throw fail("a number needs a digit after its decimal point") }
            while isDigit(at) {
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(bytes[at] - UInt8(ascii: "0"))
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                } else if bytes[at] != UInt8(ascii: "0") {
                    exact = false
                }
                at += 1
            }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            var negativeExponent = false
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") {
                negativeExponent = bytes[at] == UInt8(ascii: "-")
                at += 1
            }
            guard isDigit(at) else { throw fail("a number needs a digit in its exponent") }
            var e = 0
            while isDigit(at) {
                if e < 100_000 { e = e * 10 + Int(bytes[at] - UInt8(ascii: "0")) }
                at += 1
            }
            exponent += negativeExponent ? -e : e
        }
        // Clinger's fast path: both the mantissa and the power of ten are exact doubles, so one
        // multiplication or division rounds correctly.
        if exact, mantissa < 1 << 53, (-22...22).contains(exponent) {
            let m = Double(mantissa)
            let value = exponent >= 0 ? m * Self.powersOfTen[exponent] : m / Self.powersOfTen[-exponent]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        guard let value = Double(text) else { throw fail("'\(text.prefix(40))' is not a number") }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    // MARK: - Positions

    private mutating func skipWhitespace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    /// The byte at `index` as a message names it.
    private func describe(_ index: Int) -> String {
        guard index < bytes.count else { return "the end of the file" }
        let c = bytes[index]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte \(c)"
    }

    private func fail(_ message: String) -> Failure {
        let (line, column) = Self.lineAndColumn(of: min(at, bytes.count), in: bytes)
        return Failure(message: message, line: line, column: column)
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        // Columns count characters: continuation bytes of UTF-8 are not counted.
        var column = 1
        for i in lineStart..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }
}

// MARK: - Finding a path

extension JSONParser {
    /// The 1-based line and column where the value at `path` (`layers[3].ks.p`, as `LottieJSON`
    /// names it) starts in `data`; nil when the text has no such value. Used for messages only,
    /// so it reads the text again rather than keep a position for every value.
    static func location(ofPath path: String, in data: Data) -> (line: Int, column: Int)? {
        guard let steps = PathStep.parse(path) else { return nil }
        return data.withUnsafeBytes { raw -> (line: Int, column: Int)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = Scanner(bytes: bytes)
            scanner.skipBOM()
            scanner.skipWhitespace()
            for step in steps {
                guard scanner.enter(step) else { return nil }
            }
            return lineAndColumn(of: scanner.at, in: bytes)
        }
    }

    enum PathStep: Equatable {
        case key(String)
        case index(Int)

        /// `a.b[2].c` as its steps; nil when it is not such a path.
        static func parse(_ path: String) -> [PathStep]? {
            var steps: [PathStep] = []
            var key = ""
            var chars = Substring(path)
            func flush() {
                if !key.isEmpty { steps.append(.key(key)) }
                key = ""
            }
            while let c = chars.first {
                chars = chars.dropFirst()
                switch c {
                case ".": flush()
                case "[":
                    flush()
                    guard let close = chars.firstIndex(of: "]"), let index = Int(chars[..<close]) else { return nil }
                    steps.append(.index(index))
                    chars = chars[chars.index(after: close)...]
                default: key.append(c)
                }
            }
            flush()
            return steps
        }
    }

    /// Skips values without building them, to find where one starts.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        mutating func skipBOM() {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { at = 3 }
        }

        mutating func skipWhitespace() {
            while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
        }

        /// Moves to the start of the member or item `step` of the value here (its last member
        /// of that name, as the parser keeps).
        mutating func enter(_ step: PathStep) -> Bool {
            guard at < bytes.count else { return false }
            let open = bytes[at]
            switch step {
            case .key(let name):
                guard open == UInt8(ascii: "{") else { return false }
                at += 1
                var found: Int?
                while true {
                    skipWhitespace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { break }
                    let key = readString()
                    skipWhitespace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return false }
                    at += 1
                    skipWhitespace()
                    if key == name { found = at }
                    guard skipValue() else { return false }
                    skipWhitespace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { break }
                    at += 1
                }
                guard let found else { return false }
                at = found
                return true
            case .index(let index):
                guard open == UInt8(ascii: "[") else { return false }
                at += 1
                for _ in 0..<index {
                    skipWhitespace()
                    guard skipValue() else { return false }
                    skipWhitespace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { return false }
                    at += 1
                }
                skipWhitespace()
                return at < bytes.count && bytes[at] != UInt8(ascii: "]")
            }
        }

        /// A string's text, escapes left as written (member names have none in practice).
        mutating func readString() -> String {
            at += 1
            let start = at
            while at < bytes.count, bytes[at] != UInt8(ascii: "\"") { at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(at, bytes.count)]), as: UTF8.self)
            at += 1
            return text
        }

        /// Past one value, nesting counted (no recursion).
        mutating func skipValue() -> Bool {
            var depth = 0
            repeat {
                guard at < bytes.count else { return false }
                switch bytes[at] {
                case UInt8(ascii: "\""): _ = readString()
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    at += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    at += 1
                default:
                    at += 1
                    // A scalar outside any container ends at the next delimiter.
                    if depth == 0 {
                        while at < bytes.count, !",}] \n\r\t".utf8.contains(bytes[at]) { at += 1 }
                    }
                }
            } while depth > 0
            return depth == 0
        }
    }
}
