import Foundation

/// A JSON value as schema/scenario.schema.json holds it (no fractions in it), read with
/// `JSONDecoder` and written as Python's `json.dumps(…, indent=2, sort_keys=True,
/// ensure_ascii=False)` writes it, so the file reads the same whichever writes it.
package indirect enum SchemaJSON: Equatable, Decodable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case string(String)
    case array([SchemaJSON])
    case object([String: SchemaJSON])

    package init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let b = try? value.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? value.decode(Int.self) {
            self = .integer(n)
        } else if let s = try? value.decode(String.self) {
            self = .string(s)
        } else if let a = try? value.decode([SchemaJSON].self) {
            self = .array(a)
        } else {
            self = .object(try value.decode([String: SchemaJSON].self))
        }
    }

    /// The member `key` of an object (nil otherwise).
    package subscript(key: String) -> SchemaJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text, keys sorted, two spaces an indent, a newline at the end.
    package var text: String { written(indent: "") + "\n" }

    private func written(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let n): return String(n)
        case .string(let s): return Self.quoted(s)
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.written(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.keys.sorted().map { inner + Self.quoted($0) + ": " + members[$0]!.written(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    /// A JSON string as Python writes it without `ensure_ascii` (quotes, backslashes and control
    /// characters escaped, the rest as it is): JSONEncoder's escapes are the same.
    private static func quoted(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(s)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
