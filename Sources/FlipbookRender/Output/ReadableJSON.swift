import Foundation

/// JSON as the commands write it (compare's `--json`, a suite's results and summary, golden
/// manifests, the preview's status): keys sorted, indented, and every number without float noise.
/// A sum of frame times or shares prints as 0.8320000000000001 from `JSONEncoder`; here each
/// fraction is rounded to a millionth (a microsecond, a ten-thousandth of a percent of
/// pixels) and written in the fewest digits that read back as that value: 0.832.
public enum ReadableJSON {
    /// Decimal places kept.
    public static let places = 6

    /// `value` encoded as `formatting` says, numbers rounded to `places` decimals.
    public static func encode<T: Encodable>(
        _ value: T, formatting: JSONEncoder.OutputFormatting = [.prettyPrinted, .sortedKeys]
    ) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return rounded(Array(try encoder.encode(value)))
    }

    /// `json` with each number that has a fraction or an exponent rounded; strings untouched.
    public static func rounded(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count)
        var i = 0
        while i < json.count {
            let byte = json[i]
            if byte == UInt8(ascii: "\"") {
                // A string, escapes and all, as it is.
                let start = i
                i += 1
                while i < json.count && json[i] != UInt8(ascii: "\"") { i += json[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i = min(i + 1, json.count)
                out += json[start..<i]
            } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                let start = i
                while i < json.count, Self.numberBytes.contains(json[i]) { i += 1 }
                out += number(json[start..<i])
            } else {
                out.append(byte)
                i += 1
            }
        }
        return out
    }

    private static let numberBytes = Set("-+.eE0123456789".utf8)

    /// One number token: as it is when whole, else rounded and written shortest.
    private static func number(_ token: ArraySlice<UInt8>) -> [UInt8] {
        guard token.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
            let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite
        else { return Array(token) }
        let scale = pow(10.0, Double(places))
        let rounded = abs(value) < 1e15 / scale ? (value * scale).rounded() / scale : value
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return Array(String(Int64(rounded)).utf8) }
        return Array("\(rounded)".utf8)
    }
}
