import Foundation

/// Text that came from a file (a scenario's label, a golden folder's name, a trace) on its way
/// to a terminal or an XML file: escape sequences in a label must not recolour or rewrite a CI
/// log, and characters XML 1.0 cannot carry must not make junit.xml unreadable.
package enum TextSafety {
    /// `text` with every control character a terminal acts on (ESC, CR, BEL, backspace, C1 …)
    /// written as a visible `\u{1B}`-style escape; newlines and tabs stay when `keepingLines`.
    public static func forTerminal(_ text: String, keepingLines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingLines: keepingLines) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar, keepingLines: keepingLines) {
                out.append(contentsOf: String(format: "\\u{%X}", scalar.value).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `text` as XML 1.0 character data or attribute value: `& < > " '` escaped, and the
    /// characters XML 1.0 forbids (C0 controls other than tab, newline and carriage return;
    /// U+FFFE, U+FFFF) written as a visible `\u{…}` escape.
    public static func forXML(_ text: String) -> String {
        // Printable ASCII with nothing to escape (data URLs, most names) is returned as it is:
        // a report escapes megabytes of inline pictures, scalar by scalar otherwise.
        func isPlain(_ b: UInt8) -> Bool {
            b >= 0x20 && b < 0x7F && b != UInt8(ascii: "&") && b != UInt8(ascii: "<") && b != UInt8(ascii: ">")
                && b != UInt8(ascii: "\"") && b != UInt8(ascii: "'")
        }
        // Over the string's own bytes when it has them (a native string does): the view's
        // iterator took a millisecond for a report's inline pictures.
        let plain = text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPlain) } ?? text.utf8.allSatisfy(isPlain)
        if plain { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                let allowed = v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF)
                if allowed { out.unicodeScalars.append(scalar) } else { out += String(format: "\\u{%X}", v) }
            }
        }
        return out
    }

    /// A name in quotes for a message, safe on a terminal (no raw line breaks either).
    public static func quoted(_ text: String) -> String { "'" + forTerminal(text, keepingLines: false) + "'" }

    static func isControl(_ s: Unicode.Scalar, keepingLines: Bool) -> Bool {
        let v = s.value
        if keepingLines && (v == 0xA || v == 0x9) { return false }
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
    }
}
