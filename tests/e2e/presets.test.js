// Browser tests of the calculator's library presets (en, ru, de ×
// calculator, schedule): choosing a preset fills the form and gives the
// schedule `backoff-site schedule --preset NAME` prints; editing a field says
// "modified" in words; the URL records the preset and a shared link shows
// it again. And the "as code" part: there without JavaScript, each Copy
// button copies its snippet as built (tests/suite/snippets.rs holds the built
// snippets to src/snippets; tests/e2e/as_code.test.js, the snippets as the
// form changes).
//
// Expected schedules come from the command line, expected words from the
// page's data, expected field texts from the preset's figures in the
// page's decimal mark.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { choosePreset, CLI, DIST, island, LANGS, openCode, PAGES, siteAndBrowser, tableCells, type, withOpenPage } from './support.js';

const state = siteAndBrowser();

const withPage = (lang, page, options, fn) => withOpenPage(state, lang, page, options, fn);

/** The document `schedule --preset NAME` prints. */
const cliPreset = (name) => JSON.parse(execFileSync(CLI, ['schedule', '--preset', name], { encoding: 'utf8' }));

/** The calculator's Copy JSON document. */
async function copied(page, data) {
  await page.click('#calc-copy');
  await page.waitForSelector(`#calc-copied:text-is("${data.text.copied}")`);
  return JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
}

/** A figure as the form shows a preset's value: as JavaScript writes it, with the page's decimal mark. */
const typed = (data, x) => String(x).replace('.', data.number.decimal);

// One preset counting attempts with jitter and a difference, one without a
// cap (which the schedule page, refusing a maximum of 0, holds as its
// longest delay), one with proportional jitter.
const CHOICES = ['aws-standard', 'tenacity', 'grpc-retry-policy'];

