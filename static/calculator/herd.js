// Many clients: the retry starts of clients that fail together, as
// calculator/herd.rs draws them (same markup for the defaults). The count
// is a field of its own (no input of the policy); the module buckets the
// last good schedule. herd.rs's drawing: 640 × 240, the plot from x 56 to
// 624 and from y 16 to 184.

import { niceStep } from './axis.js';
import { drawing, fix, region, showBody } from './drawing.js';
import { parseNumber } from './notation.js';
import { $, byKey, data, el, fill, num, plural, unit, view, wasm } from './state.js';

export function renderHerd() {
  const { spread, spread_buckets } = data.contract;
  if (wasm.spread(parseNumber($('clients').value, data.number))) return;
  const { buckets: n, bucket_width: w, peak, peak_bucket: at } = byKey(spread, view(wasm.spread_buffer(), spread.length));
  const counts = new Uint32Array(wasm.memory.buffer, wasm.spread_counts(), spread_buckets);
  const step = Math.max(niceStep(peak / 4), 1);
  const top = Math.ceil(peak / step) * step;
  const y = (v) => fix(184 - (v / top) * 168);
  const x = (i) => fix(56 + (i * 568) / n);
  const t = data.text;
  const [svg, add, tick] = drawing(240, t.herd);
  for (let v = 0, k = 0; v <= top; v = ++k * step) {
    add('path', { d: `M56 ${y(v)}H624`, class: 'chart-grid' });
    tick(50, fix(184 - (v / top) * 168 + 5), 'end', num(v));
  }
  const tStep = niceStep((n * w) / 6);
  for (let v = 0, k = 0; v <= n * w; v = ++k * tStep) tick(x(v / w), 206, 'middle', unit(num(v)));
  tick(340, 232, 'middle', t.herd_time, 'title');
  let d = '';
  for (let i = 0; i < n; i++) if (counts[i]) d += `M${x(i)} 184V${y(counts[i])}H${x(i + 1)}V184Z`;
  add('path', { d, class: 'herd-bars' });
  add('path', { d: 'M56 16V184H624', class: 'chart-axis' });
  const args = { peak: num(peak), width: unit(num(w)), at: unit(num(at * w)) };
  const summary = fill(data.herd[plural.select(peak)] ?? data.herd.other, args);
  showBody('herd', region('chart', t.herd, svg), el('p', summary, { class: 'chart-summary' }));
}
