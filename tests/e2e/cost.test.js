// What the retries cost the server, in the browser, in every language: the
// optional failure rate and layers fields (page notation, errors, URL
// state, keyboard), and the figures they show, held to `backoff-site
// schedule --failure-rate P --layers L` and to the closed forms
// (1 − p^(N+1)) / (1 − p) attempts and 1 − p^(N+1) success, computed here.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { choosePreset, CLI, island, LANGS, siteAndBrowser, type, withOpenPage } from './support.js';

const site = siteAndBrowser();
const withPage = (lang, options, fn) => withOpenPage(site, lang, 'calculator', options, fn);

/** A figure as the page writes it: the runtime's ICU, to three decimals. */
const figure = (lang, x) => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(x);
/** A share as the page writes it, in percent. */
const percent = (lang, data, q) => data.text.cost_percent.replace('{percent}', figure(lang, q * 100));

/** The command line's cost object for the calculator's defaults with these retries. */
function cliCost(retries, p, layers) {
  const args = ['schedule', '--base', '100', '--multiplier', '2', '--retries', String(retries), '--failure-rate', String(p), '--layers', String(layers)];
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' })).cost;
}

/** The cost's figures as shown: [label, figure] per row. */
const shown = (page) => page.$$eval('#calc-cost-figures > div', (rows) =>
  rows.map((r) => [r.querySelector('dt').textContent, r.querySelector('dd').textContent]));

const HALF = { en: '0.5', ru: '0,5', de: '0,5' };
const FRACTION = { en: '2.5', ru: '2,5', de: '2,5' };
const ABOVE_ONE = { en: '1.5', ru: '1,5', de: '1,5' };
const BELOW_ZERO = { en: '-0.1', ru: '-0,1', de: '-0,1' };