for (const lang of LANGS) {
  for (const pageName of PAGES) {
    describe(`${lang}/${pageName} presets`, () => {
      const data = island(lang, pageName);
      const { presets } = data;

      test('choosing a preset fills the fields and gives `schedule --preset`', async () => {
        await withPage(lang, pageName, {}, async (page) => {
          for (const name of CHOICES) {
            await choosePreset(page, name);
            const p = presets.presets[name].policy;
            assert.equal(await page.inputValue('#calc-base'), typed(data, p.base), name);
            assert.equal(await page.inputValue('#calc-multiplier'), typed(data, p.multiplier), name);
            assert.equal(await page.inputValue('#calc-max'), typed(data, p.max_delay ?? 0), name);
            // The count as the library counts: attempts are one more than retries.
            const { count } = presets.presets[name];
            assert.equal(await page.inputValue('#calc-count'), count, name);
            assert.equal(await page.inputValue('#calc-retries'), String(p.retries + (count === 'attempts' ? 1 : 0)), name);
            assert.equal(await page.inputValue('#calc-jitter'), p.jitter, name);
            if (p.jitter === 'proportional') assert.equal(await page.inputValue('#calc-factor'), typed(data, p.jitter_factor));
            if ((await page.$('#calc-unit')) !== null) assert.equal(await page.inputValue('#calc-unit'), 'ms');
            const cli = cliPreset(name);
            assert.equal((await tableCells(page)).length, cli.policy.retries, name);
            const doc = await copied(page, data);
            assert.deepEqual(doc.retries, cli.retries, `${name}: the schedule of schedule --preset`);
            assert.deepEqual(doc.total, cli.total, name);
            assert.equal(await page.textContent('#calc-preset-note'), presets.presets[name].note);
            assert.equal(await page.textContent('#calc-preset-status'), '');
          }
          // Attempts are shown as the calculator's retries.
          const note = await page.textContent('#calc-preset-note');
          assert.match(note, /4.*3/, note);
        });
      });

      test('editing a field after choosing says "modified", in words and politely', async () => {
        await withPage(lang, pageName, {}, async (page) => {
          assert.equal(await page.getAttribute('#calc-preset-status', 'aria-live'), 'polite');
          await choosePreset(page, 'aws-standard');
          // botocore counts attempts: 6 attempts are 5 retries.
          await type(page, 'retries', '6');
          assert.equal(await page.textContent('#calc-preset-status'), presets.modified);
          assert.ok(await page.isVisible('#calc-preset-status'));
          // The snippets follow the form (tests/e2e/as_code.test.js holds
          // them to the command line's): no note says they are out of date.
          await openCode(page);
          assert.equal(await page.isVisible('#calc-code-stale'), false);
          assert.match(await page.textContent('#calc-code-tenacity-code'), /stop_after_attempt\(6\)/);
          // Back to the preset's value (3 attempts): not modified any more.
          await type(page, 'retries', '3');
          assert.equal(await page.textContent('#calc-preset-status'), '');
          // The reader's own policy has no status and no note.
          await choosePreset(page, '');
          assert.equal(await page.textContent('#calc-preset-status'), '');
          assert.equal(await page.textContent('#calc-preset-note'), '');
        });
      });

      test('the presets\' data comes only when the reader goes to the selector', async () => {
        await withPage(lang, pageName, {}, async (page, context) => {
          const fetched = [];
          context.on('request', (r) => /\/calc-presets\.[^/]*\.json$/.test(r.url()) && fetched.push(r.url()));
          // Started, the page has fetched no preset, and its URL names none.
          await type(page, 'retries', '4');
          assert.deepEqual(fetched, []);
          // Going to the selector fetches them once; a choice fills the form.
          await page.focus('#calc-preset');
          await page.waitForSelector('#calc-preset[data-loaded]', { state: 'attached' });
          await choosePreset(page, 'polly');
          await choosePreset(page, 'tenacity');
          assert.equal(fetched.length, 1, fetched.join(' '));
          assert.equal(await page.textContent('#calc-preset-note'), presets.presets.tenacity.note);
        });
      });

      test('the URL records the preset and a shared link shows it', async () => {
        let query;
        await withPage(lang, pageName, {}, async (page) => {
          await choosePreset(page, 'grpc-retry-policy');
          await page.waitForFunction(() => new URLSearchParams(location.search).get('preset') === 'grpc-retry-policy');
          query = new URL(page.url()).search;
        });
        const params = new URLSearchParams(query);
        assert.equal(params.get('base'), '100');
        assert.equal(params.get('factor'), '0.2');
        await withPage(lang, pageName, { query }, async (page) => {
          assert.equal(await page.inputValue('#calc-preset'), 'grpc-retry-policy');
          assert.equal(await page.textContent('#calc-preset-status'), '');
          assert.equal(await page.inputValue('#calc-base'), '100');
          const doc = await copied(page, data);
          assert.deepEqual(doc.retries, cliPreset('grpc-retry-policy').retries);
        });
        // A link naming the preset alone fills the fields from it.
        await withPage(lang, pageName, { query: '?preset=polly' }, async (page) => {
          assert.equal(await page.inputValue('#calc-preset'), 'polly');
          assert.equal(await page.textContent('#calc-preset-status'), '');
          const doc = await copied(page, data);
          assert.deepEqual(doc.retries, cliPreset('polly').retries);
        });
        // A link whose fields differ from the preset's shows it modified.
        params.set('retries', '7');
        await withPage(lang, pageName, { query: `?${params}` }, async (page) => {
          assert.equal(await page.inputValue('#calc-preset'), 'grpc-retry-policy');
          assert.equal(await page.textContent('#calc-preset-status'), presets.modified);
        });
      });

      test('as code: readable without JavaScript, and each Copy button copies its snippet', async () => {
        const html = readFileSync(path.join(DIST, lang, pageName, 'index.html'), 'utf8');
        const built = (id) => {
          const m = new RegExp(`id="calc-code-${id}-code">(.*?)</code>`, 's').exec(html);
          return m[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
        };
        await withPage(lang, pageName, { js: false }, async (page) => {
          await page.click('#calc-code summary');
          assert.ok(await page.isVisible('#calc-code-tenacity-code'));
          // Copy needs the script: its buttons stay hidden.
          assert.equal(await page.isVisible('#calc-code-tenacity button'), false);
        });
        await withPage(lang, pageName, {}, async (page) => {
          await page.click('#calc-code summary');
          assert.equal(await page.isVisible('#calc-code-stale'), false, 'the form holds the starting policy');
          for (const id of ['tenacity', 'polly', 'grpc-service-config']) {
            await page.click(`#calc-code-${id} button`);
            await page.waitForSelector(`#calc-code-${id} [role=status]:text-is("${data.text.copied}")`);
            assert.equal(await page.evaluate(() => navigator.clipboard.readText()), built(id), id);
          }
        });
      });
    });
  }
}
