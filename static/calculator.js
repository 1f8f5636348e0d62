// The calculator: words and contract (fields, rules, kinds, codes, offsets)
// from the page's JSON island, figures from the core in WebAssembly.
// One file over 500 lines: the page loads one module, which the build
// minifies and names by its hash as a whole.

const $ = (name) => document.getElementById(`calc-${name}`);

// Set once loaded; then the last good policy and what shows it.
let data, wasm, plural, good, heads, shown, cells, timer;
// From the contract; K.delay is the delay's place in a buffer row.
let FIELDS, ROW, K, TOTALS;

// Text is set as text, never parsed as markup.
function el(tag, text, attrs = {}, ns) {
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  if (text != null) e.textContent = text;
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}

// Intl::number's rule: String(x) rounded half away from zero to 3 decimals
// as a decimal string, as ICU4X does (floats would round 2.0005 down); from
// sym.scientific_from up, m × 10ⁿ as src/site/intl/mod.rs writes it.
export function formatNumber(x, sym) {
  if (!Number.isFinite(x)) return '—';
  if (Math.abs(x) >= sym.scientific_from) return scientific(x, sym);
  const s = String(Math.abs(x));
  const dot = s.indexOf('.');
  const e = s.indexOf('e');
  let int = dot < 0 ? s : s.slice(0, dot);
  let frac = dot < 0 ? '' : s.slice(dot + 1);
  if (e > 0) {
    // 1e-7 and down: into plain digits.
    const digits = s.slice(0, e).replace('.', '');
    const point = (dot < 0 ? e : dot) + Number(s.slice(e + 1));
    int = point > 0 ? digits.padEnd(point, '0') : '0';
    frac = point > 0 ? '' : '0'.repeat(-point) + digits;
  }
  if (frac.length > 3) {
    // In thousandths, exactly.
    const kept = int + frac.slice(0, 3);
    const all = frac[3] >= '5' ? String(BigInt(kept) + 1n).padStart(kept.length, '0') : kept;
    int = all.slice(0, -3);
    frac = all.slice(-3);
  }
  frac = frac.replace(/0+$/, '');
  // Groups as ICU4X sets them (src/site/intl/notation.rs): hi 12,34,567.
  const [first, rest] = sym.grouping ?? [3, 3];
  if (int.length >= first + (sym.group_four_digits ? 1 : 2)) {
    const groups = [];
    let end = int.length;
    for (let size = first; end > size; end -= size, size = rest) groups.unshift(int.slice(end - size, end));
    int = [int.slice(0, end), ...groups].join(sym.group);
  }
  return (x < 0 ? '-' : '') + int + (frac ? sym.decimal + frac : '');
}

