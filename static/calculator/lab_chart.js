// The storm lab's chart: the figures a second of its runs (their mean), one
// line per figure in the look the build gives it (src/site/sections/
// storms/mod.rs, TRACED), the spike shaded, on the axes the build's charts
// use (src/site/sections/charts.rs: a linear value axis in about four round
// steps, time ticks in round steps). Labels are the legend's, under it.

import { niceStep } from './axis.js';
import { drawing, fix } from './drawing.js';

// The drawing of `rows` (a figure's values a second, by name) for `traced`
// ({figure, colour, dashes}), `band` ([from, to] or null), in notation
// `num`, named `words.label`, its axes titled `words.x` and `words.y`.
export function labChart(rows, seconds, traced, band, num, words) {
  const [W, H, L, R, T, B] = [640, 360, 72, 16, 40, 56];
  const [svg, add, text] = drawing(H, words.label);
  const bottom = H - B;
  let top = 0;
  for (const { figure } of traced) for (const v of rows[figure]) top = Math.max(top, v);
  // A run with nothing in it still has a scale: 0 to 1.
  const step = top > 0 ? niceStep(top / 4) : 1;
  const ceiling = top > 0 ? Math.ceil(top / step) * step : 1;
  const x = (t) => fix(L + (t / Math.max(seconds, 1)) * (W - L - R));
  const y = (v) => fix(bottom - (v / ceiling) * (bottom - T));
  if (band) {
    const [a, b] = band.map((t) => x(Math.min(Math.max(t, 0), seconds)));
    add('path', { d: `M${a} ${T}H${b}V${bottom}H${a}Z`, class: 'chart-band' });
  }
  for (let k = 0; k * step <= ceiling; k++) {
    const v = k * step;
    add('path', { d: `M${L} ${y(v)}H${W - R}`, class: 'chart-grid' });
    text(L - 6, fix(Number(y(v)) + 5), 'end', num(v));
  }
  const tStep = niceStep(Math.max(seconds, 1) / 6);
  for (let t = 0; t <= seconds; t += tStep) text(x(t), bottom + 22, 'middle', num(t));
  text((L + W - R) / 2, H - 8, 'middle', words.x, 'title');
  text(4, T - 18, 'start', words.y, 'title');
  add('path', { d: `M${L} ${T}V${bottom}H${W - R}`, class: 'chart-axis' });
  for (const { figure, colour, dashes } of traced) {
    const points = rows[figure].map((v, t) => `${x(t)},${y(v)}`).join(' ');
    const attrs = { points, class: `series-line series-${colour}` };
    if (dashes) attrs['stroke-dasharray'] = dashes;
    add('polyline', attrs);
  }
  return svg;
}
