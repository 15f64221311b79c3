// The preview page (PreviewShellPage): asks /status four times a second and reloads when a
// newer render is ready (the address keeps #t=…&play, so it reopens where it was).
(() => {
  const shown = +document.getElementById('preview-state').dataset.version;
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
      errors.textContent = s.errors.join('\n');
      warnings.textContent = s.warnings.join('\n');
    } catch (e) {
      state.textContent = 'the preview server has stopped';
    }
    setTimeout(poll, 250);
  }
  // The first look a second after the page opens: a page just loaded is the newest
  // render, and its frames load first.
  setTimeout(poll, shown > 0 ? 1000 : 0);
})();
