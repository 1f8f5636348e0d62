// The schedule's chart, as figures::chart_html draws it, redrawn for each
// good policy, with a sample run's delays over it once one is drawn
// (sample.js).

import { decade, niceStep, pow10 } from './axis.js';
import { drawing, fix, legend, region, showBody } from './drawing.js';
import { drawn } from './sample.js';
import { data, el, fill, K, num, ROW, unit } from './state.js';

// region holding the SVG (ticks, grid, band, line, cap), an HTML legend and
// a summary in words. Text sits at 14 of 640 units and the drawing is never
// narrower than 560 px (style.css), so it is never under 12 CSS px.
export function renderChart(p, buf) {
  const [W, H, L, R, T, B] = [640, 320, 100, 16, 16, 56];
  const n = p.retries;
  const at = (i, k) => buf[i * ROW + K[k]];
  let top = 0;
  let low = Infinity;
  for (let i = 0; i < n; i++) [top, low] = [Math.max(top, at(i, 'max')), Math.min(low, at(i, 'delay'))];
  // A log scale once the delays span more than two decades.
  const log = top / low > 100;
  const x = (i) => fix(n === 1 ? (L + W - R) / 2 : L + (i * (W - L - R)) / (n - 1));
  // Each retry's x, written once for the band's two edges and the line.
  const xs = Array.from({ length: n }, (_, i) => x(i));
  const bottom = H - B;
  let y;
  const ticks = [];
  if (log) {
    const [lo, hi] = [decade(low), decade(top) + (pow10(decade(top)) < top ? 1 : 0)];
    const span = Math.max(hi - lo, 1);
    const every = Math.ceil(span / 5);
    for (let k = lo; k <= hi; k += every) ticks.push(pow10(k));
    const floor = pow10(lo);
    y = (v) => bottom - ((Math.log10(Math.max(v, floor)) - lo) / span) * (bottom - T);
  } else {
    const step = niceStep(top / 4);
    const ceiling = Math.ceil(top / step) * step;
    for (let k = 0; k * step <= ceiling; k++) ticks.push(k * step);
    y = (v) => bottom - (v / ceiling) * (bottom - T);
  }
  const t = data.text;
  const [svg, add, text] = drawing(H, t.chart);
  for (const v of ticks) {
    add('path', { d: `M${L} ${fix(y(v))}H${W - R}`, class: 'chart-grid' });
    text(L - 6, fix(y(v) + 5), 'end', unit(num(v)));
  }
  const xStep = n <= 6 ? 1 : niceStep(n / 6);
  for (let r = 1; r <= n; r = r === 1 && xStep > 1 ? xStep : r + xStep) text(x(r - 1), bottom + 22, 'middle', num(r));
  text(fix((L + W - R) / 2), H - 8, 'middle', t.retry, 'title');
  // The points of figure k, retry 1 first (or last).
  const line = (k, back) => {
    const col = K[k];
    const points = xs.map((xi, i) => `${xi},${fix(y(buf[i * ROW + col]))}`);
    return (back ? points.reverse() : points).join(' ');
  };
  const jittered = p.jitter !== 'none';
  if (jittered) add('polygon', { points: `${line('max')} ${line('min', 1)}`, class: 'chart-band' });
  add('polyline', { points: line('mean'), class: 'chart-mean' });
  // A sample run's actual delays, one dot each, over the band.
  if (drawn) drawn.delays.forEach((d, i) => add('circle', { cx: xs[i], cy: fix(y(d)), r: 3, class: 'chart-sample' }));
  let firstCapped = 0;
  for (let i = n - 1; i >= 0; i--) if (at(i, 'capped')) firstCapped = i + 1;
  if (firstCapped) {
    add('path', { d: `M${L} ${fix(y(at(firstCapped - 1, 'delay')))}H${W - R}`, class: 'chart-cap' });
  }
  add('path', { d: `M${L} ${T}V${bottom}H${W - R}`, class: 'chart-axis' });
  const items = [['mean', jittered ? t.chart_mean : t.delay]];
  if (jittered) items.unshift(['band', t.chart_band]);
  if (drawn) items.push(['sample', data.text.sample_legend]);
  if (firstCapped) items.push(['cap', `${t.chart_cap}: ${unit(num(at(firstCapped - 1, 'delay')))}`]);
  const args = { first: unit(num(at(0, 'delay'))), last: unit(num(at(n - 1, 'delay'))), retry: num(firstCapped) };
  // As schedule::chart_html: nominal delays never shrink, so a last equal to the first is constant.
  const pattern = at(0, 'delay') === at(n - 1, 'delay') ? t.chart_summary_constant
    : firstCapped ? t.chart_summary_capped : t.chart_summary;
  const summary = fill(pattern, args) + (log ? ` ${t.chart_log}` : '');
  showBody('chart', region('chart', t.chart, svg), legend(items), el('p', summary, { class: 'chart-summary' }));
}
