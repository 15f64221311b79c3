extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` keeps (Unicode's space separators, U+0009 and, as
    /// CoreFoundation has it, U+200B go; line breaks stay), in the standard library alone.
    /// Foundation's character sets cost about half a millisecond on first use, which every
    /// scenario load paid for its first number.
    func trimmingSpaces() -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            // ASCII decided here: the Unicode tables are only paged in for other text.
            if scalar.isASCII { return scalar == " " || scalar == "\t" }
            return scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}
