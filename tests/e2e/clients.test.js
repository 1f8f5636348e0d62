// The calculator's "many clients" view in the browser, in every language:
// the field "clients that fail together" (default, page notation, errors,
// stale marking, URL state) and the chart of retry starts per interval
// (the build's markup for the defaults, the peak named in words, readable
// text, no sideways page scroll on phones).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LANGS, PAGES, island, siteAndBrowser, type, withOpenPage } from './support.js';

const site = siteAndBrowser();

const withPage = (lang, page, options, fn) => withOpenPage(site, lang, page, options, fn);

/** A whole number in the page's language, by the runtime's ICU. */
const figure = (lang, x) => new Intl.NumberFormat(lang).format(x);

const outer = (page, selector) => page.$eval(selector, (e) => e.outerHTML);
const summary = (page) => page.textContent('#calc-herd .chart-summary');
const clientsError = (page) => page.textContent('#calc-clients-error');

/** A number as readers of `lang` group it. */
const THOUSANDS = { en: '2,500', ru: '2\u00a0500', de: '2.500' };
const FRACTION = { en: '2.5', ru: '2,5', de: '2,5' };

for (const lang of LANGS) {
  describe(`${lang}: many clients`, () => {
    for (const pageName of PAGES) {
      test(`${pageName}: without and with JavaScript, the same chart of the defaults`, async () => {
        let built;
        await withPage(lang, pageName, { js: false }, async (page) => {
          built = await outer(page, '#calc-herd');
          assert.ok(await page.isVisible('#calc-herd svg'));
          assert.ok((await summary(page)).length > 0);
        });
        await withPage(lang, pageName, {}, async (page) => {
          assert.equal(await page.inputValue('#calc-clients'), '100');
          assert.equal(await outer(page, '#calc-herd'), built);
        });
      });
    }

    const data = island(lang, 'calculator');

    test('typing a count redraws the chart, names its peak, and jitter spreads the herd', async () => {
      await withPage(lang, 'calculator', {}, async (page) => {
        await page.selectOption('#calc-jitter', 'none');
        await type(page, 'clients', THOUSANDS[lang]);
        assert.equal(await clientsError(page), '');
        const herd = await summary(page);
        // Without jitter, every client starts each retry at the same moment.
        assert.ok(herd.includes(figure(lang, 2500)), herd);
        await page.selectOption('#calc-jitter', 'full');
        const spread = await summary(page);
        assert.notEqual(spread, herd);
        assert.ok(!spread.includes(figure(lang, 2500)), spread);
        // The summary uses the page's words, with the plural the peak needs.
        const patterns = Object.values(data.herd).map((p) => p.split('{')[0]);
        assert.ok(patterns.some((start) => spread.startsWith(start)), spread);
        await page.waitForURL((url) => url.searchParams.get('clients') === '2500');
        // Bars drawn, text at least 12 CSS px.
        assert.ok((await page.getAttribute('#calc-herd .herd-bars', 'd')).length > 0);
        const px = await page.$eval('#calc-herd .chart-tick', (e) => e.getBoundingClientRect().height);
        assert.ok(px >= 12, `${px} px`);
      });
    });

    test('bad counts show the localized error and mark the chart stale', async () => {
      await withPage(lang, 'calculator', {}, async (page) => {
        const before = await outer(page, '#calc-herd-body');
        for (const [text, key] of [
          ['0', 'error_clients'],
          ['10001', 'error_clients'],
          [FRACTION[lang], 'error_clients'],
          ['abc', 'error_not_a_number'],
          ['', 'error_not_a_number'],
        ]) {
          await type(page, 'clients', text);
          assert.equal(await clientsError(page), data.text[key], JSON.stringify(text));
          assert.equal(await page.getAttribute('#calc-clients', 'aria-invalid'), 'true');
          assert.ok(await page.isVisible('#calc-stale'));
          assert.ok(await page.$eval('#calc-herd', (e) => e.classList.contains('is-stale')));
          assert.equal(await outer(page, '#calc-herd-body'), before);
        }
        // The error names the page's bounds in its notation.
        assert.ok(data.text.error_clients.includes(figure(lang, 10000)), data.text.error_clients);
        await type(page, 'clients', '10000');
        assert.equal(await clientsError(page), '');
        assert.ok(await page.isHidden('#calc-stale'));
        assert.ok(!(await page.$eval('#calc-herd', (e) => e.classList.contains('is-stale'))));
      });
    });

    test('a shared URL sets the count; a bad one is shown as bad', async () => {
      await withPage(lang, 'calculator', { query: '?clients=2500&jitter=none' }, async (page) => {
        assert.equal(await page.inputValue('#calc-clients'), '2500');
        assert.ok((await summary(page)).includes(figure(lang, 2500)));
      });
      await withPage(lang, 'calculator', { query: '?clients=abc' }, async (page) => {
        assert.equal(await page.inputValue('#calc-clients'), 'abc');
        assert.equal(await clientsError(page), data.text.error_not_a_number);
      });
    });

    test('phones: no sideways page scroll at 320 px, the chart scrolls in its region', async () => {
      await withPage(lang, 'calculator', { width: 320 }, async (page) => {
        await type(page, 'clients', '10000');
        await type(page, 'retries', '1000');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 320, `${width} px`);
        assert.ok(await page.isVisible('#calc-herd .chart-scroll'));
        assert.match(await summary(page), /\d/);
      });
    });
  });
}
