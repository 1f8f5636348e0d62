// Browser test of the sampled means on the calculator page, in every
// language: with decorrelated jitter, a retry's mean past the first
// `exact_mean_retries` (and the total mean) is a Monte Carlo sample mean,
// shown rounded to the place of the last digit of the error the method note
// states (its two significant digits); the exact means stay as they are.
// Each figure is `schedule --percentiles`'s, in the page's notation.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { CLI, LANGS, island, siteAndBrowser, tableCells, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const site = siteAndBrowser();

// Past its third retry the means are sampled, and the stated error (3,600)
// has its last digit in the hundreds, where the sampled means have digits
// down to thousandths.
const POLICY = { base: 100, multiplier: 2, max: 5000, retries: 40, jitter: 'decorrelated' };

function cli(p, unit) {
  const args = ['schedule', '--base', String(p.base), '--multiplier', String(p.multiplier), '--max', String(p.max),
    '--retries', String(p.retries), '--jitter', p.jitter, '--unit', unit, '--percentiles', '--format', 'json'];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

for (const lang of LANGS) {
  test(`${lang}: sampled means are rounded to the stated error's last digit, exact ones are not`, async () => {
    const data = island(lang, 'calculator');
    const unit = data.defaults.unit;
    const doc = cli(POLICY, unit);
    const dist = doc.distribution;
    assert.equal(dist.method, 'monte_carlo');
    const from = dist.exact_mean_retries;
    assert.ok(from > 0 && from < POLICY.retries, `exact means for ${from} of ${POLICY.retries} retries`);
    // The stated error (distribution::stated_error): the interval's width
    // rounded up to two significant digits; its last digit's place.
    const error = dist.total_p99_high - dist.total_p99_low;
    const step = 10 ** (Math.floor(Math.log10(error)) - 1);
    assert.equal(step, 100);
    const rounded = (x) => Math.round(x / step) * step;
    const number = (x) => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(x);
    const withUnit = (s) => (unit === 'units' ? s : `${s}${NBSP}${data.units[unit]}`);
    const want = doc.retries.map((r, i) => withUnit(number(i < from ? r.mean : rounded(r.mean))));
    // Without the rounding the sampled means would show finer digits.
    assert.ok(doc.retries.slice(from).some((r) => r.mean !== rounded(r.mean)));

    const query = `?${new URLSearchParams({ ...POLICY, unit })}`;
    await withOpenPage(site, lang, 'calculator', { query }, async (page) => {
      await page.locator('#calc-percentiles').waitFor({ state: 'visible' });
      const means = (await tableCells(page)).map((row) => row[2]);
      assert.deepEqual(means, want);
      const totals = await page.$$eval('#calc-totals dd', (dds) => dds.map((dd) => dd.firstChild.textContent.trim()));
      assert.equal(totals[data.contract.total.indexOf('mean')], withUnit(number(rounded(doc.total.mean))));
      // The note states that error.
      const note = await page.textContent('#calc-percentiles-method');
      assert.ok(note.includes(withUnit(number(Math.ceil(error / step - 1e-9) * step))), note);
    });
  });
}
