// Browser tests of the WebAssembly modules on every explainer page with the
// calculator (en, ru, de × calculator, schedule): at load only the base
// module is requested; the reader's first edit fetches the method module of
// the jitter kind (`distribution` and none of the base module's functions:
// the grid module for the page's default kind) once and the script
// instantiates it; a later edit fetches nothing more; switching to
// decorrelated jitter fetches the Monte Carlo module once, and switching
// back nothing; with the method modules' requests refused the base
// calculator keeps working and the page shows no error.
//
// Requests are recorded from the context's first one, and every instance the
// page makes is recorded by an init script that wraps WebAssembly's two
// instantiate functions, so the tests see which exports the page got without
// reaching into the script's module scope.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LANGS, PAGES, island, siteAndBrowser, tableCells, type } from './support.js';

const site = siteAndBrowser();

/** A method module's address. */
const METHOD_MODULE = /\/backoff-(grid|monte-carlo)\.[^/]*\.wasm$/;

/** The file name at the end of a URL or path. */
const file = (url) => new URL(url, 'http://x/').pathname.split('/').pop();

/**
 * Opens the page with the calculator running, recording the wasm requests
 * (`requests`), console errors and page errors (`problems`), and the exports
 * of each instance the page makes (`window.__instances`). With `block`, the
 * method modules' requests are aborted.
 */
async function openRecorded(lang, page, { block = false } = {}) {
  const context = await site.browser.newContext();
  const requests = [];
  const problems = [];
  context.on('request', (r) => r.url().endsWith('.wasm') && requests.push(file(r.url())));
  await context.addInitScript(() => {
    window.__instances = [];
    for (const name of ['instantiate', 'instantiateStreaming']) {
      const original = WebAssembly[name];
      WebAssembly[name] = async (...args) => {
        const result = await original.apply(WebAssembly, args);
        window.__instances.push(Object.keys(result.instance.exports));
        return result;
      };
    }
  });
  if (block) await context.route(METHOD_MODULE, (route) => route.abort());
  const tab = await context.newPage();
  tab.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  tab.on('console', (m) => {
    // The aborted request itself is reported by Chromium as a failed load.
    const blocked = block && METHOD_MODULE.test(m.location().url);
    if (m.type() === 'error' && !blocked && !m.location().url.endsWith('/favicon.ico')) {
      problems.push(`console: ${m.text()} (${m.location().url})`);
    }
  });
  const response = await tab.goto(`${site.server.origin}/${lang}/${page}/`);
  assert.ok(response.ok(), `${lang}/${page}: HTTP ${response.status()}`);
  await tab.waitForSelector('#calc-form:not([hidden])', { timeout: 10_000 });
  return { context, tab, requests, problems };
}

/** Whether an instance the page made has the `distribution` export. */
const hasDistribution = (tab) => tab.evaluate(() => window.__instances.some((e) => e.includes('distribution')));

