// Percentiles and the attempt timeline: the optional timeout and deadline
// fields (empty: not given), and, once the kind's method module has come, the
// total wait's percentiles, the method's note, the chart of its
// distribution (curve.js), and the timeline's verdict,
// table and chart, as calculator/distribution.rs and the template write
// them; offsets are the island's contract.distribution tables, by key.
// Without the export, only the built figures of the built inputs show.

import { decade, niceStep, pow10, roundWithin } from './axis.js';
import { renderCurve } from './curve.js';
import { isBuilt, readLimits } from './form.js';
import { drawing, fix, legend, region } from './drawing.js';
import { $, box, byKey, data, dist, el, fill, num, scheduleView, TOTALS, unit, view } from './state.js';
import { idle, showTotal, tableHead, tableRow } from './table.js';

// Sampled means (decorrelated jitter's past the first `from` retries,
// whose means are exact) carry the Monte Carlo run's error, so each shows
// to the leading digit of its own 99 % error, as the percentiles show to
// their error's (distribution::precision): the total mean's is the run's
// `mean_error`; a retry's is bounded from its row. A delay within
// [min, max] with mean μ has a variance of at most (max − μ)(μ − min)
// (the Bhatia–Davis inequality), so the mean of n paths is within
// Z99·sqrt((max − μ)(μ − min)/n) of μ with 99 % confidence. Null when every
// mean is exact.
export function sampledMeans() {
  const D = dist && data.contract.distribution;
  if (!D) return null;
  const m = byKey(D.method, view(dist.distribution_buffer(), D.len, dist), D.methods);
  return m.samples ? { from: m.exact_mean_retries, error: m.mean_error, n: m.samples } : null;
}

export function renderDistribution(p) {
  const D = dist && data.contract.distribution;
  const l = readLimits();
  // Until the kind's method module has come (or if it cannot), only the built
  // inputs' figures are known: the build's, as it wrote them.
  const shown = D || isBuilt(p, l);
  // As distribution::certain: a total whose shortest and longest are one
  // is certain (no jitter), and every percentile would be it. The base
  // module's schedule gives both for any inputs.
  const t = data.contract.total, s = scheduleView();
  const certain = s[TOTALS + t.indexOf('min')] === s[TOTALS + t.indexOf('max')];
  $('percentiles').hidden = $('percentiles-method').hidden = $('curve').hidden = !shown || certain;
  $('timeline').hidden = !shown || (l.timeout ?? l.deadline) == null;
  if (!D) return;
  const b = view(dist.distribution_buffer(), D.len, dist);
  const get = (at, keys, i = 0) => byKey(keys, b, at + i * keys.length);
  const total = get(D.totals, D.total);
  const m = get(D.methods, D.method);
  // As distribution::precision: the decade of the grid step or of the
  // P99's interval.
  const error = m.grid_step || m.total_p99_high - m.total_p99_low;
  const place = error > 0 ? decade(error) : null;
  // As distribution::round_within: never outside the figure's own range.
  const r = (x, min, max) => roundWithin(x, place, min, max);
  $('percentiles').querySelectorAll('dd').forEach((dd, i) =>
    showTotal(dd, r(total[data.percentiles[i]], total.min, total.max), p.unit));
  const method = place == null ? 'exact' : m.samples ? 'sample' : 'grid';
  // A sampled error rounded up to two digits, as distribution::stated_error.
  const stated = m.samples && place != null ? Math.ceil(error / pow10(place - 1) - 1e-9) * pow10(place - 1) : error;
  $('percentiles-method').textContent = fill(data.text[`method_${method}`],
    { error: unit(num(stated)), place: unit(num(pow10(place ?? 0))) });
  if (!certain) renderCurve([...b.subarray(D.curve, D.curve + D.curve_points)], total, r, p.retries, l);
  // A hidden timeline stops an older update's chunks, which would read this buffer.
  if ($('timeline').hidden) return void timelineJob++;
  // Attempt i's row, read when written (the module never grows its memory).
  renderTimeline(l, (i) => get(D.attempts, D.attempt, i), get(D.fits, D.fit), p.retries, total, r, certain);
}

