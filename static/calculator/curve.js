// The chart of the total wait's distribution, calculator/curve.rs's markup
// element for element, from the method module's curve of the total (its
// quantiles at p = 0, 0.01, …, 1): the share of runs below each total on
// a 640 × 280 drawing (the plot from x 64 to 592, y 24 to 232), P50, P90
// and P99 marked, with a deadline the longest total with which the last
// retry still starts before it; the summary, and every tenth point and P99
// in the table. Figures rounded as the percentiles are (`r`).

import { niceStep } from './axis.js';
import { drawing, fix, region } from './drawing.js';
import { $, box, data, el, fill, num, unit } from './state.js';
import { tableRow } from './table.js';

// curve.rs's SHARES, MARKED and LISTED.
const SHARES = [0, 25, 50, 75, 100];
const MARKED = [50, 90, 99];
const LISTED = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99, 100];

export function renderCurve(curve, total, r, retries, l) {
  const t = data.text;
  const [W, H, L, R, T, B] = [640, 280, 64, 48, 24, 48];
  const bottom = H - B;
  // As svg::linear_ticks.
  const step = niceStep(curve[curve.length - 1] / 4);
  const end = Math.ceil(curve[curve.length - 1] / step) * step;
  const x = (v) => fix(L + v / end * (W - L - R));
  const y = (share) => fix(bottom - share / 100 * (bottom - T));
  const percent = (s) => fill(t.cost_percent, { percent: num(s) });
  const name = (i) => fill(t.curve_percentile, { percentile: num(i) });
  const [svg, add, text] = drawing(H, t.curve_label);
  for (const s of SHARES) {
    add('path', { d: `M${L} ${y(s)}H${W - R}`, class: 'chart-grid' });
    text(L - 6, fix(bottom - s / 100 * (bottom - T) + 5), 'end', percent(s));
  }
  for (let k = 0; k * step <= end; k++) text(x(k * step), bottom + 20, 'middle', unit(num(k * step)));
  text(fix((L + W - R) / 2), H - 6, 'middle', t.curve_total, 'title');
  // As curve::drawn: every fourth point, and the marked ones.
  const points = curve.map((v, i) => (i % 4 === 0 || MARKED.includes(i) ? `${x(v)},${y(i)}` : '')).filter(Boolean);
  add('polyline', { points: points.join(' '), class: 'curve-line' });
  for (const i of MARKED) {
    add('circle', { cx: x(curve[i]), cy: y(i), r: 4, class: 'curve-point' });
    text(fix(L + curve[i] / end * (W - L - R) + 8), fix(bottom - i / 100 * (bottom - T) + 16), 'start', name(i));
  }
  // The longest total with which the last retry starts before the deadline.
  const room = l.deadline == null ? null : l.deadline - retries * (l.timeout ?? 0);
  if (room != null && room > 0 && room <= end) {
    // The label runs away from the nearer edge, so that it is never cut.
    const anchor = L + room / end * (W - L - R) < W / 2 ? 'start' : 'end';
    add('path', { d: `M${x(room)} ${T - 10}V${bottom}`, class: 'timeline-deadline' });
    text(x(room), T - 12 + 8, anchor, fill(t.curve_room, { room: unit(num(room)) }), 'title');
  }
  add('path', { d: `M${L} ${T}V${bottom}H${W - R}`, class: 'chart-axis' });
  const shown = (i) => unit(num(r(curve[i], total.min, total.max)));
  const summary = fill(t.curve_summary, {
    min: unit(num(total.min)), max: unit(num(total.max)), p50: shown(50), p90: shown(90), p99: shown(99),
    share90: percent(90), share99: percent(99),
  });
  $('curve-body').replaceChildren(region('chart', t.curve_label, svg), el('p', summary, { class: 'chart-summary' }));
  $('curve-table').tBodies[0].replaceChildren(...LISTED.map((i) => tableRow([name(i), shown(i)], 'row')));
}