for (const lang of LANGS) {
  describe(`${lang}: what the retries cost the server`, () => {
    const data = island(lang, 'calculator');
    const t = data.text;

    test('without a failure rate nothing shows; without JavaScript neither', async () => {
      await withPage(lang, { js: false }, async (page) => {
        assert.ok(await page.isHidden('#calc-cost'));
      });
      await withPage(lang, {}, async (page) => {
        assert.equal(await page.inputValue('#calc-failure'), '');
        assert.equal(await page.inputValue('#calc-layers'), '');
        assert.ok(await page.isHidden('#calc-cost'));
      });
    });

    test('a failure rate in the page notation gives the closed forms and the command line figures', async () => {
      await withPage(lang, {}, async (page) => {
        await type(page, 'retries', '3');
        await type(page, 'failure', HALF[lang]);
        assert.equal(await page.textContent('#calc-failure-error'), '');
        const rows = await shown(page);
        // (1 − 0.5⁴) / (1 − 0.5) = 1.875 attempts; 1 − 0.5⁴ = 93.75 % succeed.
        const attempts = (1 - 0.5 ** 4) / (1 - 0.5);
        assert.deepEqual(rows, [[t.cost_attempts, figure(lang, attempts)], [t.cost_success, percent(lang, data, 1 - 0.5 ** 4)]]);
        const cli = cliCost(3, 0.5, 1);
        assert.equal(cli.attempts, attempts);
        assert.equal(rows[1][1], percent(lang, data, cli.success));
      });
    });

    test('layers multiply: 3 layers of 3 attempts that all fail make 27 at the bottom', async () => {
      await withPage(lang, {}, async (page) => {
        await type(page, 'retries', '2');
        await type(page, 'failure', '1');
        await type(page, 'layers', '3');
        const rows = await shown(page);
        assert.equal(rows.length, 5, JSON.stringify(rows));
        assert.equal(rows[2][1], figure(lang, 27));
        assert.deepEqual(rows[3], [t.cost_bottom_worst, figure(lang, 27)]);
        assert.deepEqual(rows[4], [t.cost_top_success, percent(lang, data, 0)]);
        assert.ok(rows[2][0].includes(figure(lang, 3)), rows[2][0]);
        // At 0.5 the command line's figures: the top nearly always succeeds,
        // which is not certain, so it never reads 100.
        await type(page, 'failure', HALF[lang]);
        const cli = cliCost(2, 0.5, 3);
        const half = await shown(page);
        assert.equal(half[2][1], figure(lang, cli.bottom_attempts));
        assert.ok(cli.top_success < 1);
        assert.equal(half[4][1], t.cost_percent.replace('{percent}', `>\u00a0${figure(lang, 99.999)}`));
      });
    });

    test('bad rates and layers show their localized errors and mark the figures stale', async () => {
      await withPage(lang, {}, async (page) => {
        await type(page, 'failure', HALF[lang]);
        const before = await shown(page);
        for (const [field, text, key] of [
          ['failure', ABOVE_ONE[lang], 'error_failure_rate'],
          ['failure', BELOW_ZERO[lang], 'error_failure_rate'],
          ['failure', 'abc', 'error_not_a_number'],
          ['layers', '0', 'error_layers'],
          ['layers', '11', 'error_layers'],
          ['layers', FRACTION[lang], 'error_layers'],
        ]) {
          if (field === 'layers') await type(page, 'failure', HALF[lang]);
          await type(page, field, text);
          assert.equal(await page.textContent(`#calc-${field}-error`), t[key], `${field} ${text}`);
          assert.equal(await page.getAttribute(`#calc-${field}`, 'aria-invalid'), 'true');
          assert.ok(await page.isVisible('#calc-stale'));
          assert.ok(await page.$eval('#calc-cost', (e) => e.classList.contains('is-stale')));
          assert.deepEqual(await shown(page), before);
          await type(page, field, '');
        }
        // The errors name the bounds in the page's notation.
        assert.ok(t.error_layers.includes(figure(lang, 10)), t.error_layers);
        // Layers without a rate: said at the layers.
        await type(page, 'failure', '');
        await type(page, 'layers', '3');
        assert.equal(await page.textContent('#calc-layers-error'), t.error_layers_without_failure_rate);
        await type(page, 'layers', '');
        assert.ok(await page.isHidden('#calc-stale'));
        assert.ok(await page.isHidden('#calc-cost'));
      });
    });

    test('the URL keeps the rate and layers; a link sets them in the page notation', async () => {
      await withPage(lang, {}, async (page) => {
        await type(page, 'failure', HALF[lang]);
        await type(page, 'layers', '4');
        await page.waitForURL((url) => url.searchParams.get('failure') === '0.5' && url.searchParams.get('layers') === '4');
      });
      await withPage(lang, { query: '?failure=0.5&layers=4&retries=2' }, async (page) => {
        assert.equal(await page.inputValue('#calc-failure'), HALF[lang]);
        assert.equal(await page.inputValue('#calc-layers'), '4');
        const rows = await shown(page);
        assert.equal(rows[2][1], figure(lang, cliCost(2, 0.5, 4).bottom_attempts));
      });
    });

    test('a preset\'s retry budget: its closed forms and the command line figures', async () => {
      await withPage(lang, {}, async (page) => {
        // botocore's quota: 500 at 5 a retry is 100 retries, 50 requests of 2;
        // at one half it holds 1 + (1 − ½) / (5 · ½) = 1.2 attempts.
        await choosePreset(page, 'aws-standard');
        await type(page, 'failure', HALF[lang]);
        let rows = await shown(page);
        const aws = { budget: t['budget_aws-retry-quota'] };
        const label = (key, args) => t[key].replace('{budget}', args.budget);
        assert.equal(rows.length, 4, JSON.stringify(rows));
        assert.equal(rows[2][0], label('budget_from_full', aws));
        assert.ok(rows[2][1].startsWith(`${figure(lang, 100)} `) && rows[2][1].includes(figure(lang, 50)), rows[2][1]);
        assert.deepEqual(rows[3], [label('budget_held', aws), figure(lang, 1 + (1 - 0.5) / (5 * 0.5))]);
        const cli = JSON.parse(execFileSync(CLI, ['schedule', '--preset', 'aws-standard', '--failure-rate', '0.5'], { encoding: 'utf8' })).cost.budget;
        assert.deepEqual([cli.retries_from_full, cli.calls_from_full, cli.held_attempts], [100, 50, 1.2]);
        // gRPC's throttling (10 tokens, ratio 0.1): below 1/11 the policy
        // keeps its own (1 − f⁴) / (1 − f) attempts; the edge is said.
        await choosePreset(page, 'grpc-retry-policy');
        await type(page, 'failure', { en: '0.05', ru: '0,05', de: '0,05' }[lang]);
        rows = await shown(page);
        const grpc = { budget: t['budget_grpc-throttling-example'] };
        assert.equal(rows.length, 5, JSON.stringify(rows));
        assert.deepEqual(rows[3], [label('budget_held', grpc), figure(lang, (1 - 0.05 ** 4) / (1 - 0.05))]);
        assert.deepEqual(rows[4], [label('budget_edge', grpc), percent(lang, data, 0.1 / 1.1)]);
        // Above the edge it lets retries through no more: one attempt.
        await type(page, 'failure', HALF[lang]);
        assert.equal((await shown(page))[3][1], figure(lang, 1));
        // Envoy's retry budget: no limit on requests in a row, said in words;
        // under load 20 % of attempts in flight, 1.25 attempts a request.
        await choosePreset(page, 'envoy');
        rows = await shown(page);
        const envoy = { budget: t['budget_envoy-retry-budget'] };
        assert.deepEqual(rows.slice(2), [[label('budget_in_a_row', envoy), t.budget_never],
          [label('budget_held', envoy), figure(lang, 1.25)]]);
        // Finagle's retry budget (a reserve of 100 retries, 1,000 tokens a
        // request, 5,000 a retry): from idle, 55 requests of 2 failing
        // retries take 9,000 tokens net each, the 56th gets 1: 111; under
        // load 0.2 retries a request.
        await choosePreset(page, 'finagle');
        const finagle = { budget: t['budget_finagle-retry-budget'] };
        // Its decorrelated jitter loads the Monte Carlo module first; the
        // cost, of the count alone, is the same as for any kind.
        await page.waitForFunction((name) => [...document.querySelectorAll('#calc-cost-figures dt')]
          .some((dt) => dt.textContent.includes(name)), finagle.budget);
        rows = await shown(page);
        assert.equal(rows.length, 4, JSON.stringify(rows));
        assert.deepEqual(rows[0], [t.cost_attempts, figure(lang, 1.75)]);
        assert.equal(rows[2][0], label('budget_from_full', finagle));
        assert.ok(rows[2][1].startsWith(`${figure(lang, 111)} `) && rows[2][1].includes(figure(lang, 55)), rows[2][1]);
        assert.deepEqual(rows[3], [label('budget_held', finagle), figure(lang, 1.2)]);
        // A library without a budget shows none.
        await choosePreset(page, 'polly');
        assert.equal((await shown(page)).length, 2);
      });
    });

    test('keyboard only: the fields follow the deadline in the tab order', async () => {
      await withPage(lang, {}, async (page) => {
        await page.focus('#calc-deadline');
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement.id), 'calc-failure');
        await page.keyboard.type(HALF[lang]);
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement.id), 'calc-layers');
        await page.keyboard.type('2');
        assert.equal((await shown(page)).length, 5);
      });
    });

    test('phones: the largest figures stay within 320 px', async () => {
      await withPage(lang, { width: 320 }, async (page) => {
        await type(page, 'retries', '1000');
        await type(page, 'failure', '1');
        await type(page, 'layers', '10');
        assert.equal((await shown(page)).length, 5);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 320, `${width} px`);
      });
    });
  });
}