// The mantissa from the shortest digits (toExponential() without argument),
// rounded half up to thousandths on the digits themselves.
function scientific(x, sym) {
  const [m, e] = Math.abs(x).toExponential().split('e');
  const digits = m.replace('.', '').padEnd(4, '0');
  let kept = Number(digits.slice(0, 4)) + (digits[4] >= '5' ? 1 : 0);
  let exponent = Number(e);
  if (kept === 10000) [kept, exponent] = [1000, exponent + 1];
  const sup = String(exponent).replace(/./g, (c) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'['-0123456789'.indexOf(c)]);
  return `${x < 0 ? '-' : ''}${formatNumber(kept / 1000, sym)}\u202f×\u202f10${sup}`;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A number as the page's readers type it; this is the one place of the rule
// that README's "Numbers in the calculator" states: the page's notation
// (groups of three optional, any space where it groups with spaces, an
// exponent allowed, U+2212 a minus); any other mix of digits, points, commas
// and spaces is ambiguous ('notation'); beyond `largest`, 'too_large'.
// Returns the number or the error's key.
export function parseNumber(text, sym, largest = Number.MAX_VALUE) {
  const t = text.replace(/\u2212/g, '-').trim();
  const group = `(?:${sym.group_accepted.map(escape).join('|')})`;
  const decimal = escape(sym.decimal);
  const page = new RegExp(`^[+-]?(?:(?:\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${decimal}\\d*)?|${decimal}\\d+)(?:e[+-]?\\d+)?$`, 'i');
  if (page.test(t)) {
    let plain = t;
    for (const g of sym.group_accepted) plain = plain.split(g).join('');
    const x = Number(plain.replace(sym.decimal, '.'));
    return Math.abs(x) > largest ? 'too_large' : x;
  }
  if (/^[+-]?(infinity|∞)$/i.test(t)) return 'too_large';
  return /^[+-]?[\d.,\s]*\d[\d.,\s]*(e[+-]?\d+)?$/i.test(t) ? 'notation' : 'not_a_number';
}

// Streaming needs the application/wasm type; compiling the bytes does not.
async function loadWasm(url) {
  const { instance } = await WebAssembly.instantiateStreaming(fetch(url))
    .catch(async () => WebAssembly.instantiate(await (await fetch(url)).arrayBuffer()));
  return instance.exports;
}

// Whether x keeps a field's rule.
const fits = (x, r) => (!r.whole || Number.isInteger(x)) && (r.above ? x > r.min : x >= r.min) &&
  (r.max === null || x <= r.max);

// The policy (keys in the contract's order, as src/report.rs writes them)
// and errors by field; another jitter kind's field is hidden and unread.
function readForm() {
  let errors = null;
  const jitter = $('jitter').value;
  const values = { jitter };
  for (const f of FIELDS) {
    const applies = !f.only_with || f.only_with === jitter;
    $(f.name).closest('.field').hidden = !applies;
    if (!applies) continue;
    if (unset(f.name)) { values[f.input] = null; continue; }
    const x = parseNumber($(f.name).value, data.number, data.largest_input);
    // Delays below the smallest figure the table shows would all read "0".
    const key = typeof x === 'string' ? x : !fits(x, f.rule) ? f.error
      : f.delay && x > 0 && x < data.smallest_input && 'too_small';
    if (key) (errors ??= {})[f.name] = data.text[`error_${key}`];
    values[f.input] = typeof x !== 'number' ? NaN : f.rule.zero_is_none && x === 0 ? null : x;
  }
  const policy = {};
  for (const k of data.contract.inputs) if (k in values) policy[k] = values[k];
  policy.unit = $('unit')?.value ?? data.defaults.unit;
  return { policy, errors };
}

// Null, or p's error by field name.
function compute(p) {
  // The distribution's codes extend the calculator's.
  const { errors, error_inputs } = data.contract.distribution;
  const code = run(p);
  if (!code) return null;
  const text = (data.text[`error_${errors[code - 1]}`] ?? '').replace('{retry}', num(wasm.error_retry()));
  // An error of no field (bad jitter code) only marks the result stale.
  const field = FIELDS.find((f) => f.input === error_inputs[code - 1]);
  return { [field?.name ?? '']: text };
}

// A new view each time: one over memory that grew is detached.
const view = (at, n) => new Float64Array(wasm.memory.buffer, at, n);

// On bad input the last result stays, marked stale.
function update(fromUser) {
  if (fromUser) loadFull();
  performance.clearMeasures('calc-render');
  performance.mark('calc-render-start');
  const form = readForm();
  // The delay fields' labels name the unit chosen, none for plain numbers.
  const chosen = form.policy.unit;
  for (const tag of document.querySelectorAll('.calc-unit-tag')) {
    tag.hidden = chosen === 'units';
    const text = ` (${data.units[chosen]})`;
    if (chosen !== 'units' && tag.textContent !== text) tag.textContent = text;
  }
  const errors = form.errors ?? limitErrors() ?? compute(form.policy);
  if (!errors) render((good = form.policy));
  presetStatus(form.policy);
  showCode(form.policy, errors);
  for (const { name } of FIELDS) {
    $(`${name}-error`).textContent = errors?.[name] ?? '';
    $(name)[errors?.[name] ? 'setAttribute' : 'removeAttribute']('aria-invalid', 'true');
  }
  // Everything that shows the last good result says it is out of date, and
  // nothing copies it as if it were the input's.
  $('stale').hidden = !errors;
  for (const id of ['output', 'chart', 'herd']) $(id).classList.toggle('is-stale', !!errors);
  for (const id of ['copy', 'download']) $(id).disabled = !!errors;
  $('copied').textContent = '';
  // Each error is heard once, as it appears, not again per keystroke.
  const heard = Object.values(errors ?? {}).join(' ');
  if ($('errors-live').textContent !== heard) $('errors-live').textContent = heard;
  performance.measure('calc-render', 'calc-render-start');
  // The URL and the summary follow when typing pauses: Chrome throttles
  // frequent URL updates, and a summary per keystroke drowns the reader.
  clearTimeout(timer);
  if (fromUser) timer = setTimeout(() => paused(!errors), 500);
}

function paused(ok) {
  writeUrl();
  // "Schedule for 8 retries. Longest total wait: 1 min 32 s."
  const longest = $('totals').querySelectorAll('div')[2];
  const summary = `${$('table').caption.textContent}. ${longest.querySelector('dt').textContent}: ` +
    `${longest.querySelector('dd').textContent}.`;
  $('announce').textContent = ok ? summary : '';
}

// Valid figures go in the URL as JavaScript writes them (`0.5`), so a link
// works on every language's page; others as typed; other keys (utm_*) stay.
function writeUrl() {
  const query = new URLSearchParams(location.search);
  for (const { name } of FIELDS) {
    if ($(name).closest('.field').hidden || unset(name)) { query.delete(name); continue; }
    const x = parseNumber($(name).value, data.number, data.largest_input);
    query.set(name, typeof x === 'number' ? String(x) : $(name).value);
  }
  for (const f of ['jitter', 'unit']) if ($(f)) query.set(f, $(f).value);
  if (presets) $('preset').value ? query.set('preset', $('preset').value) : query.delete('preset');
  history.replaceState(history.state, '', `?${query}${location.hash}`);
  carryQuery();
}

// The language switcher leads to the same inputs on the other page.
function carryQuery() {
  for (const a of document.querySelectorAll('.language-switcher a:not([aria-current])')) {
    a.search = location.search;
  }
}

// Figures written as JavaScript writes them are shown in the page's
// notation; anything else stays as it is, and bad values are shown as bad.
function readUrl() {
  const query = new URLSearchParams(location.search);
  for (const { name } of FIELDS) {
    if (!query.has(name)) continue;
    const value = query.get(name);
    const plain = /^-?(\d+(\.\d+)?)(e[+-]\d+)?$/.test(value);
    $(name).value = plain ? value.replace('.', data.number.decimal) : value;
  }
  for (const f of ['jitter', 'unit']) {
    if ([...($(f)?.options ?? [])].some((o) => o.value === query.get(f))) $(f).value = query.get(f);
  }
  presetFromUrl(query);
  carryQuery();
}

function render(p) {
  const buf = view(wasm.schedule_buffer(), data.contract.schedule_len);
  renderTable(p, buf);
  renderTotals(p, buf);
  renderChart(p, buf);
  renderDistribution(p);
  renderHerd();
}

const num = (x) => formatNumber(x, data.number);
// As figures::with_unit, in the unit of the last good policy.
const unit = (s) => (good.unit === 'units' ? s : `${s}\u00a0${data.units[good.unit]}`);

// As figures::table_rows and the template write it, rows in view first
// (see "The table, rows in view first" below): the caption, the head when
// the columns change, rows past the count removed, then the rows in view.
function renderTable(p, buf) {
  const { text, caption } = data;
  const columns = p.jitter !== 'none' ? ['retry', 'range', 'mean', 'capped', 'cumulative']
    : ['retry', 'delay', 'capped', 'cumulative'];
  const title = (caption[plural.select(p.retries)] ?? caption.other ?? '{n}').replace('{n}', num(p.retries));
  const table = $('table');
  if (heads !== String(columns)) {
    const head = el('thead', '\n');
    head.append(tableRow(columns.map((h) => text[h]), 'col'), '\n');
    table.replaceChildren('\n', el('caption', title), '\n', head, '\n', el('tbody', '\n'), '\n');
    [heads, shown, cells] = [String(columns), [], []];
  } else table.caption.textContent = title;
  for (const body = table.tBodies[0]; shown.length > p.retries; shown.pop(), cells.pop()) {
    body.lastChild.previousSibling.remove();
    body.lastChild.previousSibling.remove();
  }
  const first = Math.min(Math.floor(scrolled / rowHeight), shown.length);
  const last = Math.min(p.retries, first + Math.ceil(innerHeight / rowHeight) + 10);
  for (let i = first; i < last; i++) writeRow(p, buf, i);
  fillLater(p, [[0, first], [last, p.retries]]);
}

// The labels stay as built. Under a second, words would only repeat the
// figure: none (as calculator::view's totals).
function renderTotals(p, buf) {
  $('totals').querySelectorAll('dd').forEach((dd, i) => showTotal(dd, buf[TOTALS + i], p.unit));
}

// As figures::humanize, of milliseconds; none for plain numbers.
function humanize(ms, unitName) {
  if (unitName === 'units') return null;
  const parts = view(wasm.duration_parts(ms), data.contract.parts.length);
  const { days, hours, minutes, seconds, milliseconds: milli } =
    Object.fromEntries(data.contract.parts.map((k, i) => [k, parts[i]]));
  const d = data.duration;
  const fill = (pattern, args) => pattern.replace(/\{(\w+)\}/g, (_, k) => num(args[k]));
  if (days >= 365) {
    // A calendar year; from a thousand years, the years alone.
    const years = Math.floor(days / 365);
    return years >= 1000 ? fill(d.years, { years }) : fill(d.years_days, { years, days: days - years * 365 });
  }
  if (days > 0) return fill(d.days_hours_minutes, { days, hours, minutes });
  if (hours > 0) return fill(d.hours_minutes, { hours, minutes });
  if (minutes > 0) return fill(d.minutes_seconds, { minutes, seconds });
  return fill(d.seconds, { seconds: seconds + milli / 1000 });
}

// 10^k by repeated exact steps, as figures::pow10: the same double on both
// sides, where Math.pow and powi may differ in the last bit.
function pow10(k) {
  let p = 1;
  for (let i = 0; i < Math.abs(k); i++) p *= 10;
  return k < 0 ? 1 / p : p;
}

// The power of ten at or below x (x > 0), as an exponent.
function decade(x) {
  let k = 0;
  while (pow10(k + 1) <= x) k++;
  while (pow10(k) > x) k--;
  return k;
}

// A round step (1, 2 or 5 × 10^k) at least `raw`.
function niceStep(raw) {
  const p = pow10(decade(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

// The chart as figures::chart_html draws it, element for element: a scroll
// region holding the SVG (ticks, grid, band, line, cap), an HTML legend and
// a summary in words. Text sits at 14 of 640 units and the drawing is never
// narrower than 560 px (style.css), so it is never under 12 CSS px.
function renderChart(p, buf) {
  const [W, H, L, R, T, B] = [640, 320, 100, 16, 16, 56];
  const n = p.retries;
  const at = (i, k) => buf[i * ROW + K[k]];
  let top = 0;
  let low = Infinity;
  for (let i = 0; i < n; i++) [top, low] = [Math.max(top, at(i, 'max')), Math.min(low, at(i, 'delay'))];
  // A log scale once the delays span more than two decades.
  const log = top / low > 100;
  const fix = (v) => String(Math.round(v * 10) / 10);
  const x = (i) => fix(n === 1 ? (L + W - R) / 2 : L + (i * (W - L - R)) / (n - 1));
  const bottom = H - B;
  let y;
  const ticks = [];
  if (log) {
    const [lo, hi] = [decade(low), decade(top) + (pow10(decade(top)) < top ? 1 : 0)];
    const span = Math.max(hi - lo, 1);
    const every = Math.ceil(span / 5);
    for (let k = lo; k <= hi; k += every) ticks.push(pow10(k));
    y = (v) => bottom - ((Math.log10(Math.max(v, pow10(lo))) - lo) / span) * (bottom - T);
  } else {
    const step = niceStep(top / 4);
    const ceiling = Math.ceil(top / step) * step;
    for (let k = 0; k * step <= ceiling; k++) ticks.push(k * step);
    y = (v) => bottom - (v / ceiling) * (bottom - T);
  }
  const parts = [];
  const add = (tag, attrs, text) => parts.push([tag, attrs, text]);
  for (const v of ticks) {
    const ty = fix(y(v));
    add('path', { d: `M${L} ${ty}H${W - R}`, class: 'chart-grid' });
    add('text', { x: L - 6, y: fix(y(v) + 5), 'text-anchor': 'end', class: 'chart-tick' }, unit(num(v)));
  }
  const xStep = n <= 6 ? 1 : niceStep(n / 6);
  for (let r = 1; r <= n; r = r === 1 && xStep > 1 ? xStep : r + xStep) {
    add('text', { x: x(r - 1), y: bottom + 22, 'text-anchor': 'middle', class: 'chart-tick' }, num(r));
  }
  add('text', { x: fix((L + W - R) / 2), y: H - 8, 'text-anchor': 'middle', class: 'chart-title' }, data.text.retry);
  const order = [...Array(n).keys()];
  const line = (k, list) => list.map((i) => `${x(i)},${fix(y(at(i, k)))}`).join(' ');
  const jittered = p.jitter !== 'none';
  if (jittered) add('polygon', { points: `${line('max', order)} ${line('min', [...order].reverse())}`, class: 'chart-band' });
  add('polyline', { points: line('mean', order), class: 'chart-mean' });
  let firstCapped = 0;
  for (let i = n - 1; i >= 0; i--) if (at(i, 'capped')) firstCapped = i + 1;
  if (firstCapped) {
    add('path', { d: `M${L} ${fix(y(at(firstCapped - 1, 'delay')))}H${W - R}`, class: 'chart-cap' });
  }
  add('path', { d: `M${L} ${T}V${bottom}H${W - R}`, class: 'chart-axis' });
  const ns = 'http://www.w3.org/2000/svg';
  const svg = el('svg', null, { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': data.text.chart }, ns);
  svg.append(...parts.map(([tag, attrs, text]) => el(tag, text, attrs, ns)));
  const t = data.text;
  const legend = el('ul', null, { class: 'chart-legend' });
  const item = (kind, text) => {
    const li = el('li', null);
    li.append(el('span', null, { class: `swatch swatch-${kind}` }), text);
    legend.append(li);
  };
  if (jittered) item('band', t.chart_band);
  item('mean', jittered ? t.chart_mean : t.delay);
  if (firstCapped) item('cap', `${t.chart_cap}: ${unit(num(at(firstCapped - 1, 'delay')))}`);
  const fill = (pattern, args) => pattern.replace(/\{(\w+)\}/g, (_, k) => args[k]);
  const args = { first: unit(num(at(0, 'delay'))), last: unit(num(at(n - 1, 'delay'))), retry: num(firstCapped) };
  const summary = fill(firstCapped ? t.chart_summary_capped : t.chart_summary, args) + (log ? ` ${t.chart_log}` : '');
  const region = el('div', null, { class: 'chart-scroll', role: 'region', 'aria-label': t.chart, tabindex: '0' });
  region.append(svg);
  const body = el('div', null, { class: 'chart-body', id: 'calc-chart-body' });
  body.append(region, legend, el('p', summary, { class: 'chart-summary' }));
  $('chart-body').replaceWith(body);
}

// src/report.rs's document of the last good result (a refusal leaves the
// buffer alone), keys in its order.
function documentJson() {
  const { row, total: keys, schedule_len } = data.contract;
  const buf = view(wasm.schedule_buffer(), schedule_len);
  const retries = [];
  for (let r = 0; r < good.retries * ROW; r += ROW) {
    retries.push(Object.fromEntries(row.map((k, j) => [k, k === 'capped' ? buf[r + j] === 1 : buf[r + j]])));
  }
  const total = Object.fromEntries(keys.map((k, j) => [k, buf[TOTALS + j]]));
  return JSON.stringify({ policy: good, retries, total }, null, 2);
}

function copyJson() {
  $('copied').textContent = '';
  // If refused, Download JSON still works.
  navigator.clipboard.writeText(documentJson()).then(() => {
    $('copied').textContent = data.text.copied;
  }, () => {});
}

function downloadJson() {
  const href = URL.createObjectURL(new Blob([documentJson()], { type: 'application/json' }));
  el('a', null, { href, download: 'backoff-schedule.json' }).click();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 1e4);
}

// Library presets: the selector fills the form from the calc-presets
// island (policies in milliseconds, src/site/calculator/presets.rs), the URL
// records `preset`, and the status says "modified" once the form no longer
// holds the preset's policy.
let presets;

// The preset's policy as the form's inputs, in the unit chosen.
function presetPolicy(id) {
  const p = { ...presets?.presets[id]?.policy };
  if (!p.jitter) return null;
  const k = ($('unit')?.value ?? data.defaults.unit) === 's' ? 1000 : 1;
  for (const key of ['base', 'max_delay']) if (p[key] !== null) p[key] /= k;
  return p;
}

// Figures go in as JavaScript writes them, with the page's decimal mark; no
// cap as 0, which such a page reads as none.
function choosePreset() {
  const unit = $('unit');
  if (unit?.value === 'units' && [...unit.options].some((o) => o.value === 'ms')) unit.value = 'ms';
  const p = presetPolicy($('preset').value);
  if (!p) return;
  $('jitter').value = p.jitter;
  for (const f of FIELDS) if (f.input in p) $(f.name).value = String(p[f.input] ?? 0).replace('.', data.number.decimal);
}

// A link naming a preset and no field (`?preset=polly`) shows the preset.
function presetFromUrl(query) {
  if (!presets?.presets[query.get('preset')]) return;
  $('preset').value = query.get('preset');
  if (!FIELDS.some((f) => query.has(f.name))) choosePreset();
}

function presetStatus(policy) {
  if (!presets) return;
  const id = $('preset').value;
  const p = presetPolicy(id);
  const text = p && Object.keys(p).some((k) => policy[k] !== p[k]) ? presets.modified : '';
  if ($('preset-status').textContent !== text) $('preset-status').textContent = text;
  $('preset-note').textContent = p ? presets.presets[id].note : '';
}

// Percentiles and the attempt timeline: the optional timeout and deadline
// fields (empty: not given), and, when the module has distribution(), the
// total wait's percentiles, the method's note, and the timeline's verdict,
// table and chart, as calculator/distribution.rs and the template write
// them; offsets are the island's contract.distribution tables, by key.
// Without the export, only the built figures of the built inputs show.

// Whether field `name` is optional and left empty.
const unset = (name) => FIELDS.find((f) => f.name === name)?.optional && !$(name).value.trim();

// The timeout and deadline typed: null when not given, NaN when unreadable.
function readLimits() {
  const l = {};
  for (const k of ['timeout', 'deadline']) {
    const x = !$(k) || unset(k) ? null : parseNumber($(k).value, data.number, data.largest_input);
    l[k] = typeof x === 'string' ? NaN : x;
  }
  return l;
}

// A deadline shorter than the timeout is the deadline's error, as the
// core's Limits::validate says.
function limitErrors() {
  const { timeout, deadline } = readLimits();
  return timeout != null && deadline != null && deadline < timeout ? { deadline: data.text.error_deadline } : null;
}

// Writes p and the limits to the input slots (NaN: not given) and runs the
// module: distribution() first (which also takes decorrelated jitter), then
// schedule() for the other kinds, whose totals the page shows. 0 or the
// error's code.
function run(p) {
  const c = data.contract;
  const { inputs, jitters } = wasm.distribution ? c.distribution : c;
  const l = readLimits();
  const slots = view(wasm.input_buffer(), inputs.length);
  inputs.forEach((k, i) => { slots[i] = k === 'jitter' ? jitters.indexOf(p.jitter) : p[k] ?? l[k] ?? NaN; });
  const code = wasm.distribution?.();
  return code || (wasm.distribution && !c.jitters.includes(p.jitter) ? 0 : wasm.schedule());
}

// A total (and a percentile): the figure, and in words from a second up.
function showTotal(dd, x, u) {
  const ms = u === 's' ? x * 1000 : x;
  const human = ms >= 1000 ? humanize(ms, u) : null;
  dd.replaceChildren(unit(num(x)) + (human ? ' ' : ''));
  if (human) dd.append(el('span', `(${human})`, { class: 'human' }));
}

// As distribution::round_to: x to the nearest multiple of 10^k.
const roundTo = (x, k) => (k == null ? x : Math.round(x / pow10(k)) * pow10(k));

function renderDistribution(p) {
  const D = wasm.distribution && data.contract.distribution;
  const l = readLimits();
  // Until the full module has come (or if it cannot), only the built
  // inputs' figures are known: the build's, as it wrote them.
  // (An array's text writes a missing input and a null alike: empty.)
  const key = (q, m) => `${[data.contract.inputs.map((k) => q[k]), q.unit, m.timeout, m.deadline]}`;
  const shown = D || key(p, l) === key(data.defaults, data.limits);
  $('percentiles').hidden = $('percentiles-method').hidden = !shown;
  $('timeline').hidden = !shown || (l.timeout ?? l.deadline) == null;
  if (!D) return;
  const b = view(wasm.distribution_buffer(), D.len);
  const get = (at, keys, i = 0) => Object.fromEntries(keys.map((k, j) => [k, b[at + i * keys.length + j]]));
  const total = get(D.totals, D.total);
  const m = get(D.methods, D.method);
  // As distribution::precision: the decade of the grid step or of the
  // P99's interval.
  const error = m.grid_step || m.total_p99_high - m.total_p99_low;
  const place = error > 0 ? decade(error) : null;
  const r = (x) => roundTo(x, place);
  $('percentiles').querySelectorAll('dd').forEach((dd, i) => showTotal(dd, r(total[data.percentiles[i]]), p.unit));
  const method = place == null ? 'exact' : m.samples ? 'sample' : 'grid';
  $('percentiles-method').textContent = fill(data.text[`method_${method}`],
    { error: unit(num(error)), place: unit(num(pow10(place ?? 0))) });
  // A hidden timeline stops an older update's chunks, which would read this buffer.
  if ($('timeline').hidden) return void timelineJob++;
  // Attempt i's row, read when written (the module never grows its memory).
  renderTimeline(l, (i) => get(D.attempts, D.attempt, i), get(D.fits, D.fit), p.retries, total.p99, r);
}

const fill = (text, args) => text.replace(/\{(\w+)\}/g, (_, k) => args[k]);

// The verdict, table and chart of the timeline, as the template writes
// them. Rebuilding 1,001 rows costs a frame: the table's rows are kept and
// only changed cells written.
let timelineJob = 0;
function renderTimeline(l, row, fit, n, p99, r) {
  const t = data.text;
  const q = fit.last_retry_probability;
  const args = { p99: unit(num(r(p99))), last: unit(num(r(n * (l.timeout ?? 0) + p99))),
    timeout: unit(num(l.timeout ?? 0)), deadline: unit(num(l.deadline ?? 0)), late: num(Math.round((1 - q) * 100)) };
  // As distribution::odds.
  const odds = q === 0 ? '_always' : q === 1 ? '_never' : '';
  const id = l.deadline == null ? 'timeout' : (l.timeout == null ? 'deadline_untimed' : 'deadline') + odds;
  if (!$('timeline-table')) {
    const head = el('thead', '\n');
    head.append(tableRow(['attempt', 'earliest', 'median', 'latest'].map((k) => t[`timeline_${k}`]), 'col'), '\n');
    const table = el('table', '\n', { class: 'schedule', id: 'calc-timeline-table' });
    table.append(el('caption', t.timeline_caption), '\n', head, '\n', el('tbody', '\n'), '\n');
    const scroll = el('div', '\n', { class: 'table-scroll', role: 'region', 'aria-label': t.timeline_caption, tabindex: '0' });
    scroll.append(table, '\n');
    $('timeline').replaceChildren('\n', el('p', null, { class: 'verdict', id: 'calc-verdict' }), '\n', scroll, '\n',
      el('figure', null, { class: 'chart', id: 'calc-timeline-chart' }), '\n');
  }
  $('verdict').textContent = fill(t[`calc_verdict_${id}`], args);
  // As the schedule's table: the first rows now, the others in chunks of
  // at most 4 ms while the browser is idle, unless a newer update came;
  // aria-busy until the last. Rows are walked by siblings: indexing live
  // rows and cells costs more than the writes.
  const table = $('timeline-table');
  const body = table.tBodies[0];
  const mine = ++timelineJob;
  let tr = body.firstElementChild;
  let i = 0;
  const chunk = () => {
    if (mine !== timelineJob) return;
    for (const end = performance.now() + 4; i <= n && performance.now() < end; i++) {
      const a = row(i);
      const values = [num(a.attempt), unit(num(a.min)), unit(num(r(a.p50))), unit(num(a.max))];
      if (!tr) body.lastChild.before('\n', tableRow(values, 'row'));
      else {
        let cell = tr.firstElementChild;
        for (const v of values) {
          if (cell.firstChild.data !== v) cell.firstChild.data = v;
          cell = cell.nextElementSibling;
        }
        tr = tr.nextElementSibling;
      }
    }
    if (i <= n) return (window.requestIdleCallback ?? setTimeout)(chunk);
    for (let next; tr; tr = next) next = tr.nextElementSibling, tr.previousSibling.remove(), tr.remove();
    table.removeAttribute('aria-busy');
  };
  table.setAttribute('aria-busy', 'true');
  chunk();
  const drawn = [...Array(Math.min(n + 1, 40)).keys()].map(row);
  $('timeline-chart').replaceChildren('\n', el('figcaption', t.timeline_chart), '\n', ...timelineChart(drawn, l.deadline), '\n');
}

// distribution::chart_html, element for element: 640 wide, the plot from
// x 48 to 596, a row of 18 per attempt (the first 40) under a top margin of
// 24, the ticks in a bottom margin of 32.
function timelineChart(rows, deadline) {
  const t = data.text;
  const ns = 'http://www.w3.org/2000/svg';
  const top = Math.max(0, ...rows.map((a) => a.max), deadline ?? 0);
  // Above 0: the policy's delays are (the build guards 0 all the same).
  const step = niceStep(top / 4);
  const end = Math.max(Math.ceil(top / step), 1) * step;
  const h = 24 + rows.length * 18 + 32;
  const bottom = h - 32;
  const fix = (v) => String(Math.round(v * 10) / 10);
  const x = (v) => fix(48 + (v / end) * 548);
  const svg = el('svg', null, { viewBox: `0 0 640 ${h}`, role: 'img', 'aria-label': t.timeline_chart }, ns);
  const add = (tag, attrs, text) => svg.append(el(tag, text, attrs, ns));
  const text = (x, y, anchor, words, c = 'tick') => add('text', { x, y, 'text-anchor': anchor, class: `chart-${c}` }, words);
  for (let k = 0; k * step <= end; k++) {
    add('path', { d: `M${x(k * step)} 24V${bottom}`, class: 'chart-grid' });
    text(x(k * step), bottom + 18, 'middle', unit(num(k * step)));
  }
  rows.forEach((a, i) => {
    const y = 24 + (i + 0.5) * 18;
    text(40, fix(y + 4), 'end', num(i + 1));
    add('path', { d: `M${x(a.min)} ${fix(y)}H${x(a.max)}`, class: 'timeline-range' });
    add('path', { d: `M${x(a.p50)} ${fix(y - 6)}v12`, class: 'timeline-p50' });
  });
  if (deadline != null) {
    add('path', { d: `M${x(deadline)} 10V${bottom}`, class: 'timeline-deadline' });
    text(x(deadline), 20, 'end', `${t.timeline_deadline}: ${unit(num(deadline))}`, 'title');
  }
  const region = el('div', null, { class: 'chart-scroll', role: 'region', 'aria-label': t.timeline_chart, tabindex: '0' });
  region.append(svg);
  const legend = el('ul', null, { class: 'chart-legend' });
  for (const k of ['range', 'p50']) {
    const li = el('li');
    li.append(el('span', null, { class: `swatch swatch-${k}` }), t[k === 'range' ? 'timeline_range' : 'timeline_median']);
    legend.append(li);
  }
  return [region, legend];
}

// ---- The table, rows in view first ---------------------------------------
// Formatting and laying out 1000 changed rows takes several frames, so an
// update writes the rows in view (and a margin) in its own frame and the
// others in chunks of at most 4 ms while the browser is idle; a newer
// update cancels an older one's chunks. Until the last chunk the table is
// aria-busy; then it holds every row, as the build writes it.
let job = 0;
// The table region's scroll offset, kept from its scroll events (reading
// it during an update would force a layout), and a row's height.
let scrolled = 0;
let rowHeight = 24;

function tableRow(values, scope) {
  const row = el('tr');
  row.append(...values.map((v, j) => (j && scope === 'row' ? el('td', v) : el('th', v, { scope }))));
  return row;
}

// Row i of the schedule in buf: only changed cells are written, into the
// kept text nodes (live cell collections cost more than writes); a row
// past the last one shown is appended.
function writeRow(p, buf, i) {
  const r = i * ROW;
  const range = (lo, hi) => unit(`${num(buf[r + lo])}–${num(buf[r + hi])}`);
  const capped = buf[r + K.capped] ? data.text.yes : data.text.no;
  const values = p.jitter !== 'none'
    ? [num(buf[r + K.retry]), range(K.min, K.max), unit(num(buf[r + K.mean])), capped,
      range(K.cumulative_min, K.cumulative_max)]
    : [num(buf[r + K.retry]), unit(num(buf[r + K.delay])), capped, unit(num(buf[r + K.cumulative_max]))];
  if (i < shown.length) {
    values.forEach((v, j) => { if (v !== shown[i][j]) cells[i][j].data = v; });
  } else {
    const row = tableRow(values, 'row');
    $('table').tBodies[0].lastChild.before('\n', row);
    cells.push([...row.cells].map((c) => c.firstChild));
  }
  shown[i] = values;
}

// The rows of `ranges` (each [from, to), in order), a chunk of at most 4 ms
// per idle period, unless a newer update came.
function fillLater(p, ranges) {
  const mine = ++job;
  const table = $('table');
  const chunk = () => {
    if (mine !== job) return;
    const end = performance.now() + 4;
    // A view per chunk: the module's memory may have grown since.
    const buf = view(wasm.schedule_buffer(), data.contract.schedule_len);
    for (const range of ranges) {
      while (range[0] < range[1] && performance.now() < end) writeRow(p, buf, range[0]++);
    }
    later();
  };
  const later = () => {
    ranges = ranges.filter(([from, to]) => from < to);
    if (!ranges.length) return table.removeAttribute('aria-busy');
    table.setAttribute('aria-busy', 'true');
    // Safari has no requestIdleCallback: a task after the frame will do.
    if (window.requestIdleCallback) requestIdleCallback(chunk, { timeout: 100 });
    else setTimeout(chunk);
  };
  later();
}

// Called once the built table shows: its region's scroll offset and a row's
// height tell which rows are in view.
function watchTable() {
  const region = $('table').parentElement;
  region.addEventListener('scroll', () => { scrolled = region.scrollTop; }, { passive: true });
  rowHeight = $('table').tBodies[0].rows[0]?.getBoundingClientRect().height || rowHeight;
}

// ---- Many clients: the retry starts of clients that fail together, as
// calculator/herd.rs draws them (same markup for the defaults). The count
// is a field of its own (no input of the policy); the module buckets the
// last good schedule. herd.rs's drawing: 640 × 240, the plot from x 56 to
// 624 and from y 16 to 184.
function renderHerd() {
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

// Distribution module, loaded on first need. Pages start on the base
// module; the reader's first edit (or an address with inputs) fetches the full one (the base exports
// plus distribution(), from the same sources) once, swaps it in and
// updates again. If that fails the base module stays: the distribution
// parts stay as marked for inputs other than the built ones.
let full;
function loadFull() {
  full ??= loadWasm(new URL(data.wasm_full, location.href)).then((w) => {
    wasm = w;
    update(true);
  }, () => {});
}

// ---- As code ---------------------------------------------------------------
// The snippets follow the form. Each library's template, its holes and its
// checks of what differs come from src/snippets (the `calc-code-data`
// island); fillSnippets fills them by the rule of src/snippets/template.rs,
// operator for operator (tests/snippets_parity.rs runs both on a grid).
// Figures in code are the language's literals, never the page's notation.
let code;

// x as Rust's Display writes an f64: the shortest digits, no exponent.
const plain = (x) => {
  const [m, e = 0] = String(x).split('e'), [i, f = ''] = m.split('.'), d = i + f, p = i.length + +e;
  return !+e ? m : p <= 0 ? `0.${'0'.repeat(-p)}${d}` : p >= d.length ? d + '0'.repeat(p - d.length)
    : `${d.slice(0, p)}.${d.slice(p)}`;
};

// An expression's value (template::eval): `abs round trunc max min` are
// Math's. `?` returns the branch taken; both are evaluated, which is the
// same, as no operator here throws (so `n` may format what it never shows).
function ev(e, env) {
  if (!e?.map) return e;
  const [o, ...a] = e, v = a.map((y) => ev(y, env)), [p, q, r] = v;
  const ops = { v: env[p], '?': p ? q : r, '+': p + q, '-': p - q, '*': p * q, '/': p / q, '<': p < q, '=': p === q,
    '!': !p, '&': v.every(Boolean), c: v.join(''), n: plain(p) };
  return o in ops ? ops[o] : Math[o](...v);
}

// Each library's code (its comments, the second only when it differs) and
// the differences found, {code: {variable: value}}, for the form's policy p
// in milliseconds and the core's delays. The variables are template.rs's
// Env: p, the longest delay, and where Java's whole milliseconds
// (template::whole_ms) first leave the delays; then the recipe's own, in
// its order.
export function fillSnippets(libs, p, delays) {
  const long = (x) => Math.max(Math.round(x), 1), cap = p.max_delay === null ? null : long(p.max_delay);
  let iv = long(p.base), w;
  for (let i = 0; i < delays.length && !w; i++) {
    const lib = cap === null ? iv : Math.min(iv, cap), core = delays[i];
    if (Math.abs(lib - core) > 1e-9 * core) w = { ms_retry: i + 1, ms_library: lib, ms_core: core };
    iv = Math.trunc(iv * p.multiplier);
  }
  const env = { ms_retry: 0, ...p, top: Math.max(...delays), ...w };
  return libs.map((lib) => {
    const e = { ...env };
    lib.let.map(([k, x]) => (e[k] = ev(x, e)));
    const notes = lib.checks.filter((c) => ev(c[1], e))
      .map(([id, , vars]) => [id, Object.fromEntries(vars.map(([k, x]) => [k, ev(x, e)]))]);
    const body = lib.body.replace(/\$(\d+)/g, (_, i) => ev(lib.holes[i], e));
    return { code: lib.comments[0] + (notes.length ? lib.comments[1] : '') + body, notes };
  });
}

// A difference's note: its message with each {variable} a number in the
// page's notation or a jitter kind's name (a duration's unit is in the text).
const note = ([id, vars]) => code.notes[id].replace(/\{(\w+)\}/g, (_, k) =>
  (typeof vars[k] === 'string' ? code.jitters[vars[k]] : num(vars[k])));

// On every valid input the snippets show the form's policy; on bad input
// the last ones stay, marked stale, and copy nothing. On a page in seconds
// the delays the checks read are the core's in seconds times 1000 (the
// build computes them in milliseconds: the same but for the last bit).
function showCode(policy, errors) {
  $('code').classList.toggle('is-stale', !!errors);
  $('code-stale').hidden = !errors;
  for (const b of document.querySelectorAll('[data-code]')) b.disabled = !!errors;
  if (errors) return;
  const k = policy.unit === 's' ? 1000 : 1, buf = view(wasm.schedule_buffer(), data.contract.schedule_len);
  const p = { ...policy, base: policy.base * k, max_delay: policy.max_delay && policy.max_delay * k };
  fillSnippets(code.libraries, p, Array.from({ length: p.retries }, (_, i) => buf[i * ROW + K.delay] * k))
    .forEach(({ code: text, notes }, i) => {
      const pre = $(`code-${code.libraries[i].id}-code`);
      const now = notes.length ? el('ul', '', { class: 'calc-snippet-notes' }) : el('p', code.exact, { class: 'hint' });
      for (const n of notes) now.append('\n', el('li', note(n)));
      pre.textContent = text;
      pre.parentNode.previousElementSibling.replaceWith(now);
    });
}

function startSnippets() {
  code = JSON.parse($('code-data').textContent);
  for (const b of document.querySelectorAll('[data-code]')) {
    b.parentNode.hidden = false;
    b.onclick = () => navigator.clipboard.writeText(document.getElementById(b.dataset.code).textContent)
      .then(() => { b.nextElementSibling.textContent = data.text.copied; }, () => {});
  }
}

async function start() {
  data = JSON.parse($('data').textContent);
  ({ fields: FIELDS, totals: TOTALS } = data.contract);
  FIELDS = [...FIELDS, ...(data.limit_fields ?? [])];
  FIELDS = [...FIELDS, data.contract.clients];
  ROW = data.contract.row.length;
  K = Object.fromEntries(data.contract.row.map((k, i) => [k, i]));
  wasm = await loadWasm(new URL(data.wasm, location.href));
  plural = new Intl.PluralRules(data.lang);
  // The built table shows the defaults: the last good result so far.
  const defaults = data.defaults;
  if (compute(defaults)) return;
  render((good = defaults));
  presets = $('presets') && JSON.parse($('presets').textContent);
  $('preset')?.addEventListener('change', choosePreset);
  startSnippets();
  watchTable();
  readUrl();
  // An address with inputs is usually not the built page's: load at once.
  if (location.search) loadFull();
  update(false);
  const form = $('form');
  form.oninput = (e) => e.target.tagName === 'INPUT' && update(true);
  form.onchange = (e) => e.target.tagName === 'SELECT' && update(true);
  $('copy').onclick = copyJson;
  $('download').onclick = downloadJson;
  $('needs').hidden = true;
  for (const id of ['form', 'chart', 'actions']) $(id).hidden = false;
}

// The tests import this module in Node for its number rule.
if (typeof document !== 'undefined') start().catch(() => {});