// The verdict, table and chart of the timeline, as the template writes
// them. Rebuilding 1,001 rows costs a frame: the table's rows are kept and
// only changed cells written.
let timelineJob = 0;
function renderTimeline(l, row, fit, n, total, r, certain) {
  const t = data.text;
  // As distribution::verdict: the retries' timeouts move the last start and its range.
  const shift = n * (l.timeout ?? 0);
  const args = { p99: unit(num(r(total.p99, total.min, total.max))),
    last: unit(num(r(shift + total.p99, shift + total.min, shift + total.max))),
    timeout: unit(num(l.timeout ?? 0)), deadline: unit(num(l.deadline ?? 0)), late: late(fit.last_retry_probability) };
  // As distribution::odds: only the earliest and latest starts prove "always" and "never".
  const odds = fit.retries_best < n ? '_always' : fit.retries_worst === n ? '_never' : '';
  const id = (l.deadline == null ? 'timeout' : (l.timeout == null ? 'deadline_untimed' : 'deadline') + odds)
    + (certain ? '_certain' : '');
  if (!$('timeline-table')) {
    const head = tableHead(['attempt', 'earliest', 'median', 'latest'].map((k) => t[`timeline_${k}`]));
    const table = box('table', { class: 'schedule', id: 'calc-timeline-table' },
      '\n', el('caption', t.timeline_caption), '\n', head, '\n', el('tbody', '\n'), '\n');
    const scroll = region('table', t.timeline_caption, '\n', table, '\n');
    $('timeline').replaceChildren('\n', el('p', null, { class: 'verdict', id: 'calc-verdict' }), '\n', scroll, '\n',
      el('figure', null, { class: 'chart', id: 'calc-timeline-chart' }), '\n');
  }
  $('verdict').textContent = fill(t[`calc_verdict_${id}`], args);
  // The rows and the chart while the browser is idle, in chunks as the
  // schedule's table's, unless a newer update came; none in the input's
  // frame, which then lays out the schedule's rows in view alone.
  // aria-busy until the last. Rows are walked by siblings: indexing live
  // rows and cells costs more than the writes.
  const table = $('timeline-table');
  const body = table.tBodies[0];
  const mine = ++timelineJob;
  let tr = body.firstElementChild;
  let i = 0;
  const chunk = (end) => {
    if (mine !== timelineJob) return;
    for (; i <= n && performance.now() < end; i++) {
      const a = row(i);
      const values = [num(a.attempt), unit(num(a.min)), unit(num(r(a.p50, a.min, a.max))), unit(num(a.max))];
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
    if (i <= n) return idle(chunk);
    for (let next; tr; tr = next) next = tr.nextElementSibling, tr.previousSibling.remove(), tr.remove();
    const drawn = [...Array(Math.min(n + 1, MAX_ROWS)).keys()].map(row);
    // As ChartWords::label_of: the name says when only the first rows are drawn.
    const label = n + 1 <= MAX_ROWS ? t.timeline_chart
      : fill(t.timeline_chart_first, { drawn: num(MAX_ROWS), attempts: num(n + 1) });
    $('timeline-chart').replaceChildren('\n', el('figcaption', label), '\n', ...timelineChart(drawn, l.deadline, label), '\n');
    table.removeAttribute('aria-busy');
  };
  table.setAttribute('aria-busy', 'true');
  idle(chunk);
}

// As distribution::late: a percentage that is not certain never reads 0 or 100.
function late(q) {
  const percent = (1 - q) * 100;
  const whole = Math.round(percent);
  const tenth = Math.round(percent * 10) / 10;
  if (whole >= 1 && whole <= 99) return num(whole);
  if (tenth >= 0.1 && tenth <= 99.9) return num(tenth);
  return tenth < 0.1 ? `<\u00a0${num(0.1)}` : `>\u00a0${num(99.9)}`;
}

// distribution::MAX_ROWS: the chart draws the first rows only.
const MAX_ROWS = 40;

// distribution::chart_html, element for element: 640 wide, the plot from
// x 48 to 596, a row of 18 per attempt (the first 40) under a top margin of
// 24, the ticks in a bottom margin of 32.
function timelineChart(rows, deadline, label) {
  const t = data.text;
  const top = Math.max(0, ...rows.map((a) => a.max), deadline ?? 0);
  // Above 0: the policy's delays are (the build guards 0 all the same).
  const step = niceStep(top / 4);
  const end = Math.max(Math.ceil(top / step), 1) * step;
  const h = 24 + rows.length * 18 + 32;
  const bottom = h - 32;
  const x = (v) => fix(48 + (v / end) * 548);
  const [svg, add, text] = drawing(h, label);
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
    // The label runs away from the nearer edge, so that it is never cut.
    const anchor = 48 + (deadline / end) * 548 < 320 ? 'start' : 'end';
    text(x(deadline), 20, anchor, `${t.timeline_deadline}: ${unit(num(deadline))}`, 'title');
  }
  return [region('chart', label, svg), legend([['range', t.timeline_range], ['p50', t.timeline_median]])];
}
