// The comparison page (ComparisonPage): scrubber, play/pause at the scene's speed, frame
// stepping, plot markers, the trace and the finger; #t=1.25 opens at an instant, &play plays.
// The pictures' addresses; each frame as its key frame's index, then (picture, x, y) for each
// of its own pictures; the frames' times and the finger at each (ComparisonPage fills page-data).
const data = JSON.parse(document.getElementById('page-data').textContent);
const pictures = data.pictures, frames = data.frames, times = data.times, fingers = data.fingers;
const canvas = document.getElementById('frame');
const context = canvas ? canvas.getContext('2d') : null;
const scrubber = document.getElementById('scrubber');
const label = document.getElementById('time');
const finger = document.getElementById('finger');
const playButton = document.getElementById('play');
const markers = Array.from(document.querySelectorAll('.marker'));
const events = Array.from(document.querySelectorAll('#trace li'));
let current = 0;
const loaded = [];
function picture(k) {
  if (!loaded[k]) { const im = new Image(); im.src = pictures[k]; loaded[k] = im; }
  return loaded[k];
}
// A frame is drawn as its key frame's picture, then the rectangles where it differs from it.
function parts(i) {
  const list = [];
  const add = (f) => { for (let k = 1; k + 2 < f.length; k += 3) list.push(f.slice(k, k + 3)); };
  if (frames[i][0] !== i) add(frames[frames[i][0]]);
  add(frames[i]);
  return list;
}
// Each picture replaces what is under it (cleared first: a transparent pixel shows through);
// a frame whose pictures are still loading is drawn when they are, unless another was asked for.
function draw(i) {
  if (!context) return;
  const list = parts(i), images = list.map((p) => picture(p[0]));
  const paint = () => {
    if (i !== current) return;
    list.forEach((p, k) => { context.clearRect(p[1], p[2], images[k].naturalWidth, images[k].naturalHeight);
      context.drawImage(images[k], p[1], p[2]); });
    canvas.dataset.shown = i;
  };
  if (images.every((im) => im.complete && im.naturalWidth > 0)) paint();
  else Promise.all(images.map((im) => im.decode().catch(() => {}))).then(paint);
}
function show(i) {
  i = Math.max(0, Math.min(frames.length - 1, i));
  current = i;
  scrubber.value = i;
  scrubber.setAttribute('aria-valuenow', i);
  scrubber.setAttribute('aria-valuetext', times[i].toFixed(3) + ' s');
  draw(i);
  label.textContent = 't = ' + times[i].toFixed(3) + ' s';
  for (const m of markers) {
    const x0 = +m.dataset.x0, x1 = +m.dataset.x1, t0 = +m.dataset.t0, t1 = +m.dataset.t1;
    const f = t1 > t0 ? (times[i] - t0) / (t1 - t0) : 0;
    m.style.left = (100 * (x0 + (x1 - x0) * f)).toFixed(4) + '%';
  }
  const f = fingers[i];
  finger.style.display = f ? 'block' : 'none';
  if (f) { finger.style.left = (100 * f[0]) + '%'; finger.style.top = (100 * f[1]) + '%'; }
  let last = -1;
  events.forEach((e, k) => { const past = +e.dataset.t <= times[i] + 1e-9; e.className = past ? 'past' : ''; if (past) last = k; });
  if (last >= 0) events[last].className = 'now';
  history.replaceState(null, '', '#t=' + times[i].toFixed(3) + (timer ? '&play' : '') + (actual ? '&actual' : ''));
}
// The frame fits the window unless actual pixels are asked for (the button, z, or &actual);
// the level shown is the frame's size on screen against its pixels.
const zoomButton = document.getElementById('zoom'), zoomLevel = document.getElementById('zoom-level');
let actual = /[#&]actual/.test(location.hash);
function applyZoom() {
  if (!canvas || !zoomButton) return;
  canvas.classList.toggle('actual-size', actual);
  zoomButton.textContent = actual ? 'Fit' : '1:1';
  zoomLevel.textContent = Math.round(100 * canvas.clientWidth / canvas.width) + ' %';
}
function toggleZoom() { actual = !actual; applyZoom(); show(current); }
if (zoomButton) zoomButton.addEventListener('click', toggleZoom);
window.addEventListener('resize', applyZoom);
// Playing follows the scene's clock: the frame shown is the last one at or before
// (elapsed time × speed), so it runs at real speed whatever the frame rate.
let timer = null, startedAt = 0, startTime = 0;
function pause() { if (timer) { clearInterval(timer); timer = null; } playButton.textContent = 'Play'; show(current); }
function play() {
  if (timer) return;
  if (current >= frames.length - 1) current = 0;
  playButton.textContent = 'Pause';
  startedAt = performance.now(); startTime = times[current];
  timer = setInterval(() => {
    const speed = +document.getElementById('speed').value;
    let t = startTime + (performance.now() - startedAt) / 1000 * speed;
    const end = times[times.length - 1];
    if (t > end) {
      if (!document.getElementById('loop').checked) { show(frames.length - 1); pause(); return; }
      startedAt = performance.now(); startTime = times[0]; t = times[0];
    }
    let i = current > 0 && times[current] <= t ? current : 0;
    while (i + 1 < times.length && times[i + 1] <= t + 1e-9) i++;
    if (i !== current) show(i);
  }, 15);
}
playButton.addEventListener('click', () => timer ? pause() : play());
document.getElementById('speed').addEventListener('change', () => { if (timer) { startedAt = performance.now(); startTime = times[current]; } });
scrubber.addEventListener('input', () => { pause(); show(+scrubber.value); });
document.getElementById('previous').addEventListener('click', () => { pause(); show(current - 1); });
document.getElementById('next').addEventListener('click', () => { pause(); show(current + 1); });
document.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowLeft') { pause(); show(current - 1); }
  else if (e.key === 'ArrowRight') { pause(); show(current + 1); }
  else if (e.key === ' ') { e.preventDefault(); timer ? pause() : play(); }
  else if (e.key === 'z') toggleZoom();
});
// #t=1.25 opens the page at the frame nearest that instant; &play starts it playing.
const asked = /t=([0-9.]+)/.exec(location.hash);
const playing = /[#&]play/.test(location.hash);
let best = 0;
if (asked) {
  const t = +asked[1];
  times.forEach((x, i) => { if (Math.abs(x - t) < Math.abs(times[best] - t)) best = i; });
}
applyZoom();
show(best);
if (playing) play();
// Pictures served one by one: fetch the rest in the background so playing never waits.
if (pictures.length && !pictures[0].startsWith('data:')) {
  let next = 0;
  const preload = () => { for (let k = 0; k < 8 && next < pictures.length; k++) picture(next++);
    if (next < pictures.length) setTimeout(preload, 30); };
  preload();
}
