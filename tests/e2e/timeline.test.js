// Browser tests of the calculator's percentiles and attempt timeline on every
// explainer page with the calculator (en, ru, de × calculator, schedule): the
// no-JS view (percentiles beside the totals, the schedule page's timeline),
// the timeout and deadline fields, their errors and the stale marking, and
// their URL state.
//
// Expected words come from the page's island; expected figures of the
// timeline come from the `schedule` command. Where the WebAssembly module
// has no `distribution` export, the live figures are not asserted: the page
// must then hide figures of inputs other than the built ones.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { CLI, DIST, LANGS, PAGES, island, siteAndBrowser, type, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const site = siteAndBrowser();

const withPage = (lang, page, options, fn) => withOpenPage(site, lang, page, options, fn);

/** A figure in the page's language, by the runtime's ICU. */
const figure = (lang, x) => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(x);

/** `schedule --percentiles` for the page's built inputs. */
function cli(data) {
  const d = data.defaults;
  const args = ['schedule', '--base', String(d.base), '--multiplier', String(d.multiplier), '--retries',
    String(d.retries), '--jitter', d.jitter, '--unit', d.unit, '--percentiles'];
  if (d.max_delay !== null) args.push('--max', String(d.max_delay));
  for (const k of ['timeout', 'deadline']) if (data.limits[k] !== null) args.push(`--${k}`, String(data.limits[k]));
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

/** Whether the page's module computes the distribution itself. */
function hasDistribution() {
  const assets = path.join(DIST, 'assets');
  const html = readFileSync(path.join(DIST, 'en', 'calculator', 'index.html'), 'utf8');
  // The grid module, fetched on the first edit with the page's kind, has the export.
  const wasm = /"wasm_methods":\{[^}]*"full":"[^"]*\/([^"/]+\.wasm)"/.exec(html)?.[1];
  const bytes = wasm ? readFileSync(path.join(assets, wasm)) : Buffer.alloc(0);
  return bytes.includes(Buffer.from('distribution'));
}

for (const lang of LANGS) {
  for (const page of PAGES) {
    describe(`${lang}/${page}: percentiles and timeline`, () => {
      const data = island(lang, page);
      const doc = cli(data);
      const withUnit = (x) => (data.defaults.unit === 'units' ? figure(lang, x) : `${figure(lang, x)}${NBSP}${data.units[data.defaults.unit]}`);
      const dec = data.number.decimal;

      test('without JavaScript: percentiles beside the totals, the fields, the timeline of the built inputs', async () => {
        await withPage(lang, page, { js: false }, async (tab) => {
          // A certain total (no jitter) has no percentiles to show.
          const certain = doc.distribution.total.min === doc.distribution.total.max;
          assert.equal(await tab.locator('#calc-percentiles').isHidden(), certain);
          if (!certain) {
            const percentiles = await tab.$$eval('#calc-percentiles div', (ds) =>
              ds.map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').firstChild.textContent.trim()]));
            assert.deepEqual(percentiles, data.percentiles.map((p) => [data.text[`total_${p}`], withUnit(doc.distribution.total[p])]));
          }
          for (const name of ['timeout', 'deadline']) {
            const input = tab.locator(`#calc-${name}`);
            assert.equal(await input.getAttribute('inputmode'), 'decimal');
            const given = data.limits[name];
            assert.equal(await input.inputValue(), given === null ? '' : figure(lang, given).replaceAll(data.number.group, ''));
            // The label names the unit, as the other duration fields' do.
            const unitTag = await tab.locator(`label[for="calc-${name}"] .calc-unit-tag`).count();
            assert.equal(unitTag, 1);
            assert.ok((await tab.locator(`#calc-${name}-hint`).textContent()).length > 10);
          }
          const options = await tab.$$eval('#calc-jitter option', (os) => os.map((o) => o.value));
          assert.deepEqual(options, data.contract.distribution.jitters);
          const timeline = tab.locator('#calc-timeline');
          if (data.limits.timeout === null && data.limits.deadline === null) {
            assert.equal(await timeline.isHidden(), true);
            return;
          }
          const rows = await tab.$$eval('#calc-timeline-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
          assert.deepEqual(rows, doc.timeline.attempts.map((a) =>
            [figure(lang, a.attempt), withUnit(a.min), withUnit(a.p50), withUnit(a.max)]));
          const { timeout, deadline } = data.limits;
          const p99 = doc.distribution.total.p99;
          const q = doc.timeline.deadline_fit.last_retry_probability;
          const late = Math.round((1 - q) * 100);
          // On every run or on none, the verdict says so ("always").
          const id = `calc_verdict_deadline${q === 0 ? '_always' : q === 1 ? '_never' : ''}${certain ? '_certain' : ''}`;
          const want = data.text[id].replace('{p99}', withUnit(p99))
            .replace('{timeout}', withUnit(timeout)).replace('{last}', withUnit(data.defaults.retries * timeout + p99))
            .replace('{deadline}', withUnit(deadline)).replace('{late}', figure(lang, late));
          assert.equal(await tab.locator('#calc-verdict').textContent(), want);
          // The chart draws the deadline, named, and one row per attempt.
          const chart = tab.locator('#calc-timeline-chart svg');
          assert.equal(await chart.locator('.timeline-deadline').count(), 1);
          assert.equal(await chart.locator('.timeline-p50').count(), doc.timeline.attempts.length);
          assert.ok((await chart.textContent()).includes(`${data.text.timeline_deadline}: ${withUnit(deadline)}`));
        });
      });

      test('at 320 px the percentiles and the timeline scroll in their own regions, not the page', async () => {
        for (const js of [true, false]) {
          await withPage(lang, page, { js, width: 320 }, async (tab) => {
            const { scroll, client } = await tab.evaluate(() => ({
              scroll: document.documentElement.scrollWidth,
              client: document.documentElement.clientWidth,
            }));
            assert.ok(scroll <= client, `${scroll} px wide at ${client}${js ? '' : ' without script'}`);
          });
        }
      });

      test('the timeout and deadline take the page notation, refuse bad values and mark the result stale', async () => {
        await withPage(lang, page, {}, async (tab) => {
          for (const name of ['timeout', 'deadline']) assert.equal(await tab.locator(`#calc-${name}`).isVisible(), true);
          await type(tab, 'timeout', '-1');
          assert.equal(await tab.locator('#calc-timeout-error').textContent(), data.text.error_timeout);
          assert.equal(await tab.locator('#calc-timeout').getAttribute('aria-invalid'), 'true');
          assert.equal(await tab.locator('#calc-stale').isVisible(), true);
          // A deadline shorter than the timeout is the deadline's error.
          await type(tab, 'timeout', `2${dec}5`);
          assert.equal(await tab.locator('#calc-timeout-error').textContent(), '');
          await type(tab, 'deadline', '2');
          assert.equal(await tab.locator('#calc-deadline-error').textContent(), data.text.error_deadline);
          assert.equal(await tab.locator('#calc-stale').isVisible(), true);
          await type(tab, 'deadline', '0');
          assert.equal(await tab.locator('#calc-deadline-error').textContent(), data.text.error_deadline);
          // Text that is no number is refused as for every field.
          await type(tab, 'deadline', 'abc');
          assert.equal(await tab.locator('#calc-deadline-error').textContent(), data.text.error_not_a_number);
          // Empty is "not given", never an error.
          await type(tab, 'timeout', '');
          await type(tab, 'deadline', '');
          assert.equal(await tab.locator('#calc-timeout-error').textContent(), '');
          assert.equal(await tab.locator('#calc-deadline-error').textContent(), '');
          assert.equal(await tab.locator('#calc-stale').isVisible(), false);
          assert.equal(await tab.locator('#calc-timeline').isHidden(), true);
        });
      });

      test('the timeout and deadline are kept in the URL and read back from it', async () => {
        await withPage(lang, page, {}, async (tab) => {
          await type(tab, 'timeout', `1${dec}5`);
          await type(tab, 'deadline', '40');
          await tab.waitForFunction(() => new URLSearchParams(location.search).get('deadline') === '40');
          const query = new URLSearchParams(new URL(tab.url()).search);
          assert.equal(query.get('timeout'), '1.5');
          await type(tab, 'timeout', '');
          await tab.waitForFunction(() => !new URLSearchParams(location.search).has('timeout'));
        });
        await withPage(lang, page, { query: '?timeout=2.5&deadline=-3' }, async (tab) => {
          assert.equal(await tab.locator('#calc-timeout').inputValue(), `2${dec}5`);
          assert.equal(await tab.locator('#calc-deadline').inputValue(), '-3');
          assert.equal(await tab.locator('#calc-deadline-error').textContent(), data.text.error_deadline);
        });
      });

      test('percentiles follow the inputs, or hide where the module cannot compute them', async () => {
        await withPage(lang, page, {}, async (tab) => {
          // At load, on the base module, the built figures stay in view:
          // the percentiles unless the built total is certain (no jitter).
          const certain = data.defaults.jitter === 'none';
          assert.equal(await tab.locator('#calc-percentiles').isVisible(), !certain);
          const limited = data.limits.timeout !== null || data.limits.deadline !== null;
          assert.equal(await tab.locator('#calc-timeline').isVisible(), limited);
          const built = await tab.locator('#calc-percentiles').textContent();
          // A jitter kind of the grid module, whose total is random.
          const other = certain ? 'full' : 'none';
          await tab.selectOption('#calc-jitter', other);
          if (hasDistribution() && other !== 'none') {
            // Once the grid module has arrived.
            await tab.waitForFunction((b) => {
              const e = document.getElementById('calc-percentiles');
              return e.checkVisibility() && e.textContent !== b;
            }, built);
          } else if (hasDistribution()) {
            // Without jitter the total is certain: no percentiles.
            await tab.locator('#calc-percentiles').waitFor({ state: 'hidden' });
          } else {
            assert.equal(await tab.locator('#calc-percentiles').isHidden(), true);
          }
          // Back to the built inputs: the built figures, as the build showed them.
          await tab.selectOption('#calc-jitter', data.defaults.jitter);
          assert.equal(await tab.locator('#calc-percentiles').isVisible(), !certain);
          assert.equal(await tab.locator('#calc-percentiles').textContent(), built);
        });
      });
    });
  }
}
