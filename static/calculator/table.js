// The schedule's table and totals, as figures::table_rows and the template
// write them, rows in view first; a total in words (humanize) as
// figures::humanize writes it.

import { decade, roundTo } from './axis.js';
import { $, box, byKey, data, el, K, num, plural, ROW, scheduleView, TOTALS, unit, view, wasm } from './state.js';

// The table, rows in view first:
// Formatting and laying out 1000 changed rows takes several frames, so an
// update writes the rows in view (and a margin) in its own frame and the
// others in chunks while the browser is idle (idle, below); a newer
// update cancels an older one's chunks. Until the last chunk the table is
// aria-busy; then it holds every row, as the build writes it.
let job = 0;
// What the table shows: its columns, each row's values and text nodes.
let heads, shown, cells;
// The table region's scroll offset, kept from its scroll events (reading
// it during an update would force a layout), and a row's height.
let scrolled = 0;
let rowHeight = 24;
// The table's sampled means, as distribution.js `sampledMeans` says: null,
// or from which row on they are sampled, the total's error and the paths.
let sampled;

// A row of cells: all heads (scope 'col'), or a head then data (scope 'row').
export const tableRow = (values, scope) =>
  box('tr', {}, ...values.map((v, j) => (j && scope === 'row' ? el('td', v) : el('th', v, { scope }))));

// x to the leading digit of its error (unrounded without one).
const toError = (x, error) => (error > 0 ? roundTo(x, decade(error)) : x);

// A sampled delay's mean, to its 99 % error (as sampledMeans says).
const sampledMean = ({ n }, mean, min, max) =>
  toError(mean, 2.5758293035489004 * Math.sqrt(Math.max(0, (max - mean) * (mean - min)) / n));

// A table's head of column labels, on lines of their own as the build writes it.
export const tableHead = (labels) => box('thead', {}, '\n', tableRow(labels, 'col'), '\n');

