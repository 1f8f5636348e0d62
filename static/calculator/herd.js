// Many clients: the retry starts of clients that fail together, as
// calculator/herd.rs draws them (same markup for the defaults). The count
// is a field of its own (no input of the policy); the module buckets the
// last good schedule. herd.rs's drawing: 640 × 240, the plot from x 56 to
// 624 and from y 16 to 184.

import { niceStep } from './axis.js';
import { parseNumber } from './notation.js';
import { $, data, el, num, plural, unit, view, wasm } from './state.js';

export function renderHerd() {
  const { spread, spread_buckets } = data.contract;
  if (wasm.spread(parseNumber($('clients').value, data.number))) return;
  const out = view(wasm.spread_buffer(), spread.length);
  const { buckets: n, bucket_width: w, peak, peak_bucket: at } = Object.fromEntries(spread.map((k, i) => [k, out[i]]));
  const counts = new Uint32Array(wasm.memory.buffer, wasm.spread_counts(), spread_buckets);
  const fix = (v) => String(Math.round(v * 10) / 10);
  const step = Math.max(niceStep(peak / 4), 1);
  const top = Math.ceil(peak / step) * step;
  const y = (v) => fix(184 - (v / top) * 168);
  const x = (i) => fix(56 + (i * 568) / n);
  const ns = 'http://www.w3.org/2000/svg';
  const t = data.text;
  const svg = el('svg', null, { viewBox: '0 0 640 240', role: 'img', 'aria-label': t.herd }, ns);
  const add = (tag, attrs, text) => svg.append(el(tag, text, attrs, ns));
  const tick = (x, y, anchor, text, c = 'tick') => add('text', { x, y, 'text-anchor': anchor, class: `chart-${c}` }, text);
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
  const region = el('div', null, { class: 'chart-scroll', role: 'region', 'aria-label': t.herd, tabindex: '0' });
  region.append(svg);
  const body = el('div', null, { class: 'chart-body', id: 'calc-herd-body' });
  const summary = (data.herd[plural.select(peak)] ?? data.herd.other).replace(/\{(\w+)\}/g, (_, k) => args[k]);
  body.append(region, el('p', summary, { class: 'chart-summary' }));
  $('herd-body').replaceWith(body);
}
