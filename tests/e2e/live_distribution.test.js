// Browser tests of the live distribution figures on every page with the
// calculator's timeline (en, ru, de × calculator, schedule): for policies
// typed into the form (proportional, decorrelated and Polly's jitter among them,
// with a timeout and a deadline), the percentiles, the method's note, the
// verdict and the attempt table are the `schedule` command's figures in the
// page's notation, rounded as the page states; for the built inputs the
// script writes the timeline exactly as the build does; bad input marks
// them stale; at 320 px nothing scrolls sideways. The update for 1,000
// retries is timed and printed, not asserted.
//
// Words come from the page's island, figures from the command line
// (target/debug/backoff-site), numbers in the page's notation from the
// runtime's ICU.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { CLI, LANGS, PAGES, island, siteAndBrowser, type, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const state = siteAndBrowser();

const withPage = (lang, page, options, fn) => withOpenPage(state, lang, page, options, fn);

/** `schedule --percentiles` for a policy and its limits, as JSON. */
function cli(p, unit) {
  const args = ['schedule', '--base', String(p.base), '--multiplier', String(p.multiplier), '--max', String(p.max),
    '--retries', String(p.retries), '--jitter', p.jitter, '--unit', unit, '--percentiles', '--format', 'json'];
  if (p.factor) args.push('--jitter-factor', String(p.factor));
  for (const k of ['timeout', 'deadline']) if (p[k] != null) args.push(`--${k}`, String(p[k]));
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

/**
 * The step the page rounds percentiles to, stated here on its own: the
 * power of ten at or below the method's error (the grid step, or the
 * width of the P99's 99 % interval); null when the error is 0.
 */
function place(dist) {
  const error = dist.method === 'grid' ? dist.grid_step : dist.total_p99_high - dist.total_p99_low;
  const step = error > 0 ? 10 ** Math.floor(Math.log10(error)) : null;
  // The note states a sampled error rounded up to two significant digits.
  const sampled = dist.method !== 'grid' && step != null;
  return { error: sampled ? Math.ceil(error / (step / 10) - 1e-9) * (step / 10) : error, step };
}
const rounded = (x, step) => (step ? Math.round(x / step) * step : x);
/** As README states it: rounded to `step`, or to the first finer power of ten that keeps it within [min, max]. */
function within(x, step, min, max) {
  if (!step) return x;
  const k = Math.round(Math.log10(step));
  for (let finer = 0; finer < 32; finer++) {
    const r = rounded(x, 10 ** (k - finer));
    if (r >= min && r <= max) return r;
  }
  return Math.min(Math.max(x, min), max);
}

const fill = (text, args) => text.replace(/\{(\w+)\}/g, (_, k) => args[k]);

// Typed as the page's readers type them: the page's decimal mark.
const POLICIES = [
  { base: 100, multiplier: 2, max: 2000, retries: 6, jitter: 'proportional', factor: 0.2, timeout: 50, deadline: 3000 },
  { base: 100, multiplier: 3, max: 1500, retries: 8, jitter: 'decorrelated', timeout: 20.5, deadline: 4000 },
  { base: 2000, multiplier: 2, max: 30000, retries: 6, jitter: 'polly', timeout: 100, deadline: 60000 },
  { base: 250, multiplier: 2, max: 2000, retries: 5, jitter: 'none', timeout: null, deadline: 1000 },
  { base: 40, multiplier: 1.5, max: 900, retries: 7, jitter: 'full', timeout: 10, deadline: null },
];

/** Once every row of the timeline table is written (a long one's later rows come while the browser is idle). */
async function settled(tab) {
  if (await tab.locator('#calc-timeline').isVisible()) {
    await tab.waitForSelector('#calc-timeline-table:not([aria-busy])', { state: 'attached' });
  }
}

async function fillPolicy(tab, data, p) {
  const text = (x) => String(x).replace('.', data.number.decimal);
  await tab.selectOption('#calc-jitter', p.jitter);
  for (const [field, key] of [['base', 'base'], ['multiplier', 'multiplier'], ['max', 'max'], ['retries', 'retries']]) {
    // The multiplier is disabled for the kinds that do not use it.
    if (await tab.locator(`#calc-${field}`).isEnabled()) await type(tab, field, text(p[key]));
  }
  if (p.factor) await type(tab, 'factor', text(p.factor));
  for (const k of ['timeout', 'deadline']) await type(tab, k, p[k] == null ? '' : text(p[k]));
  // The method module of the kind, fetched on the first edit with it, shows
  // the percentiles of inputs other than the built ones once it has
  // arrived; until the Monte Carlo module has, decorrelated jitter is
  // marked stale (the base module refuses the kind). Without jitter the
  // total is certain and the percentiles stay hidden: the timeline (each
  // such policy here has a deadline) shows the module's figures.
  await tab.locator(p.jitter === 'none' ? '#calc-timeline' : '#calc-percentiles').waitFor({ state: 'visible' });
  await tab.locator('#calc-stale').waitFor({ state: 'hidden' });
  await settled(tab);
}

for (const lang of LANGS) {
  for (const page of PAGES) {
    describe(`${lang}/${page}: live percentiles and timeline`, () => {
      const data = island(lang, page);
      const unitName = data.defaults.unit;
      const number = (x) => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(x);
      const withUnit = (x) => (unitName === 'units' ? number(x) : `${number(x)}${NBSP}${data.units[unitName]}`);
      // As README states it: a share that is not certain never reads 0 % or 100 %.
      const late = (q) => {
        const percent = (1 - q) * 100;
        const whole = Math.round(percent);
        const tenth = Math.round(percent * 10) / 10;
        if (whole >= 1 && whole <= 99) return number(whole);
        if (tenth >= 0.1 && tenth <= 99.9) return number(tenth);
        return tenth < 0.1 ? `<${NBSP}${number(0.1)}` : `>${NBSP}${number(99.9)}`;
      };

      test('decorrelated jitter is offered', async () => {
        await withPage(lang, page, {}, async (tab) => {
          const options = await tab.$$eval('#calc-jitter option', (os) => os.map((o) => [o.value, o.textContent]));
          assert.deepEqual(options.map(([v]) => v), data.contract.distribution.jitters);
          const label = options.find(([v]) => v === 'decorrelated')[1];
          assert.ok(label && options.filter(([, t]) => t === label).length === 1, label);
        });
      });

      test('typed policies show the command\'s figures, rounded as the page says', async () => {
        await withPage(lang, page, {}, async (tab) => {
          for (const p of POLICIES) {
            await fillPolicy(tab, data, p);
            const doc = cli(p, unitName);
            const what = JSON.stringify(p);
            assert.equal(await tab.locator('#calc-stale').isHidden(), true, what);
            const { error, step } = place(doc.distribution);
            // A certain total (min = max, no jitter) shows no percentiles.
            const certain = doc.distribution.total.min === doc.distribution.total.max;
            assert.equal(await tab.locator('#calc-percentiles').isHidden(), certain, what);
            assert.equal(await tab.locator('#calc-percentiles-method').isHidden(), certain, what);
            if (!certain) {
              const shown = await tab.$$eval('#calc-percentiles dd', (dds) => dds.map((dd) => dd.firstChild.textContent.trim()));
              const t = doc.distribution.total;
              assert.deepEqual(shown, data.percentiles.map((k) => withUnit(within(t[k], step, t.min, t.max))), what);
              const kind = step == null ? 'exact' : doc.distribution.method === 'grid' ? 'grid' : 'sample';
              assert.equal(await tab.locator('#calc-percentiles-method').textContent(),
                fill(data.text[`method_${kind}`], { error: withUnit(error), place: withUnit(step ?? 1) }), what);
            }
            const timeline = tab.locator('#calc-timeline');
            assert.equal(await timeline.isVisible(), true, what);
            const rows = await tab.$$eval('#calc-timeline-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
            assert.deepEqual(rows, doc.timeline.attempts.map((a) =>
              [number(a.attempt), withUnit(a.min), withUnit(within(a.p50, step, a.min, a.max)), withUnit(a.max)]), what);
            // The verdict: the command's P99, the last start at it, and how
            // often that is after the deadline ("always" when on every run).
            // "Always" and "never" only where the earliest and latest starts prove it.
            const t = doc.distribution.total;
            const shift = p.retries * (p.timeout ?? 0);
            const args = { p99: withUnit(within(t.p99, step, t.min, t.max)),
              last: withUnit(within(shift + t.p99, step, shift + t.min, shift + t.max)),
              timeout: withUnit(p.timeout ?? 0), deadline: withUnit(p.deadline ?? 0) };
            let id = 'calc_verdict_timeout';
            if (p.deadline != null) {
              const fit = doc.timeline.deadline_fit;
              args.late = late(fit.last_retry_probability);
              const odds = fit.retries_best < p.retries ? '_always' : fit.retries_worst === p.retries ? '_never' : '';
              id = `calc_verdict_deadline${p.timeout == null ? '_untimed' : ''}${odds}`;
            }
            if (certain) id += '_certain';
            const verdict = await tab.locator('#calc-verdict').textContent();
            assert.equal(verdict, fill(data.text[id], args), what);
            assert.ok(!verdict.includes(`100${NBSP}%`), verdict);
          }
        });
      });

      test('for the built inputs the live timeline is the build\'s, byte for byte', async () => {
        let built;
        await withPage(lang, page, { js: false }, async (tab) => {
          built = await tab.$$eval('#calc-output', ([o]) => [o.querySelector('#calc-timeline').innerHTML,
            o.querySelector('#calc-percentiles').innerHTML, o.querySelector('#calc-percentiles-method').textContent]);
        });
        await withPage(lang, page, {}, async (tab) => {
          // Another timeout and back: what shows is written by the script.
          const [timeout, deadline] = [await tab.inputValue('#calc-timeout'), await tab.inputValue('#calc-deadline')];
          await type(tab, 'timeout', '7');
          await type(tab, 'deadline', '90000');
          // Once the grid module, fetched on this first edit, has come.
          await tab.waitForFunction((b) => document.getElementById('calc-timeline').innerHTML !== b, built[0]);
          await type(tab, 'timeout', timeout);
          await type(tab, 'deadline', deadline);
          await settled(tab);
          const live = await tab.$$eval('#calc-output', ([o]) => [o.querySelector('#calc-timeline').innerHTML,
            o.querySelector('#calc-percentiles').innerHTML, o.querySelector('#calc-percentiles-method').textContent]);
          // Without limits the build writes no timeline; then only the
          // percentiles and the note are compared.
          if (data.limits.timeout == null && data.limits.deadline == null) {
            assert.deepEqual(live.slice(1), built.slice(1));
          } else {
            assert.match(built[0], /<svg viewBox=/);
            assert.deepEqual(live, built);
          }
        });
      });

      test('bad input marks the figures stale and keeps them', async () => {
        await withPage(lang, page, {}, async (tab) => {
          await fillPolicy(tab, data, POLICIES[1]);
          const before = await tab.locator('#calc-output').innerHTML();
          for (const [field, text] of [['deadline', 'abc'], ['deadline', '1'], ['timeout', '-1']]) {
            await type(tab, field, text);
            assert.equal(await tab.locator('#calc-stale').isVisible(), true, `${field} ${text}`);
            assert.match(await tab.getAttribute('#calc-output', 'class'), /is-stale/);
            assert.notEqual(await tab.locator(`#calc-${field}-error`).textContent(), '', `${field} ${text}`);
            await type(tab, field, String(POLICIES[1][field]).replace('.', data.number.decimal));
          }
          await settled(tab);
          assert.equal(await tab.locator('#calc-stale').isHidden(), true);
          assert.equal(await tab.locator('#calc-output').innerHTML(), before);
        });
      });

      test('at 320 px nothing scrolls sideways', async () => {
        await withPage(lang, page, { width: 320 }, async (tab) => {
          await fillPolicy(tab, data, { ...POLICIES[1], retries: 40 });
          const [scroll, client] = await tab.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
          assert.ok(scroll <= client, `${scroll} > ${client}`);
        });
      });
    });
  }
}

test('1,000 retries: the whole update, timed', async () => {
  const data = island('en', 'schedule');
  await withPage('en', 'schedule', {}, async (tab) => {
    const p = { base: 1, multiplier: 1.01, max: 5000, retries: 1000, jitter: 'full', timeout: 10, deadline: 100000 };
    await fillPolicy(tab, data, p);
    for (const jitter of ['full', 'decorrelated']) {
      await tab.selectOption('#calc-jitter', jitter);
      // The Monte Carlo module comes on the switch to its kind.
      await tab.locator('#calc-stale').waitFor({ state: 'hidden' });
      // The least of five updates (the machine may be busy): each a new
      // timeout, so every row of both tables changes.
      let ms = Infinity;
      for (let i = 1; i <= 5; i++) {
        await type(tab, 'timeout', String(p.timeout + i));
        ms = Math.min(ms, await tab.evaluate(() => performance.getEntriesByName('calc-render').at(-1).duration));
      }
      await settled(tab);
      assert.equal(await tab.locator('#calc-timeline-table tbody tr').count(), 1001);
      // The module's own share: the same inputs, in modules of their own
      // (the grid module reads the base module's rows, as the script hands
      // them over).
      const wasm = await tab.evaluate(async ([baseUrl, url, slots, baseInputs, scheduleLen]) => {
        const load = async (u) => (await WebAssembly.instantiateStreaming(fetch(u))).instance.exports;
        const [base, w] = [await load(baseUrl), await load(url)];
        const f64 = (e, at, n) => new Float64Array(e.memory.buffer, at, n);
        f64(base, base.input_buffer(), baseInputs).set(slots.slice(0, baseInputs));
        if (base.schedule() === 0) f64(w, w.schedule_buffer(), scheduleLen).set(f64(base, base.schedule_buffer(), scheduleLen));
        f64(w, w.input_buffer(), slots.length).set(slots);
        let least = Infinity;
        for (let i = 0; i < 5; i++) {
          const t = performance.now();
          w.distribution();
          least = Math.min(least, performance.now() - t);
        }
        return least;
      }, [new URL(data.wasm, `${state.server.origin}/en/schedule/`).href,
        new URL(data.wasm_methods[jitter], `${state.server.origin}/en/schedule/`).href,
        [p.base, p.multiplier, p.max, p.retries, data.contract.distribution.jitters.indexOf(jitter), NaN, p.timeout + 5, p.deadline],
        data.contract.inputs.length, data.contract.schedule_len]);
      console.log(`update of 1,000 retries with ${jitter} jitter and a timeline: ${ms.toFixed(1)} ms of script, ` +
        `of which distribution() ${wasm.toFixed(1)} ms (least of five)`);
    }
  });
});
