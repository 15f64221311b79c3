import Flipbook
import Foundation

/// What the pages people read (the golden report, the comparison page) share: escaping,
/// inline PNGs and the house style. Pages are self-contained: every picture is a data URL.
package enum HTMLPage {
    package static func escape(_ s: String) -> String { TextSafety.forXML(s) }

    /// A PNG as a data URL.
    package static func dataURL(png bytes: [UInt8]) -> String { dataURL(bytes, mediaType: "image/png") }

    /// Bytes of any media type inline (`image/apng`, `video/mp4`, …).
    package static func dataURL(_ bytes: [UInt8], mediaType: String) -> String {
        "data:\(mediaType);base64," + Data(bytes).base64EncodedString()
    }

    /// An inline `<img>`.
    package static func image(_ bytes: [UInt8], class cls: String, alt: String, id: String? = nil) -> String {
        "<img" + (id.map { " id=\"\($0)\"" } ?? "") + " class=\"\(cls)\" alt=\"\(escape(alt))\" src=\"\(dataURL(png: bytes))\">"
    }

    /// The document's start: title, the shared style (Pages/page.css) plus `style`, and the heading.
    package static func head(title: String, style: String) -> String {
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escape(title))</title>\n"
            + "<style>\n" + EmbeddedPages.pageCSS + style + "</style></head><body>\n<h1>\(escape(title))</h1>\n\n"
    }

    /// `template` with each `{{name}}` replaced by `values[name]` (markup, escaped by the
    /// caller). Every placeholder must be given: a page file and its filler change together.
    package static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = template
        for (name, value) in values { out = out.replacingOccurrences(of: "{{\(name)}}", with: value) }
        precondition(!out.contains("{{"), "a page template has a placeholder nobody filled")
        return out
    }

    /// A `<script>` of `source` (a page file's JavaScript).
    package static func script(_ source: String) -> String { "<script>\n" + source + "</script>\n" }

    /// Data for a page's script, as JSON in a `<script type="application/json">` the script
    /// reads (`</` written `<\/`, so no `</script>` in the data can end it early). Keys sorted:
    /// the same page has the same bytes in every run.
    package static func data<T: Encodable>(_ value: T, id: String) -> String {
        let json =
            (try? ReadableJSON.encode(value, formatting: [.withoutEscapingSlashes, .sortedKeys])).map { escapingClosingTags(Data($0)) }
            ?? Array("{}".utf8)
        return "<script id=\"\(id)\" type=\"application/json\">" + String(decoding: json, as: UTF8.self) + "</script>\n"
    }

    /// `bytes` with every `</` written `<\/` (in JSON strings the same text). Byte by byte: a
    /// page's data runs to megabytes of data URLs, where Foundation's string search took half a
    /// second.
    package static func escapingClosingTags(_ bytes: Data) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 64)
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var start = 0
            let lt = UInt8(ascii: "<"), slash = UInt8(ascii: "/")
            var i = 0
            while i + 1 < raw.count {
                if raw[i] == lt && raw[i + 1] == slash {
                    out.append(contentsOf: raw[start...i])
                    out.append(UInt8(ascii: "\\"))
                    start = i + 1
                }
                i += 1
            }
            out.append(contentsOf: raw[start...])
        }
        return out
    }
}
