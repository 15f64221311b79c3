import FlipbookGolden
import Foundation

/// The page at `/`: the current render's player in a frame (the comparison page, reloaded in
/// place when a new render is ready, at the instant it was showing and still playing if it
/// was), the file's errors over it when the last save did not load, progress while rendering,
/// and commands to copy. It polls `/status` four times a second.
enum PreviewShellPage {
    static func html(file: String, commands: [String]) -> String {
        let esc = HTMLPage.escape
        var h = HTMLPage.head(title: "Flipbook preview: " + URL(fileURLWithPath: file).lastPathComponent, style: """
        #state { color: #8e8e93; font-variant-numeric: tabular-nums; }
        #errors { display: none; background: #fff0f0; border: 1px solid #ff3b30; border-radius: 8px; padding: 8px 12px;
          color: #c00; font: 13px ui-monospace, monospace; white-space: pre-wrap; }
        #warnings { color: #a05a00; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
        iframe { border: 0; width: 100%; height: 80vh; background: transparent; }
        code { background: #fff; border: 1px solid #e5e5ea; border-radius: 4px; padding: 2px 6px; user-select: all; }
        .commands li { margin: 4px 0; list-style: none; }
        """)
        h += """
        <p id="state">loading…</p>
        <pre id="errors" role="alert"></pre>
        <pre id="warnings"></pre>
        <iframe id="player" title="the scene, playing"></iframe>
        <h2>Commands</h2>
        <ul class="commands">
        """
        for c in commands { h += "<li><code>\(esc(c))</code></li>\n" }
        h += """
        </ul>
        <script>
        const player = document.getElementById('player');
        const state = document.getElementById('state');
        const errors = document.getElementById('errors');
        const warnings = document.getElementById('warnings');
        let shown = 0;
        // The instant (and playing state) to reopen at: the player keeps its address's #t= current.
        function where() {
          try { const h = player.contentWindow.location.hash; if (h) return h; } catch (e) {}
          return location.hash || '';
        }
        async function poll() {
          try {
            const s = await (await fetch('status', { cache: 'no-store' })).json();
            if (s.version !== shown && s.version > 0) {
              player.src = 'page/' + s.version + where();
              shown = s.version;
              document.body.dataset.version = s.version;
            }
            state.textContent = s.rendering ? 'rendering ' + Math.round(100 * s.progress) + ' %'
              : (s.errors.length ? 'not rendered: the file has errors (showing the last good render)'
              : 'rendered in ' + s.renderSeconds.toFixed(2) + ' s');
            errors.style.display = s.errors.length ? 'block' : 'none';
            errors.textContent = s.errors.join('\\n');
            warnings.textContent = s.warnings.join('\\n');
          } catch (e) {
            state.textContent = 'the preview server has stopped';
          }
          setTimeout(poll, 250);
        }
        poll();
        </script>
        </body></html>

        """
        return h
    }
}
