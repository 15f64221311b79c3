// report.html (GoldenReport): the swipe and onion-skin sliders under each failing frame.
for (const s of document.querySelectorAll('.swipe-slider')) {
  const top = s.previousElementSibling.querySelector('.top');
  const update = () => { top.style.clipPath = 'inset(0 ' + (100 - s.value) + '% 0 0)'; };
  s.addEventListener('input', update); update();
}
for (const s of document.querySelectorAll('.onion-slider')) {
  const top = s.previousElementSibling.querySelector('.top');
  const update = () => { top.style.opacity = s.value / 100; };
  s.addEventListener('input', update); update();
}
