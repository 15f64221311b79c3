// The preview page (PreviewShellPage): asks /status, then waits on it for the next finished
// render (at most 0.25 s at a time, so the progress shows about three times a second) and
// reloads when a newer render is ready (the address keeps #t=…&play, so it reopens where it was).
(() => {
  const shown = +document.getElementById('preview-state').dataset.version;
  document.body.dataset.version = shown;
  const state = document.getElementById('preview-state');
  const errors = document.getElementById('preview-errors');
  const warnings = document.getElementById('preview-warnings');
  let attempts = -1;
  async function poll() {
    try {
      const query = attempts < 0 ? '' : '?after=' + attempts + '&wait=0.25';
      const s = await (await fetch('/status' + query, { cache: 'no-store' })).json();
      attempts = s.attempts;
      // A newer render: reload this page; its address keeps the instant (and &play).
      if (s.version > shown) { location.reload(); return; }
      state.textContent = s.rendering ? 'rendering ' + Math.round(100 * s.progress) + ' %'
        : (s.errors.length ? 'not rendered: the file has errors' + (shown > 0 ? ' (showing the last good render)' : '')
        : (shown > 0 ? 'rendered in ' + s.renderSeconds.toFixed(2) + ' s' : 'rendering…'));
      errors.style.display = s.errors.length ? 'block' : 'none';
      errors.textContent = s.errors.join('\n');
      warnings.textContent = s.warnings.join('\n');
    } catch (e) {
      state.textContent = 'the preview server has stopped';
      setTimeout(poll, 250);
      return;
    }
    // The server holds the next request until a render ends (or 0.25 s); the pause between
    // requests lets a browser's virtual clock (headless screenshots) move on.
    setTimeout(poll, 100);
  }
  // /page/N is one render's own address: it stays that render.
  if (!location.pathname.startsWith('/page/')) poll();
})();