for (const lang of LANGS) {
  for (const page of PAGES) {
    describe(`${lang}/${page}: the method modules, loaded on first need`, () => {
      const data = island(lang, page);
      const base = file(data.wasm);
      const [grid, monteCarlo] = ['full', 'decorrelated'].map((k) => file(data.wasm_methods[k]));
      const dist = file(data.wasm_methods[data.defaults.jitter]);

      test('the base module at load, the kind\'s method module once on the first edit, the other on a switch', async () => {
        const { context, tab, requests, problems } = await openRecorded(lang, page);
        try {
          assert.equal(dist, grid, 'the page starts on a kind of the grid module');
          assert.notEqual(grid, monteCarlo);
          assert.ok(![grid, monteCarlo].includes(base));
          assert.deepEqual(requests, [base], 'at load only the base module is requested');
          assert.equal(await hasDistribution(tab), false, 'the base module has no distribution export');

          await type(tab, 'retries', '3');
          await tab.waitForFunction(() => window.__instances.some((e) => e.includes('distribution')));
          assert.deepEqual(requests, [base, grid], 'the first edit fetches the grid module once');
          // A method module holds no second copy of the base one's
          // functions: the base instance keeps the schedule, durations and
          // many clients.
          const [baseExports, gridExports] = await tab.evaluate(() => window.__instances);
          for (const name of ['schedule', 'duration_parts', 'spread', 'spread_buffer', 'spread_counts']) {
            assert.ok(baseExports.includes(name), `base module lacks ${name}`);
            assert.ok(!gridExports.includes(name), `grid module has ${name}`);
          }
          assert.equal((await tableCells(tab)).length, 3);

          await type(tab, 'retries', '5');
          await tab.waitForFunction(() => document.querySelectorAll('#calc-table tbody tr').length === 5);
          assert.equal((await tableCells(tab)).length, 5);
          assert.deepEqual(requests, [base, grid], 'a second edit fetches nothing');
          assert.equal(await tab.evaluate(() => window.__instances.length), 2);

          // Decorrelated jitter: the Monte Carlo module, once; its figures
          // replace the stale mark the base module's refusal of the kind set.
          await tab.selectOption('#calc-jitter', 'decorrelated');
          await tab.waitForFunction(() => window.__instances.length === 3);
          await tab.locator('#calc-stale').waitFor({ state: 'hidden' });
          assert.deepEqual(requests, [base, grid, monteCarlo], 'switching kind fetches the Monte Carlo module once');
          const monteCarloExports = (await tab.evaluate(() => window.__instances))[2];
          assert.ok(monteCarloExports.includes('distribution'));
          assert.ok(!monteCarloExports.includes('schedule'), 'Monte Carlo module has schedule');
          assert.equal((await tableCells(tab)).length, 5);
          await tab.selectOption('#calc-jitter', 'full');
          await type(tab, 'retries', '4');
          await tab.waitForFunction(() => document.querySelectorAll('#calc-table tbody tr').length === 4);
          assert.deepEqual(requests, [base, grid, monteCarlo], 'switching back fetches nothing');
          assert.equal(await tab.locator('#calc-stale').isHidden(), true);
          assert.deepEqual(problems, []);
        } finally {
          await context.close();
        }
      });

      test('while a method module loads, the result says so, not that an input is invalid', async () => {
        const { context, tab, problems } = await openRecorded(lang, page);
        try {
          let release;
          const held = new Promise((r) => { release = r; });
          await context.route(/\/backoff-monte-carlo\.[^/]*\.wasm$/, async (route) => { await held; await route.continue(); });
          await tab.selectOption('#calc-jitter', 'decorrelated');
          await tab.waitForFunction((t) => document.getElementById('calc-stale').textContent === t, data.text.stale_loading);
          assert.ok(await tab.locator('#calc-stale').isVisible());
          assert.equal(await tab.locator('[aria-invalid="true"]').count(), 0);
          release();
          await tab.locator('#calc-stale').waitFor({ state: 'hidden' });
          // A field in error afterwards says so in the usual words.
          await type(tab, 'retries', '-1');
          await tab.waitForFunction((t) => document.getElementById('calc-stale').textContent === t, data.text.stale);
          assert.deepEqual(problems, []);
        } finally {
          await context.close();
        }
      });

      test('with the method modules refused, the schedule still follows the inputs', async () => {
        const { context, tab, requests, problems } = await openRecorded(lang, page, { block: true });
        try {
          await type(tab, 'retries', '3');
          await tab.waitForFunction(() => document.querySelectorAll('#calc-table tbody tr').length === 3);
          // Let the refused request and the script's fallback fetch settle.
          await tab.waitForTimeout(300);
          assert.ok(requests.includes(dist), 'the first edit asked for the grid module');
          // With a deadline (the schedule page's), what fits it cannot be
          // worked out, and the page says so rather than working forever.
          if (data.limits.deadline !== null) {
            assert.equal(await tab.textContent('#calc-fit-status'), data.text.fit_failed);
          }
          const asked = requests.length;
          await type(tab, 'retries', '4');
          await tab.waitForFunction(() => document.querySelectorAll('#calc-table tbody tr').length === 4);
          assert.equal(requests.length, asked, 'a failed load is not retried on every edit');
          assert.equal(await hasDistribution(tab), false);
          assert.equal(await tab.locator('#calc-stale').isHidden(), true, 'nothing says the result is stale');
          // A kind only a refused module computes: the result is marked as
          // the last one computed, saying why, and no field is in error.
          await tab.selectOption('#calc-jitter', 'decorrelated');
          await tab.locator('#calc-stale').waitFor({ state: 'visible' });
          await tab.waitForFunction((t) => document.getElementById('calc-stale').textContent === t, data.text.stale_load_failed);
          assert.equal(await tab.locator('[aria-invalid="true"]').count(), 0);
          assert.equal(await tab.locator('#calc-errors-live').textContent(), data.text.stale_load_failed);
          // A kind the base module computes: nothing is stale again.
          await tab.selectOption('#calc-jitter', 'none');
          await tab.locator('#calc-stale').waitFor({ state: 'hidden' });
          assert.deepEqual(problems, []);
        } finally {
          await context.close();
        }
      });
    });
  }
}