// Row i of the schedule in buf: only changed cells are written, into the
// kept text nodes (live cell collections cost more than writes); a row
// past the last one shown is appended.
function writeRow(p, buf, i) {
  const r = i * ROW;
  const range = (lo, hi) => unit(`${num(buf[r + lo])}–${num(buf[r + hi])}`);
  const capped = buf[r + K.capped] ? data.text.yes : data.text.no;
  const values = p.jitter !== 'none'
    ? [num(buf[r + K.retry]), range(K.min, K.max), unit(num(i < (sampled?.from ?? Infinity) ? buf[r + K.mean]
      : sampledMean(sampled, buf[r + K.mean], buf[r + K.min], buf[r + K.max]))), capped,
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

// Calls chunk(end) while the browser is idle, end the time it should
// return by: the rest of the idle period (at most 50 ms), at least a
// frame's 16 ms. Each chunk that changes a table costs a layout of it
// after it, of the whole table when a column's width changes (some
// 20-50 ms for 1,000 rows, however few the chunk wrote; see `pin`), so a
// few long chunks cost less than many short ones; within 100 ms even if
// the browser is never idle. Safari has no requestIdleCallback: a task as
// soon as may be will do.
export function idle(chunk) {
  const run = (d) => chunk(performance.now() + Math.max(16, d?.timeRemaining() ?? 0));
  if (window.requestIdleCallback) requestIdleCallback(run, { timeout: 100 });
  else setTimeout(run, 0);
}

// The rows of `ranges` (each [from, to), in order), a chunk per idle
// period, unless a newer update came.
function fillLater(p, ranges) {
  const mine = ++job;
  const table = $('table');
  const chunk = (end) => {
    if (mine !== job) return;
    // A view per chunk: the module's memory may have grown since.
    const buf = scheduleView();
    for (const range of ranges) {
      while (range[0] < range[1] && performance.now() < end) writeRow(p, buf, range[0]++);
    }
    later();
  };
  const later = () => {
    ranges = ranges.filter(([from, to]) => from < to);
    if (!ranges.length) return pin(table), table.removeAttribute('aria-busy');
    table.setAttribute('aria-busy', 'true');
    idle(chunk);
  };
  later();
}

// The columns pinned to their widths (on) or left to their cells (off).
// A column is as wide as its widest cell, and the table's spare width is
// shared in proportion to those, so a row in view that changes its
// column's widest cell (decorrelated jitter's first rows hold its widest
// ranges) changes every column's width: the browser then lays out all
// 1,000 rows in the input's frame, not only those written (some 50 ms
// against 10). Pinned from an update to its last chunk, the columns keep
// their widths unless a cell needs more; unpinned, the table lays out as
// without the script. The widths are read before the update writes
// anything, so from the last frame's layout, and only when its region is
// laid out (content-visibility skips a region far from view, and reading
// inside it would lay out the whole table). A head cell's width attribute
// maps to its CSS width (HTML's rendering rules for tables), the border
// box's (style.css); an attribute, unlike an inline style, leaves nothing
// behind once removed, and needs nothing of the page's CSP.
function pin(table, on) {
  const heads = [...table.rows[0].cells];
  const widths = heads.map((th) => on && th.getBoundingClientRect().width);
  heads.forEach((th, j) => (on ? (th.width = widths[j]) : th.removeAttribute('width')));
}

// Called once the built table shows: its region's scroll offset and a row's
// height tell which rows are in view.
export function watchTable() {
  const region = $('table').parentElement;
  region.addEventListener('scroll', () => { scrolled = region.scrollTop; }, { passive: true });
  // Its first row after the head's.
  rowHeight = $('table').rows[1]?.getBoundingClientRect().height || rowHeight;
}

// As figures::table_rows and the template write it, rows in view first
// (see "The table, rows in view first" below): the caption, the head when
// the columns change, rows past the count removed, then the rows in view.
export function renderTable(p, buf, s) {
  sampled = s;
  const { text, caption } = data;
  const columns = p.jitter !== 'none' ? ['retry', 'range', 'mean', 'capped', 'cumulative']
    : ['retry', 'delay', 'capped', 'cumulative'];
  const title = (caption[plural.select(p.retries)] ?? caption.other ?? '{n}').replace('{n}', num(p.retries));
  const table = $('table');
  if (heads === String(columns)) {
    if (table.checkVisibility?.({ contentVisibilityAuto: true })) pin(table, 1);
    table.caption.textContent = title;
  } else {
    table.replaceChildren('\n', el('caption', title), '\n', tableHead(columns.map((h) => text[h])), '\n', el('tbody', '\n'), '\n');
    [heads, shown, cells] = [String(columns), [], []];
  }
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
// figure: none (as calculator::view's totals). A mean with sampled terms is
// rounded as they are (`s`, as renderTable's).
export function renderTotals(p, buf, s) {
  const mean = data.contract.total.indexOf('mean');
  $('totals').querySelectorAll('dd').forEach((dd, i) =>
    showTotal(dd, i === mean && s?.from < p.retries ? toError(buf[TOTALS + i], s.error) : buf[TOTALS + i], p.unit));
}

// As format::duration::humanize, of milliseconds; none for plain numbers.
function humanize(ms, unitName) {
  if (unitName === 'units') return null;
  const { parts } = data.contract;
  const { days, hours, minutes, seconds, milliseconds: milli } = byKey(parts, view(wasm.duration_parts(ms), parts.length));
  // A calendar year; from a thousand years, the years alone.
  const years = Math.floor(days / 365);
  const named =
    days >= 365 ? (years >= 1000 ? { years } : { years, days: days - years * 365 })
    : days > 0 ? { days, hours, minutes }
    : hours > 0 ? { hours, minutes }
    : minutes > 0 ? { minutes, seconds }
    : { seconds: seconds + milli / 1000 };
  // A part that is zero is left out, but for the first (the shapes of
  // format::duration::SHAPES, each a pattern of the island).
  const shown = Object.keys(named).filter((k, i) => !i || named[k]);
  return data.duration[shown.join('_')].replace(/\{(\w+)\}/g, (_, k) => num(named[k]));
}

// A total (and a percentile): the figure, and in words from a second up.
export function showTotal(dd, x, u) {
  const ms = u === 's' ? x * 1000 : x;
  const human = ms >= 1000 ? humanize(ms, u) : null;
  dd.replaceChildren(unit(num(x)) + (human ? ' ' : ''));
  if (human) dd.append(el('span', `(${human})`, { class: 'human' }));
}
