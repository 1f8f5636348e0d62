// Browser tests of the "as code" part following the form (en, ru, de):
// choosing a preset or typing a policy shows, for every library, exactly
// the code `backoff-site schedule ... --as-code LIBRARY` prints for that
// policy, under the page's translated comments (from its "as code" data,
// the asset its #calc-code names: the second comment only when the library differs, as the command
// says on stderr), with as many notes as differences; a bad value marks the
// part stale and its Copy buttons unusable; Copy copies the code shown.
// tests/suite/snippets_parity.rs holds the script's filler to the same rule on a
// grid of policies; this file checks it on the pages.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { choosePreset, CLI, DIST, island, LANGS, open, openCode, siteAndBrowser, type, withOpenPage } from './support.js';

const state = siteAndBrowser();

const withPage = (lang, page, fn) => withOpenPage(state, lang, page, {}, fn);

/** The "as code" data the page fetches: the asset its #calc-code names. */
function codeData(lang, page) {
  const file = path.join(DIST, lang, page, 'index.html');
  const m = /id="calc-code" data-src="([^"]+)"/.exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${lang}/${page}: no data-src on #calc-code`);
  return JSON.parse(readFileSync(path.join(path.dirname(file), m[1]), 'utf8'));
}

/**
 * What the page must show for `policy` (delays in `unit`), by library id:
 * the command's code under the page's comments, and how many notes.
 */
function expected(lang, page, policy, unit) {
  const code = codeData(lang, page);
  const args = ['schedule', '--base', String(policy.base), '--multiplier', String(policy.multiplier)];
  if (policy.max_delay !== null) args.push('--max', String(policy.max_delay));
  args.push('--retries', String(policy.retries), '--jitter', policy.jitter, '--unit', unit);
  if (policy.jitter === 'proportional') args.push('--jitter-factor', String(policy.jitter_factor));
  return Object.fromEntries(code.libraries.map((lib) => {
    const run = spawnSync(CLI, [...args, '--as-code', lib.id], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const notes = run.stderr.split('\n').filter((line) => line.startsWith('differs: ')).length;
    return [lib.id, { text: lib.comments[0] + (notes ? lib.comments[1] : '') + run.stdout, notes }];
  }));
}

/** Every library's code and note count as the page shows them. */
async function shown(page) {
  return page.$$eval('.calc-snippet', (sections) => Object.fromEntries(sections.map((s) => [
    s.id.replace(/^calc-code-/, ''),
    { text: s.querySelector('code').textContent, notes: s.querySelectorAll('.calc-snippet-notes li').length },
  ])));
}

/** A figure as a reader types it on the page: with its decimal mark. */
const typed = (data, x) => String(x).replace('.', data.number.decimal);

for (const lang of LANGS) {
  describe(`${lang} as code`, () => {
    test('a preset chosen, then a policy typed: every library shows the command line\'s code', async () => {
      const data = island(lang, 'calculator');
      const { presets } = data;
      await withPage(lang, 'calculator', async (page) => {
        // As built: the starting policy.
        const start = data.defaults;
        assert.deepEqual(await shown(page), expected(lang, 'calculator', start, start.unit), 'the starting policy');
        // The script's data comes when the part is first opened.
        await openCode(page);
        assert.deepEqual(await shown(page), expected(lang, 'calculator', start, start.unit), 'once opened');
        for (const name of ['tenacity', 'polly', 'grpc-retry-policy']) {
          await choosePreset(page, name);
          const want = expected(lang, 'calculator', presets.presets[name].policy, 'ms');
          assert.deepEqual(await shown(page), want, name);
        }
        // A policy of the reader's: proportional jitter, a cap, odd figures.
        const policy = { base: 0.5, multiplier: 1.7, max_delay: 4000, retries: 12, jitter: 'proportional', jitter_factor: 0.3 };
        await page.selectOption('#calc-jitter', 'proportional');
        // gRPC's preset counts attempts; this figure counts retries.
        await page.selectOption('#calc-count', 'retries');
        await type(page, 'factor', typed(data, policy.jitter_factor));
        await type(page, 'base', typed(data, policy.base));
        await type(page, 'multiplier', typed(data, policy.multiplier));
        await type(page, 'max', typed(data, policy.max_delay));
        await type(page, 'retries', String(policy.retries));
        const unit = (await page.$('#calc-unit')) ? await page.inputValue('#calc-unit') : data.defaults.unit;
        const want = expected(lang, 'calculator', policy, unit);
        assert.deepEqual(await shown(page), want, 'typed');
        assert.ok(Object.values(want).some((s) => s.notes > 0) && Object.values(want).some((s) => s.notes === 0));
        assert.equal(await page.isVisible('#calc-code-stale'), false, 'the snippets follow the form');
      });
    });

    test('without its data (the fetch fails) the built snippets stay, marked stale for another policy', async () => {
      const data = island(lang, 'calculator');
      const opened = await open(state.browser, state.server.origin, lang, 'calculator');
      const { page } = opened;
      try {
        const built = await shown(page);
        await page.route('**/assets/calc-code.*.json', (route) => route.abort());
        await type(page, 'retries', String(data.defaults.retries + 1));
        const failed = page.waitForEvent('requestfailed');
        await page.click('#calc-code summary');
        await failed;
        assert.ok(await page.isVisible('#calc-code-stale'), 'another policy: stale');
        assert.ok(await page.isDisabled('#calc-code-backon button'));
        assert.deepEqual(await shown(page), built, 'the built snippets stay');
        await type(page, 'retries', String(data.defaults.retries));
        assert.equal(await page.isVisible('#calc-code-stale'), false, 'the built policy again: not stale');
        // The one problem is the refused fetch.
        assert.equal(opened.problems.length, 1, String(opened.problems));
        assert.match(opened.problems[0], /calc-code\.[0-9a-f]+\.json/);
      } finally {
        await opened.context.close();
      }
    });

    test('in seconds, a bad value, and Copy', async () => {
      const data = island(lang, 'schedule');
      await withPage(lang, 'schedule', async (page) => {
        await openCode(page);
        await page.selectOption('#calc-unit', 's');
        await page.selectOption('#calc-jitter', 'full');
        await type(page, 'base', typed(data, 0.25));
        await type(page, 'multiplier', '3');
        await type(page, 'max', '30');
        await type(page, 'retries', '7');
        const policy = { base: 0.25, multiplier: 3, max_delay: 30, retries: 7, jitter: 'full' };
        const want = expected(lang, 'schedule', policy, 's');
        assert.deepEqual(await shown(page), want, 'in seconds');
        // A bad value: the part is stale, its code stays, nothing copies.
        await type(page, 'base', 'abc');
        assert.ok(await page.isVisible('#calc-code-stale'));
        assert.ok(await page.$eval('#calc-code', (e) => e.classList.contains('is-stale')));
        assert.ok(await page.isDisabled('#calc-code-backon button'));
        assert.deepEqual(await shown(page), want, 'the last valid policy stays');
        // Fixed again: Copy copies the code shown.
        await type(page, 'base', typed(data, 0.25));
        assert.equal(await page.isVisible('#calc-code-stale'), false);
        await page.click('#calc-code-backon button');
        await page.waitForSelector(`#calc-code-backon [role=status]:text-is("${data.text.copied}")`);
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), want.backon.text);
      });
    });
  });
}
