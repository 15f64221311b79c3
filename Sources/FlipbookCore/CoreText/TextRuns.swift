import Foundation

extension TextAttributes {
    /// `text`'s attribute runs as a text style draws them (`TextStyle.runs`): adjacent runs that
    /// draw alike merged, and none where one undecorated set of attributes covers the whole
    /// string (its first character's style draws it). A run without a font, size or colour of
    /// its own draws in `fontName`, `fontSize` and `color` (nil: the layer's, when drawn).
    package static func runs(of text: NSAttributedString, fontName: String?, fontSize: Double? = nil, color: RGBA? = nil) -> [TextRun] {
        guard text.length > 0 else { return [] }
        var runs: [TextRun] = []
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: []) { attributes, range, _ in
            var run = run(attributes, range: range.location..<range.location + range.length)
            run.fontName = run.fontName ?? fontName
            run.fontSize = run.fontSize ?? fontSize
            run.color = run.color ?? color
            if let last = runs.last, last.range.upperBound == run.range.lowerBound, last.attributesEqual(run) {
                runs[runs.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                runs.append(run)
            }
        }
        return runs.count > 1 || runs.contains(where: \.isDecorated) ? runs : []
    }

    /// `text`'s runs where what a run leaves out is Core Text's and UIKit's string drawing's
    /// default: Helvetica, 12 pt, black.
    package static func coreTextRuns(of text: NSAttributedString) -> [TextRun] {
        runs(of: text, fontName: "Helvetica", fontSize: 12, color: RGBA(red: 0, green: 0, blue: 0, alpha: 1))
    }

    /// One run's own attributes (nil where it leaves them to the text).
    private static func run(_ attributes: [NSAttributedString.Key: Any], range: Range<Int>) -> TextRun {
        let own = TextAttributes(attributes)
        var run = TextRun(range: range)
        run.fontName = own.fontName
        run.fontSize = own.fontSize.map { min(max($0, 0), LineSpacing.largest) }
        run.color = own.foregroundColor
        run.kerning = number(attributes[.kern]).map { min(max($0, -LineSpacing.largest), LineSpacing.largest) }
        run.baselineOffset = number(attributes[.baselineOffset]).map { min(max($0, -LineSpacing.largest), LineSpacing.largest) } ?? 0
        run.underline = lineStyle(attributes[.underlineStyle])
        run.underlineColor = color(attributes[.underlineColor])
        run.strikethrough = lineStyle(attributes[.strikethroughStyle])
        run.strikethroughColor = color(attributes[.strikethroughColor])
        run.backgroundColor = color(attributes[.backgroundColor])
        return run
    }

    /// An underline or strikethrough attribute's style, however it was written (0: none).
    private static func lineStyle(_ value: Any?) -> Int {
        switch value {
        case let style as NSUnderlineStyle: style.rawValue
        case let n as Int: n
        case let n as NSNumber: n.intValue
        default: number(value).map { Int(max(-1e9, min(1e9, $0))) } ?? 0
        }
    }
}
