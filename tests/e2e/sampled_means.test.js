// Browser test of the sampled means on the calculator page, in every
// language: with decorrelated jitter, a retry's mean past the first
// `exact_mean_retries` (and the total mean) is a Monte Carlo sample mean,
// shown to the leading digit of its 99 % error: the total's is the run's
// `mean_error`, a retry's the Bhatia–Davis bound from its row's range
// (Z99·sqrt((max − mean)(mean − min)/samples)); the exact means stay as
// they are. Each figure is `schedule --percentiles`'s, in the page's
// notation.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { CLI, LANGS, island, siteAndBrowser, tableCells, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const site = siteAndBrowser();

// Past its third retry the means are sampled, with errors of tens of
// milliseconds (a retry's) and hundreds (the total's), where the sampled
// means have digits down to thousandths.
const POLICY = { base: 100, multiplier: 2, max: 5000, retries: 40, jitter: 'decorrelated' };

function cli(p, unit) {
  const args = ['schedule', '--base', String(p.base), '--multiplier', String(p.multiplier), '--max', String(p.max),
    '--retries', String(p.retries), '--jitter', p.jitter, '--unit', unit, '--percentiles', '--format', 'json'];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

for (const lang of LANGS) {
  test(`${lang}: sampled means are shown to their error's leading digit, exact ones are not`, async () => {
    const data = island(lang, 'calculator');
    const unit = data.defaults.unit;
    const doc = cli(POLICY, unit);
    const dist = doc.distribution;
    assert.equal(dist.method, 'monte_carlo');
    const from = dist.exact_mean_retries;
    assert.ok(from > 0 && from < POLICY.retries, `exact means for ${from} of ${POLICY.retries} retries`);
    // Each figure to the leading digit (decade) of its error.
    const toError = (x, error) => {
      if (!(error > 0)) return x;
      const step = 10 ** Math.floor(Math.log10(error));
      return Math.round(x / step) * step;
    };
    const bound = (r) => 2.5758293035489004 * Math.sqrt((r.max - r.mean) * (r.mean - r.min) / dist.samples);
    const number = (x) => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(x);
    const withUnit = (s) => (unit === 'units' ? s : `${s}${NBSP}${data.units[unit]}`);
    const want = doc.retries.map((r, i) => withUnit(number(i < from ? r.mean : toError(r.mean, bound(r)))));
    // Without the rounding the sampled means would show finer digits; none
    // is rounded to nothing.
    assert.ok(doc.retries.slice(from).some((r) => r.mean !== toError(r.mean, bound(r))));
    assert.ok(doc.retries.every((r) => toError(r.mean, bound(r)) >= r.min));
    // The total mean's error, the run's, is coarser than any retry's.
    assert.ok(Math.floor(Math.log10(dist.mean_error)) >= 2, `mean error ${dist.mean_error}`);

    const query = `?${new URLSearchParams({ ...POLICY, unit })}`;
    await withOpenPage(site, lang, 'calculator', { query }, async (page) => {
      // The built table has the defaults' rows; the Monte Carlo module's
      // update writes the rows in view, then the others while the browser
      // is idle, the table aria-busy until the last of them.
      assert.notEqual(data.defaults.retries, POLICY.retries);
      await page.waitForFunction((n) => {
        const table = document.querySelector('#calc-table');
        return !table.hasAttribute('aria-busy') && table.tBodies[0].rows.length === n;
      }, POLICY.retries);
      await page.locator('#calc-percentiles').waitFor({ state: 'visible' });
      const means = (await tableCells(page)).map((row) => row[2]);
      assert.deepEqual(means, want);
      const totals = await page.$$eval('#calc-totals dd', (dds) => dds.map((dd) => dd.firstChild.textContent.trim()));
      assert.equal(totals[data.contract.total.indexOf('mean')], withUnit(number(toError(doc.total.mean, dist.mean_error))));
    });
  });
}
