// One seeded sample run, in the browser, in every language: hidden without
// JavaScript; a button that draws a run, whose seed goes to the URL and
// whose delays are dots over the chart's bands, a table and a total in
// words; a seed in the address draws that run, held to `backoff-site
// schedule --sample SEED` delay for delay (both methods), and Copy JSON's
// `sample` is byte for byte the command's; a seed that is no whole number
// up to 2^53 − 1 draws nothing; no sideways scroll at 320 px.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { CLI, LANGS, island, siteAndBrowser, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const site = siteAndBrowser();
const withPage = (lang, options, fn) => withOpenPage(site, lang, 'calculator', options, fn);

/** A figure as the page writes it: the runtime's ICU, to three decimals. */
const figure = (lang, x) => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(x);

const query = (p) => `?${new URLSearchParams({ unit: 'ms', ...p })}`;

/** The command line's output with `--sample SEED` for a policy given as query parameters. */
function cliText(p) {
  const args = ['schedule', '--base', p.base, '--multiplier', p.multiplier, '--retries', p.retries,
    '--jitter', p.jitter, '--unit', 'ms', '--sample', p.sample];
  if (p.max) args.push('--max', p.max);
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

/** The sample run as shown: the dots' count, the summary, the table's cells. */
async function shown(page) {
  await page.waitForFunction(() => {
    const rows = document.querySelectorAll('#calc-sample-table tbody tr').length;
    return !document.getElementById('calc-sample-region').hidden && rows > 0;
  });
  return page.evaluate(() => ({
    dots: document.querySelectorAll('#calc-chart circle.chart-sample').length,
    summary: document.getElementById('calc-sample-summary').textContent,
    cells: [...document.querySelectorAll('#calc-sample-table tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent)),
  }));
}

for (const lang of LANGS) {
  describe(`${lang}: one seeded sample run`, () => {
    const data = island(lang, 'calculator');
    const t = data.text;
    const ms = (x) => `${figure(lang, x)}${NBSP}${data.units.ms}`;

    test('without JavaScript nothing shows; with it a button and no run until asked', async () => {
      await withPage(lang, { js: false }, async (page) => {
        assert.ok(await page.isHidden('#calc-sample'));
      });
      await withPage(lang, {}, async (page) => {
        assert.ok(await page.isVisible('#calc-sample-draw'));
        assert.equal(await page.textContent('#calc-sample-draw'), t.sample_draw);
        assert.ok(await page.isHidden('#calc-sample-summary'));
        assert.equal(await page.locator('#calc-chart circle.chart-sample').count(), 0);
      });
    });

    test('a seed in the address draws the command line\'s run, for both methods, and Copy JSON carries it', async () => {
      for (const jitter of ['full', 'polly']) {
        const p = { base: '100', multiplier: '2', max: '5000', retries: '8', jitter, sample: '42' };
        await withPage(lang, { query: query(p) }, async (page) => {
          const text = cliText(p);
          const cli = JSON.parse(text).sample;
          const run = await shown(page);
          assert.equal(run.dots, 8, jitter);
          assert.deepEqual(run.cells, cli.delays.map((d, i) => [figure(lang, i + 1), ms(d)]), jitter);
          assert.equal(run.summary, t.sample_summary.replace('{seed}', '42').replace('{total}', ms(cli.total)));
          assert.equal(await page.textContent('#calc-sample-draw'), t.sample_another);
          // Each dot within its retry's band: the delays lie within [min, max].
          const doc = JSON.parse(text);
          cli.delays.forEach((d, i) => assert.ok(doc.retries[i].min <= d && d <= doc.retries[i].max, `${jitter} retry ${i + 1}`));
          await page.click('#calc-copy');
          const copied = await page.evaluate(() => navigator.clipboard.readText());
          const tail = (s) => s.slice(s.indexOf('  "sample": {'));
          assert.equal(tail(copied), tail(text), jitter);
          assert.deepEqual(Object.keys(JSON.parse(copied)), ['policy', 'retries', 'total', 'sample']);
        });
      }
    });

    test('the button draws a new run each time, by keyboard too, its seed in the URL', async () => {
      const p = { base: '100', multiplier: '2', max: '5000', retries: '5', jitter: 'equal' };
      await withPage(lang, { query: query(p) }, async (page) => {
        // By keyboard: the button takes the focus and Enter draws.
        await page.focus('#calc-sample-draw');
        await page.keyboard.press('Enter');
        const first = await shown(page);
        assert.equal(first.dots, 5);
        await page.waitForFunction(() => new URL(location.href).searchParams.has('sample'));
        const seed = new URL(page.url()).searchParams.get('sample');
        assert.match(seed, /^\d+$/);
        assert.ok(Number(seed) <= 2 ** 53 - 1);
        const cli = JSON.parse(cliText({ ...p, sample: seed })).sample;
        assert.deepEqual(first.cells.map((r) => r[1]), cli.delays.map(ms));
        await page.click('#calc-sample-draw');
        await page.waitForFunction((old) => new URL(location.href).searchParams.get('sample') !== old, seed);
        const again = await shown(page);
        assert.notDeepEqual(again.summary, first.summary);
      });
    });

    test('a seed that is no whole number up to 2^53 − 1 draws nothing', async () => {
      for (const sample of ['abc', '1.5', '-1', String(2 ** 53)]) {
        const p = { base: '100', multiplier: '2', retries: '3', jitter: 'full', sample };
        await withPage(lang, { query: query(p) }, async (page) => {
          await page.waitForFunction(() => document.querySelector('#calc-percentiles dd'));
          assert.ok(await page.isHidden('#calc-sample-summary'), sample);
          assert.equal(await page.locator('#calc-chart circle.chart-sample').count(), 0, sample);
        });
      }
    });

    test('at 320 px a drawn run leaves the page without sideways scroll', async () => {
      const p = { base: '100', multiplier: '2', max: '5000', retries: '40', jitter: 'full', sample: '7' };
      await withPage(lang, { query: query(p), width: 320 }, async (page) => {
        await shown(page);
        const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        assert.ok(scroll <= client, `the page scrolls sideways: ${scroll} > ${client}`);
      });
    });
  });
}
