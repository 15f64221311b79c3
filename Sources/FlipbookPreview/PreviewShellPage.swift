import FlipbookCompare
import FlipbookComparison
import Foundation

/// What the preview adds to the comparison page, so the scene plays in one page (no frame
/// inside a frame: the keys work as it loads, the address follows the scrubber, the title shows
/// once): above the player the status line, the errors of the last save (over the last good
/// render) and its warnings; below everything the commands to copy and a script that asks for
/// `/status` four times a second and reloads the page when a newer render is ready (the address
/// keeps `#t=…&play`, so it reopens at the instant it showed, playing if it was). Before the
/// first render, `waiting` is the page.
enum PreviewShellPage {
    static let style = "<style>\n" + EmbeddedPages.previewCSS + "</style>\n"

    /// The page's additions for render `version`.
    static func extras(version: Int, commands: [String]) -> VariantComparison.PageExtras {
        VariantComparison.PageExtras(header: header(version: version), footer: footer(commands: commands))
    }

    /// The page while nothing has rendered yet: the status line and errors, polling likewise.
    static func waiting(file: String, commands: [String]) -> String {
        HTMLPage.head(title: "Flipbook preview: " + URL(fileURLWithPath: file).lastPathComponent, style: "") + header(version: 0)
            + footer(commands: commands) + "</body></html>\n"
    }

    /// The status line (carrying the render's version for preview.js), errors and warnings.
    private static func header(version: Int) -> String {
        style + """
            <p id="preview-state" data-version="\(version)">rendered</p>
            <pre id="preview-errors" role="alert"></pre>
            <pre id="preview-warnings"></pre>

            """
    }

    private static func footer(commands: [String]) -> String {
        var h = "<h2>Commands</h2>\n<ul class=\"commands\">\n"
        for c in commands { h += "<li><code>\(HTMLPage.escape(c))</code></li>\n" }
        return h + "</ul>\n" + HTMLPage.script(EmbeddedPages.previewJS)
    }
}
