import FlipbookCompare
import FlipbookGolden
import Foundation

/// What the preview adds to the comparison page, so the scene plays in one page (no frame
/// inside a frame: the keys work as it loads, the address follows the scrubber, the title shows
/// once): above the player the status line, the errors of the last save (over the last good
/// render) and its warnings; below everything the commands to copy and a script that asks for
/// `/status` four times a second and reloads the page when a newer render is ready (the address
/// keeps `#t=…&play`, so it reopens at the instant it showed, playing if it was). Before the
/// first render, `waiting` is the page.
enum PreviewShellPage {
    static let style = """
    <style>
    #preview-state { color: #8e8e93; font-variant-numeric: tabular-nums; }
    #preview-errors { display: none; background: #fff0f0; border: 1px solid #ff3b30; border-radius: 8px; padding: 8px 12px;
      color: #c00; font: 13px ui-monospace, monospace; white-space: pre-wrap; }
    #preview-warnings { color: #a05a00; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
    .commands code { background: #fff; border: 1px solid #e5e5ea; border-radius: 4px; padding: 2px 6px; user-select: all; }
    .commands li { margin: 4px 0; list-style: none; }
    </style>

    """

    /// The page's additions for render `version`.
    static func extras(version: Int, commands: [String]) -> VariantComparison.PageExtras {
        VariantComparison.PageExtras(header: header, footer: footer(version: version, commands: commands))
    }

    /// The page while nothing has rendered yet: the status line and errors, polling likewise.
    static func waiting(file: String, commands: [String]) -> String {
        HTMLPage.head(title: "Flipbook preview: " + URL(fileURLWithPath: file).lastPathComponent, style: "") + header
            + footer(version: 0, commands: commands) + "</body></html>\n"
    }

    private static let header = style + """
    <p id="preview-state">rendered</p>
    <pre id="preview-errors" role="alert"></pre>
    <pre id="preview-warnings"></pre>

    """

    private static func footer(version: Int, commands: [String]) -> String {
        var h = "<h2>Commands</h2>\n<ul class=\"commands\">\n"
        for c in commands { h += "<li><code>\(HTMLPage.escape(c))</code></li>\n" }
        h += """
        </ul>
        <script>
        (() => {
          const shown = \(version);
          document.body.dataset.version = shown;
          const state = document.getElementById('preview-state');
          const errors = document.getElementById('preview-errors');
          const warnings = document.getElementById('preview-warnings');
          async function poll() {
            try {
              const s = await (await fetch('/status', { cache: 'no-store' })).json();
              // A newer render: reload this page; its address keeps the instant (and &play).
              if (s.version > shown) { location.reload(); return; }
              state.textContent = s.rendering ? 'rendering ' + Math.round(100 * s.progress) + ' %'
                : (s.errors.length ? 'not rendered: the file has errors' + (shown > 0 ? ' (showing the last good render)' : '')
                : (shown > 0 ? 'rendered in ' + s.renderSeconds.toFixed(2) + ' s' : 'rendering…'));
              errors.style.display = s.errors.length ? 'block' : 'none';
              errors.textContent = s.errors.join('\\n');
              warnings.textContent = s.warnings.join('\\n');
            } catch (e) {
              state.textContent = 'the preview server has stopped';
            }
            setTimeout(poll, 250);
          }
          // The first look a second after the page opens: a page just loaded is the newest
          // render, and its frames load first.
          setTimeout(poll, shown > 0 ? 1000 : 0);
        })();
        </script>

        """
        return h
    }
}
