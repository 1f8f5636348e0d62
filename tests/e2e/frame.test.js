// Browser test of the calculator's 1,000-retry update on en/calculator, in
// three cases: full jitter; full jitter with a timeout and a deadline (the
// attempt timeline shows); decorrelated jitter with both. For each it
// prints, over 12 updates, the script time of the input's task and the time
// from the input to the end of the frame that draws it (median and range),
// with the machine's load average beside them; the times are printed, not
// asserted (a shared machine makes any timed assertion flaky). It asserts
// what the page shows once the updates are done: the schedule table, the
// percentiles and the timeline are the `schedule --percentiles` command's
// figures for the last input, in the page's notation. And, without the
// browser, what lets an update compute the schedule once (wasm.js `run`):
// the grid module computes from the base module's rows as the script hands
// them over and leaves them as they were, and the base module's totals,
// which the page shows, are its last row's cumulative figures.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CLI, DIST, island, siteAndBrowser, tableCells, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const site = siteAndBrowser();
const data = island('en', 'calculator');
const unit = data.defaults.unit;

const CASES = [
  ['full jitter', { base: 100, multiplier: 1.02, max: 30000, retries: 1000, jitter: 'full' }],
  ['full jitter, timeout and deadline',
    { base: 1, multiplier: 1.01, max: 5000, retries: 1000, jitter: 'full', timeout: 10, deadline: 100000 }],
  ['decorrelated jitter, timeout and deadline',
    { base: 1, multiplier: 1.01, max: 5000, retries: 1000, jitter: 'decorrelated', timeout: 10, deadline: 100000 }],
];
// Each update changes the base delay, so every figure of every row changes
// (decorrelated jitter's figures do not depend on the multiplier).
const bases = (p) => [p.base * 1.5, p.base * 2].map(String);
const UPDATES = 12;
// FRAME_WIDTH sets the window's width (1000 px unless said); FRAME_VIEW=table
// scrolls the schedule's table into view before timing (else the page stays
// at its top, where on a wide window the table is below the fold).
const WIDTH = Number(process.env.FRAME_WIDTH ?? 1000);
const IN_VIEW = process.env.FRAME_VIEW === 'table';

const query = (p) => `?${new URLSearchParams({ ...p, unit })}`;

