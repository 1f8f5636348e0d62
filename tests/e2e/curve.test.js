// The chart of the total wait's distribution, in the browser, in every
// language: without JavaScript the build's chart where the defaults' total
// is not certain (the site's defaults are all certain: hidden); for both
// methods, its table's P0 and P100 the command's shortest and longest
// totals, its P50, P90 and P99 the percentiles shown beside the totals,
// every row within the method's error of `backoff-site schedule --curve`;
// the script writes the build's markup for the built inputs (the practice
// page's defaults have jitter); keyboards open its table; a certain
// total hides it; a deadline draws the room it leaves; no sideways scroll
// at 320 px.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { CLI, LANGS, island, siteAndBrowser, type, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const site = siteAndBrowser();
const withPage = (lang, options, fn) => withOpenPage(site, lang, 'calculator', options, fn);

/** `schedule --curve` for the island's defaults. */
function cli(d) {
  const args = ['schedule', '--base', String(d.base), '--multiplier', String(d.multiplier), '--retries',
    String(d.retries), '--jitter', d.jitter, '--unit', d.unit, '--curve'];
  if (d.max_delay !== null) args.push('--max', String(d.max_delay));
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const query = (d) => `?${new URLSearchParams({ base: d.base, multiplier: d.multiplier, max: d.max_delay ?? 0,
  retries: d.retries, jitter: d.jitter, unit: d.unit })}`;

/** The table's rows: [name, figure]. */
const rows = (page) => page.$$eval('#calc-curve-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));

for (const lang of LANGS) {
  describe(`${lang}: the distribution of the total wait`, () => {
    const data = island(lang, 'calculator');
    const d = data.defaults;
    const t = data.text;
    const doc = cli(d);
    const { group, decimal } = data.number;
    // A figure as shown, its unit (if any) taken off, read back.
    const read = (text) => Number(text.replace(`${NBSP}${data.units[d.unit]}`, '').replaceAll(group, '').replace(decimal, '.'));
    const name = (i) => t.curve_percentile.replace('{percentile}', String(i));

    test('without JavaScript the build\'s chart shows where the defaults\' total is not certain', async () => {
      await withPage(lang, { js: false }, async (page) => {
        const certain = doc.distribution.total.min === doc.distribution.total.max;
        assert.equal(await page.isHidden('#calc-curve'), certain);
      });
    });

    test('the chart, its summary and its table, held to the command, for both methods', async () => {
      for (const jitter of ['full', 'decorrelated']) {
        const p = { ...d, jitter, max_delay: 5000, retries: 8 };
        const c = cli(p);
        await withPage(lang, { query: query(p) }, async (page) => {
          await page.waitForFunction(() => document.querySelectorAll('#calc-curve-table tbody tr').length === 12
            && !document.getElementById('calc-curve').hidden);
          // The module's figures, not the build's: wait for them.
          await page.waitForFunction(() => window.performance.getEntriesByType('resource').some((e) => /backoff-(grid|monte)/.test(e.name)));
          assert.equal(await page.getAttribute('#calc-curve svg', 'aria-label'), t.curve_label);
          assert.equal(await page.locator('#calc-curve circle.curve-point').count(), 3);
          const table = await rows(page);
          const listed = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99, 100];
          assert.deepEqual(table.map((r) => r[0]), listed.map(name));
          const curve = c.curve.total;
          assert.equal(read(table[0][1]), curve[0], jitter);
          assert.equal(read(table[11][1]), curve[100], jitter);
          // Within the method's error: the grid step, or the P99's interval.
          const m = c.distribution;
          const error = m.grid_step ?? (m.total_p99_high - m.total_p99_low);
          listed.forEach((i, k) =>
            assert.ok(Math.abs(read(table[k][1]) - curve[i]) <= error, `${jitter} ${name(i)}: ${table[k][1]} vs ${curve[i]}`));
          // P50, P90 and P99 are the percentiles beside the totals.
          const percentiles = await page.$$eval('#calc-percentiles dd', (dds) => dds.map((dd) => dd.firstChild.textContent.trim()));
          assert.deepEqual([table[5][1], table[9][1], table[10][1]], percentiles, jitter);
          const summary = await page.textContent('#calc-curve-body .chart-summary');
          for (const x of percentiles) assert.ok(summary.includes(x), `${summary} lacks ${x}`);
        });
      }
    });

    test('the script writes the build\'s markup for the built inputs (the practice page\'s, with jitter), and keyboards open its table', async () => {
      const practice = island(lang, 'practice');
      assert.notEqual(practice.defaults.jitter, 'none', 'the practice page\'s defaults draw the chart');
      let built;
      await withOpenPage(site, lang, 'practice', { js: false }, async (page) => {
        assert.ok(await page.isVisible('#calc-curve svg'));
        built = await page.$eval('#calc-curve', (e) => e.outerHTML);
      });
      // An address with the inputs loads the method module at once, and
      // the script redraws the chart from the module's curve.
      await withOpenPage(site, lang, 'practice', { query: query(practice.defaults) }, async (page) => {
        await page.waitForFunction(() => window.performance.getEntriesByType('resource').some((e) => /backoff-grid/.test(e.name)));
        await page.waitForFunction(() => !document.querySelector('#calc-table[aria-busy]'));
        assert.equal(await page.$eval('#calc-curve', (e) => e.outerHTML), built);
        await page.focus('#calc-curve details summary');
        await page.keyboard.press('Enter');
        assert.ok(await page.isVisible('#calc-curve-table'));
      });
    });

    test('a certain total hides the chart; a deadline draws the room it leaves', async () => {
      await withPage(lang, { query: query({ ...d, jitter: 'full' }) }, async (page) => {
        await page.selectOption('#calc-jitter', 'none');
        assert.ok(await page.isHidden('#calc-curve'));
        await page.selectOption('#calc-jitter', 'full');
        assert.ok(await page.isVisible('#calc-curve'));
        assert.equal(await page.locator('#calc-curve .timeline-deadline').count(), 0);
        // A deadline within the totals, less one retry's timeout of 0.
        const room = Math.round((doc.total.min + doc.total.max) / 2);
        await type(page, 'deadline', String(room));
        await page.waitForSelector('#calc-curve .timeline-deadline', { state: 'attached' });
        const label = await page.textContent('#calc-curve text.chart-title:last-of-type');
        assert.ok(label.startsWith(t.curve_room.split('{room}')[0]), label);
      });
    });

    test('at 320 px the chart scrolls in its own region, not the page', async () => {
      await withPage(lang, { width: 320 }, async (page) => {
        const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        assert.ok(scroll <= client, `the page scrolls sideways: ${scroll} > ${client}`);
      });
    });
  });
}
