// Retries or attempts, in the browser, in every language: the count switch
// after the retries field (its label and hint, its rule in attempts, the
// same schedule across a switch, URL state, keyboard), Copy JSON byte for
// byte as `schedule --attempts N` prints it, and presets set to their
// library's own way of counting.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { choosePreset, CLI, island, LANGS, siteAndBrowser, tableCells, type, withOpenPage } from './support.js';

const site = siteAndBrowser();
const withPage = (lang, options, fn) => withOpenPage(site, lang, 'calculator', options, fn);

const label = (page) => page.textContent('label[for="calc-retries"]');
const rows = async (page) => (await tableCells(page)).length;

/** What `schedule` prints for the calculator's defaults with these flags, up to `total`. */
function cli(data, ...flags) {
  const d = data.defaults;
  const args = ['schedule', '--base', String(d.base), '--multiplier', String(d.multiplier), '--max', String(d.max_delay),
    '--jitter', d.jitter, '--unit', d.unit, ...flags];
  const full = execFileSync(CLI, args, { encoding: 'utf8' });
  const end = full.indexOf(',\n  "distribution"');
  return end < 0 ? full : `${full.slice(0, end)}\n}\n`;
}

for (const lang of LANGS) {
  describe(`${lang}: retries or attempts`, () => {
    const data = island(lang, 'calculator');
    const t = data.text;

    test('switching to attempts keeps the schedule and says what the field counts', async () => {
      await withPage(lang, {}, async (page) => {
        const retries = data.defaults.retries;
        assert.equal(await label(page), t.retries_label);
        assert.equal(await rows(page), retries);
        await page.selectOption('#calc-count', 'attempts');
        assert.equal(await label(page), t.attempts_label);
        assert.equal(await page.textContent('#calc-retries-hint'), t.attempts_hint);
        assert.equal(await page.inputValue('#calc-retries'), String(retries + 1));
        assert.equal(await rows(page), retries);
        // Four attempts are three retries.
        await type(page, 'retries', '4');
        assert.equal(await rows(page), 3);
        await page.waitForURL((url) => url.searchParams.get('count') === 'attempts' && url.searchParams.get('retries') === '4');
        // Copy JSON is what `schedule --attempts 4` prints, byte for byte.
        await page.click('#calc-copy');
        await page.waitForSelector(`#calc-copied:text-is("${t.copied}")`);
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        assert.equal(copied, cli(data, '--attempts', '4'));
        assert.equal(JSON.parse(copied).policy.count, 'attempts');
        await page.selectOption('#calc-count', 'retries');
        assert.equal(await page.inputValue('#calc-retries'), '3');
        assert.equal(await label(page), t.retries_label);
        await page.click('#calc-copy');
        await page.waitForFunction((want) => navigator.clipboard.readText().then((s) => s === want), cli(data, '--retries', '3'));
      });
    });

    test('attempts have their own bounds, named in the error', async () => {
      await withPage(lang, {}, async (page) => {
        await page.selectOption('#calc-count', 'attempts');
        for (const bad of ['1', '1002']) {
          await type(page, 'retries', bad);
          assert.equal(await page.textContent('#calc-retries-error'), t.error_attempts, bad);
          assert.ok(await page.isVisible('#calc-stale'));
        }
        assert.ok(t.error_attempts.includes(new Intl.NumberFormat(lang).format(1001)), t.error_attempts);
        await type(page, 'retries', '1001');
        assert.equal(await page.textContent('#calc-retries-error'), '');
        assert.equal(await rows(page), 1000);
      });
    });

    test('a link keeps the count', async () => {
      await withPage(lang, { query: '?count=attempts&retries=5' }, async (page) => {
        assert.equal(await page.inputValue('#calc-count'), 'attempts');
        assert.equal(await label(page), t.attempts_label);
        assert.equal(await rows(page), 4);
      });
    });

    test('presets count as their library does', async () => {
      await withPage(lang, {}, async (page) => {
        for (const [id, preset] of Object.entries(data.presets.presets)) {
          await choosePreset(page, id);
          assert.equal(await page.inputValue('#calc-count'), preset.count, id);
          const shown = preset.policy.retries + (preset.count === 'attempts' ? 1 : 0);
          assert.equal(await page.inputValue('#calc-retries'), String(shown), id);
          assert.equal(await page.textContent('#calc-preset-status'), '', id);
        }
        // resilience4j's maxAttempts counts the original call.
        assert.equal(data.presets.presets.resilience4j.count, 'attempts');
        assert.equal(data.presets.presets.polly.count, 'retries');
        // Switching the count keeps the policy, but no longer the library's way of counting.
        await choosePreset(page, 'resilience4j');
        await page.selectOption('#calc-count', 'retries');
        assert.equal(await page.textContent('#calc-preset-status'), data.presets.modified);
      });
    });

    test('keyboard only: the switch follows the retries field', async () => {
      await withPage(lang, {}, async (page) => {
        await page.focus('#calc-retries');
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement.id), 'calc-count');
        await page.keyboard.press('ArrowDown');
        assert.equal(await page.inputValue('#calc-count'), 'attempts');
        assert.equal(await label(page), t.attempts_label);
      });
    });
  });
}
