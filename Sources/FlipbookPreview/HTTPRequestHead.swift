/// The head of an HTTP/1.x request (request line and header fields), read within fixed bounds.
/// The preview serves pages on the loopback address to a browser; anything a browser does not
/// send to it (bodies, huge lines, hundreds of fields, other methods) is refused before it costs
/// memory. Pure, so the fuzzer drives it directly (Fuzz/); public for that reason only.
public struct HTTPRequestHead: Equatable, Sendable {
    /// The bounds every request is read within.
    public struct Limits: Sendable {
        /// The request line ("GET /path HTTP/1.1"), without its line end.
        public var requestLine = 8 * 1024
        /// The whole head: request line, fields and the blank line.
        public var head = 16 * 1024
        public var fields = 64
        public init() {}
    }

    /// Why a head was refused, as the status the server answers with.
    public enum Refusal: Error, Equatable, Sendable {
        /// 400: not HTTP, or a field that is not `name: value`.
        case malformed(String)
        /// 405: a method other than GET or HEAD.
        case method(String)
        /// 414: a request line over `Limits.requestLine`.
        case lineTooLong
        /// 431: a head over `Limits.head` bytes or `Limits.fields` fields.
        case headTooLarge
        /// 413: a request with a body (nothing the preview serves takes one).
        case body
        /// 505: not HTTP/1.0 or 1.1.
        case version

        public var status: Int {
            switch self {
            case .malformed: return 400
            case .method: return 405
            case .lineTooLong: return 414
            case .headTooLarge: return 431
            case .body: return 413
            case .version: return 505
            }
        }
    }

    /// What `parse` found in the bytes so far.
    public enum Outcome: Equatable, Sendable {
        /// The head ends `length` bytes in.
        case complete(HTTPRequestHead, length: Int)
        /// Not yet: more bytes are needed (and allowed).
        case incomplete
        case refused(Refusal)
    }

    public var method: String
    /// The path and query as sent ("/frame/3/12.png").
    public var target: String
    public var version: String
    /// Field names in lower case, in the order sent; a repeated name keeps each value.
    public var fields: [(name: String, value: String)]

    /// The `Host` field, nil when absent; two of them are refused by `parse`.
    public var host: String? { fields.first { $0.name == "host" }?.value }

    /// Whether the client asked to close the connection after this response.
    public var wantsClose: Bool {
        let connection = fields.first { $0.name == "connection" }?.value.lowercased()
        return version == "HTTP/1.0" ? connection != "keep-alive" : connection == "close"
    }

    /// The path without the query.
    public var path: Substring { target.prefix { $0 != "?" && $0 != "#" } }

    public static func == (a: Self, b: Self) -> Bool {
        a.method == b.method && a.target == b.target && a.version == b.version
            && a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.value) == b.fields.map(\.value)
    }

    /// Reads a head from the start of `bytes`, refusing it as soon as the bytes so far break a
    /// bound (a request line still growing past 8 KiB is refused before its end arrives).
    public static func parse(_ bytes: ArraySlice<UInt8>, limits: Limits = Limits()) -> Outcome {
        guard let end = headEnd(bytes) else {
            if firstLineLength(bytes) ?? bytes.count > limits.requestLine { return .refused(.lineTooLong) }
            return bytes.count >= limits.head ? .refused(.headTooLarge) : .incomplete
        }
        let headLength = end - bytes.startIndex
        guard headLength <= limits.head else {
            return firstLineLength(bytes)! > limits.requestLine ? .refused(.lineTooLong) : .refused(.headTooLarge)
        }
        // Latin-1 for the bytes of the head: every byte is a character, so no input fails to decode.
        let text = String(bytes[bytes.startIndex..<end].map { Character(Unicode.Scalar($0)) })
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return .refused(.malformed("an empty request")) }
        guard requestLine.count <= limits.requestLine else { return .refused(.lineTooLong) }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            return .refused(.malformed("a request line of the form 'GET /path HTTP/1.1'"))
        }
        guard parts[1].hasPrefix("/"), parts[1].allSatisfy({ $0.isASCII && $0 > " " && $0 != "\u{7F}" }) else {
            return .refused(.malformed("a target of printable ASCII starting with '/'"))
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return parts[2].hasPrefix("HTTP/") ? .refused(.version) : .refused(.malformed("HTTP/1.1 or HTTP/1.0"))
        }
        guard parts[0] == "GET" || parts[0] == "HEAD" else { return .refused(.method(String(parts[0]))) }
        guard lines.count - 1 <= limits.fields else { return .refused(.headTooLarge) }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .refused(.malformed("a header field 'name: value'")) }
            let name = line[..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else {
                return .refused(.malformed("a header field name of letters, digits and !#$%&'*+-.^_`|~"))
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            guard !value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                return .refused(.malformed("a header field value without line breaks"))
            }
            fields.append((name.lowercased(), value))
        }
        let head = HTTPRequestHead(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), fields: fields)
        if fields.filter({ $0.name == "host" }).count > 1 { return .refused(.malformed("one Host field")) }
        if fields.contains(where: { $0.name == "transfer-encoding" }) { return .refused(.body) }
        if let length = fields.first(where: { $0.name == "content-length" })?.value, length != "0" { return .refused(.body) }
        return .complete(head, length: headLength)
    }

    /// The index just past the blank line that ends the head, if it has arrived.
    private static func headEnd(_ bytes: ArraySlice<UInt8>) -> Int? {
        var i = bytes.startIndex
        while i + 3 < bytes.endIndex {
            if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 { return i + 4 }
            i += 1
        }
        return nil
    }

    /// The request line's length so far, or nil when its end has not arrived.
    private static func firstLineLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.firstIndex(of: 13).map { $0 - bytes.startIndex }
    }

    private static func isTokenCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || "!#$%&'*+-.^_`|~".contains(c))
    }
}

extension StringProtocol {
    /// Without leading and trailing characters of `set` (the standard library's own, so the
    /// preview does not page in Foundation's character sets).
    fileprivate func trimmingCharacters(in set: String) -> String {
        let start = firstIndex { !set.contains($0) } ?? endIndex
        let end = lastIndex { !set.contains($0) }.map(index(after:)) ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
