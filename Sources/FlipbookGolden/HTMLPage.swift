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

    /// The document's start: title, the shared style plus `style`, and the heading.
    package static func head(title: String, style: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 28px; }
        .ok { color: #248a3d; } .bad { color: #d70015; }
        figcaption { font-size: 12px; color: #636366; }
        input[type=range] { width: 240px; }
        \(style)
        </style></head><body>
        <h1>\(escape(title))</h1>

        """
    }
}