/** `schedule --percentiles` for a policy and its limits, as JSON. */
function cli(p) {
  const args = ['schedule', '--base', String(p.base), '--multiplier', String(p.multiplier), '--max', String(p.max),
    '--retries', String(p.retries), '--jitter', p.jitter, '--unit', unit, '--percentiles', '--format', 'json'];
  for (const k of ['timeout', 'deadline']) if (p[k] != null) args.push(`--${k}`, String(p[k]));
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const number = (x) => new Intl.NumberFormat('en', { maximumFractionDigits: 3 }).format(x);
const withUnit = (x) => (unit === 'units' ? x : `${x}${NBSP}${data.units[unit]}`);

/** As tests/e2e/live_distribution.test.js states it: the power of ten at or below the method's error. */
function step(dist) {
  const error = dist.method === 'grid' ? dist.grid_step : dist.total_p99_high - dist.total_p99_low;
  return error > 0 ? 10 ** Math.floor(Math.log10(error)) : null;
}
const rounded = (x, s) => (s ? Math.round(x / s) * s : x);
/** As README states it: rounded to step s, or to the first finer power of ten that keeps it within [min, max]. */
function within(x, s, min, max) {
  if (!s) return x;
  for (let k = Math.round(Math.log10(s)); k > Math.round(Math.log10(s)) - 32; k--) {
    const r = rounded(x, 10 ** k);
    if (r >= min && r <= max) return r;
  }
  return Math.min(Math.max(x, min), max);
}
/** As tests/e2e/sampled_means.test.js states it: a sampled mean to its error's leading digit. */
function mean(dist, r, i) {
  if (i < (dist.exact_mean_retries ?? Infinity)) return r.mean;
  const error = 2.5758293035489004 * Math.sqrt((r.max - r.mean) * (r.mean - r.min) / dist.samples);
  return error > 0 ? rounded(r.mean, 10 ** Math.floor(Math.log10(error))) : r.mean;
}

/** Once every row of both tables is written (rows out of view come while the browser is idle). */
async function settled(page) {
  await page.waitForSelector('#calc-table:not([aria-busy])', { state: 'attached' });
  if (await page.locator('#calc-timeline').isVisible()) {
    await page.waitForSelector('#calc-timeline-table:not([aria-busy])', { state: 'attached' });
  }
}

/**
 * In the page: `n` inputs to the base field, each after the page has
 * settled. The script time is the input event's dispatch (every listener
 * runs in it); the drawn time ends when a task queued from the next
 * animation frame runs, after that frame's style, layout and paint.
 */
function timeUpdates([n, values]) {
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const busy = () => ['calc-table', 'calc-timeline-table'].some((id) => document.getElementById(id)?.hasAttribute('aria-busy'));
  const field = document.getElementById('calc-base');
  const times = { script: [], drawn: [] };
  return (async () => {
    for (let i = 0; i < n; i++) {
      while (busy()) await new Promise((done) => setTimeout(done, 10));
      await frame();
      const start = performance.now();
      field.value = values[i % 2];
      field.dispatchEvent(new Event('input', { bubbles: true }));
      times.script.push(performance.now() - start);
      await frame();
      times.drawn.push(performance.now() - start);
    }
    return times;
  })();
}

const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms (${s[0].toFixed(1)}–${s.at(-1).toFixed(1)})`;
};

for (const [name, start] of CASES) {
  test(`1,000 retries, ${name}: the update's times, printed; the figures, the command's`, async () => {
    await withOpenPage(site, 'en', 'calculator', { query: query(start), width: WIDTH }, async (page) => {
      // The address holds inputs, so the full module comes at once.
      await page.locator('#calc-percentiles').waitFor({ state: 'visible' });
      await settled(page);
      if (IN_VIEW) await page.locator('#calc-table').evaluate((t) => t.parentElement.scrollIntoView());
      const where = `${WIDTH} px, table ${await page.locator('#calc-table').evaluate((t) => {
        const r = t.parentElement.getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0 ? 'in view' : 'below the fold';
      })}`;
      // The first updates run while the browser settles from creating the
      // rows (garbage collection, style); they are not counted.
      await page.evaluate(timeUpdates, [3, bases(start)]);
      const times = await page.evaluate(timeUpdates, [UPDATES, bases(start)]);
      console.log(`1,000 retries, ${name}, ${UPDATES} updates, ${where}: script ${summary(times.script)}; ` +
        `input to drawn frame ${summary(times.drawn)}; load average ${loadavg()[0].toFixed(2)}`);

      await settled(page);
      const p = { ...start, base: Number(bases(start)[(UPDATES - 1) % 2]) };
      const doc = cli(p);
      assert.equal(await page.locator('#calc-stale').isHidden(), true);
      const range = (lo, hi) => withUnit(`${number(lo)}–${number(hi)}`);
      assert.deepEqual(await tableCells(page), doc.retries.map((r, i) =>
        [number(r.retry), range(r.min, r.max), withUnit(number(mean(doc.distribution, r, i))), r.capped ? data.text.yes : data.text.no,
          range(r.cumulative_min, r.cumulative_max)]));
      const s = step(doc.distribution);
      const percentiles = await page.$$eval('#calc-percentiles dd', (dds) => dds.map((dd) => dd.firstChild.textContent.trim()));
      const total = doc.distribution.total;
      assert.deepEqual(percentiles, data.percentiles.map((k) => withUnit(number(within(total[k], s, total.min, total.max)))));
      const timeline = await page.locator('#calc-timeline').isVisible();
      assert.equal(timeline, start.timeout != null);
      if (!timeline) return;
      const rows = await page.$$eval('#calc-timeline-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
      assert.deepEqual(rows, doc.timeline.attempts.map((a) =>
        [number(a.attempt), withUnit(number(a.min)), withUnit(number(within(a.p50, s, a.min, a.max))), withUnit(number(a.max))]));
    });
  });
}

test('the grid module reads the base module\'s rows and leaves them, the base totals its last row\'s', async () => {
  const assets = path.join(DIST, 'assets');
  const load = async (name) => {
    const file = readdirSync(assets).find((f) => f.startsWith(`${name}.`) && f.endsWith('.wasm'));
    return (await WebAssembly.instantiate(readFileSync(path.join(assets, file)))).instance.exports;
  };
  const [base, grid] = [await load('backoff'), await load('backoff-grid')];
  const c = data.contract;
  const K = Object.fromEntries(c.row.map((k, i) => [k, i]));
  const view = (w, at, n) => new Float64Array(w.memory.buffer, at, n);
  // A seeded walk over policies of every kind the base module takes, with
  // and without limits, long ones included.
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  let compared = 0;
  for (let t = 0; t < 400; t++) {
    const p = { base: 10 ** (rnd() * 8 - 3), multiplier: 1 + 3 * rnd(), max_delay: rnd() < 0.2 ? NaN : 10 ** (rnd() * 9 - 2),
      retries: t < 8 ? 1000 : 1 + Math.floor(rnd() ** 2 * 1000), jitter: c.jitters[t % c.jitters.length],
      jitter_factor: rnd(), timeout: rnd() < 0.5 ? NaN : 10 ** (rnd() * 4), deadline: rnd() < 0.5 ? NaN : 10 ** (rnd() * 8) };
    for (const [w, { inputs, jitters }] of [[base, c], [grid, c.distribution]]) {
      const slots = view(w, w.input_buffer(), inputs.length);
      inputs.forEach((k, i) => { slots[i] = k === 'jitter' ? jitters.indexOf(p.jitter) : p[k]; });
    }
    if (base.schedule() !== 0) continue;
    const a = view(base, base.schedule_buffer(), c.schedule_len);
    const b = view(grid, grid.schedule_buffer(), c.schedule_len);
    b.set(a);
    if (grid.distribution() !== 0) continue;
    compared++;
    assert.deepEqual(b, a, `rows of ${JSON.stringify(p)}`);
    const last = (p.retries - 1) * c.row.length;
    assert.deepEqual(c.total.map((k, i) => a[c.totals + i]), c.total.map((k) => a[last + K[`cumulative_${k}`]]));
    assert.ok(view(grid, grid.distribution_buffer(), c.distribution.len).every(Number.isFinite));
  }
  assert.ok(compared > 200, `${compared} policies compared`);
});
