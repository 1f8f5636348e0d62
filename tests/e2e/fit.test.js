// What fits the deadline, in the browser, in every language: shown once a
// deadline is given (hidden without one, and without JavaScript), worked
// out in a worker, its answers held to `backoff-site schedule
// --fit-deadline D` figure for figure and, for a policy without jitter, to
// the closed forms computed here; the count switch's words and counts; a
// newer deadline's answer replacing an older one's; no sideways scroll at
// 320 px.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { CLI, LANGS, island, siteAndBrowser, type, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const site = siteAndBrowser();
const withPage = (lang, options, fn) => withOpenPage(site, lang, 'calculator', options, fn);

/** A figure as the page writes it: the runtime's ICU, to three decimals. */
const figure = (lang, x) => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(x);
/** A delay bound as the page writes it: rounded down to three decimals (below the first, said so), with its unit. */
function delay(lang, data, x) {
  const down = Math.floor(x * 1000) / 1000;
  return `${down > 0 ? figure(lang, down) : `<${NBSP}${figure(lang, 0.001)}`}${NBSP}${data.units.ms}`;
}

const query = (p) => `?${new URLSearchParams({ unit: 'ms', ...p })}`;

/** The command line's fit for a policy given as query parameters. */
function cliFit(p) {
  const args = ['schedule', '--base', p.base, '--multiplier', p.multiplier, '--retries', p.retries,
    '--jitter', p.jitter, '--unit', 'ms', '--fit-deadline', p.deadline];
  if (p.max) args.push('--max', p.max);
  if (p.timeout) args.push('--timeout', p.timeout);
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' })).fit;
}

/** Waits for the worker's answer and returns the rows shown: [label, figure] each. */
async function answer(page) {
  await page.waitForFunction(() => {
    const status = document.getElementById('calc-fit-status').textContent;
    const figures = document.getElementById('calc-fit-figures');
    return status === '' && figures.children.length > 0 && !figures.classList.contains('is-stale');
  }, null, { timeout: 60_000 });
  return page.$$eval('#calc-fit-figures > div', (rows) =>
    rows.map((r) => [r.querySelector('dt').textContent, r.querySelector('dd').textContent]));
}

/** The rows a fit should show, in the page's words. */
function expected(lang, data, fit, { attempts = false } = {}) {
  const t = data.text;
  const count = (k) => figure(lang, attempts ? k + 1 : k);
  const bound = (b, any) => (b.fits === 'none' ? t.fit_none : b.fits === 'any' ? any : delay(lang, data, b.value));
  return [
    [attempts ? t.fit_most_attempts : t.fit_most_retries, t.fit_most_figure
      .replace('{worst}', count(fit.most_retries.worst))
      .replace('{p99}', count(fit.most_retries.p99))
      .replace('{p50}', count(fit.most_retries.p50))],
    [t.fit_base, bound(fit.largest_base_p99, t.fit_any)],
    [t.fit_max_delay, bound(fit.largest_max_delay_p99, t.fit_any_max_delay)],
  ];
}

for (const lang of LANGS) {
  describe(`${lang}: what fits the deadline`, () => {
    const data = island(lang, 'calculator');
    const dec = data.number.decimal;

    test('without a deadline nothing shows; without JavaScript neither', async () => {
      await withPage(lang, { js: false }, async (page) => {
        assert.ok(await page.isHidden('#calc-fit'));
      });
      await withPage(lang, {}, async (page) => {
        assert.ok(await page.isHidden('#calc-fit'));
        await type(page, 'deadline', '5000');
        assert.ok(await page.isVisible('#calc-fit'));
        await answer(page);
        await type(page, 'deadline', '');
        assert.ok(await page.isHidden('#calc-fit'));
      });
    });

    test('the schedule page, whose defaults give a deadline, shows what fits it without JavaScript, as the script does', async () => {
      const rows = (page) => page.$$eval('#calc-fit-figures > div', (divs) =>
        divs.map((r) => [r.querySelector('dt').textContent, r.querySelector('dd').textContent]));
      const built = island(lang, 'schedule');
      const d = built.defaults;
      const fit = cliFit({ base: String(d.base), multiplier: String(d.multiplier), max: String(d.max_delay),
        retries: String(d.retries), jitter: d.jitter, timeout: String(built.limits.timeout), deadline: String(built.limits.deadline) });
      // The schedule page counts in plain units.
      const want = expected(lang, built, fit).map(([dt, dd]) => [dt, dd.replace(`${NBSP}${built.units.ms}`, '')]);
      await withOpenPage(site, lang, 'schedule', { js: false }, async (page) => {
        assert.ok(await page.isVisible('#calc-fit'));
        assert.deepEqual(await rows(page), want);
      });
      await withOpenPage(site, lang, 'schedule', {}, async (page) => {
        // The built answers stay for the built inputs: no module fetched.
        assert.deepEqual(await answer(page), want);
        // Counted in attempts, the script works them out itself.
        await page.selectOption('#calc-count', 'attempts');
        const attempts = expected(lang, built, fit, { attempts: true });
        assert.deepEqual(await answer(page), attempts.map(([dt, dd]) => [dt, dd.replace(`${NBSP}${built.units.ms}`, '')]));
      });
    });

    test('the answers are the command line\'s, for both methods, typed in the page notation', async () => {
      for (const jitter of ['full', 'decorrelated', 'equal']) {
        const p = { base: '100', multiplier: '2', max: '5000', retries: '8', jitter, timeout: '250.5' };
        await withPage(lang, { query: query(p) }, async (page) => {
          // 12000.25 in the page's own notation.
          await type(page, 'deadline', `12000${dec}25`);
          assert.equal(await page.textContent('#calc-deadline-error'), '');
          const fit = cliFit({ ...p, deadline: '12000.25' });
          assert.deepEqual(await answer(page), expected(lang, data, fit), jitter);
        });
      }
    });

    test('without jitter the answers are the closed forms', async () => {
      // Delays 100, 200, 400, 800, …: retry k starts at 100 (2^k − 1).
      // Before 1,000: 3 retries (700), not 4 (1,500). With 4 retries the
      // last starts in time for a first delay below 1,000 / 15, and for a
      // maximum delay c ≤ 400 when 300 + 2c < 1,000: below 350.
      const p = { base: '100', multiplier: '2', retries: '4', jitter: 'none', deadline: '1000' };
      await withPage(lang, { query: query(p) }, async (page) => {
        const rows = await answer(page);
        const t = data.text;
        assert.equal(rows[0][1], t.fit_most_figure.replace('{worst}', figure(lang, 3))
          .replace('{p99}', figure(lang, 3)).replace('{p50}', figure(lang, 3)));
        const read = (text) => Number(text.split(NBSP)[0].replaceAll(data.number.group, '').replace(dec, '.'));
        const base = read(rows[1][1]), cap = read(rows[2][1]);
        assert.ok(base <= 1000 / 15 && base >= 1000 / 15 - 0.0011, `first delay ${rows[1][1]}`);
        assert.ok(cap <= 350 && cap >= 350 - 0.0011, `maximum delay ${rows[2][1]}`);
        // Timeouts of 400 leave 1,000 no room for 4 retries: no delay fits;
        // retry 1 starts at 400 + 100, retry 2 at 800 + 300.
        await type(page, 'timeout', '400');
        const none = await answer(page);
        assert.equal(none[0][1], t.fit_most_figure.replace('{worst}', figure(lang, 1))
          .replace('{p99}', figure(lang, 1)).replace('{p50}', figure(lang, 1)));
        assert.deepEqual(none.slice(1).map((r) => r[1]), [t.fit_none, t.fit_none]);
      });
    });

    test('the count switch counts attempts in the answers too, and the deadline stays in the URL', async () => {
      const p = { base: '100', multiplier: '2', max: '5000', retries: '5', jitter: 'full', deadline: '3000' };
      await withPage(lang, { query: query(p) }, async (page) => {
        const fit = cliFit(p);
        assert.deepEqual(await answer(page), expected(lang, data, fit));
        await page.selectOption('#calc-count', 'attempts');
        assert.deepEqual(await answer(page), expected(lang, data, fit, { attempts: true }));
        assert.equal(new URL(page.url()).searchParams.get('deadline'), '3000');
      });
    });

    test('a newer deadline\'s answer replaces an older one still being worked out', async () => {
      // 1,000 retries: each answer runs the grid a hundred times or so.
      const p = { base: '100', multiplier: '2', max: '30000', retries: '1000', jitter: 'full' };
      await withPage(lang, { query: query(p) }, async (page) => {
        await type(page, 'deadline', '2000000');
        await type(page, 'deadline', '500000');
        const fit = cliFit({ ...p, deadline: '500000' });
        assert.deepEqual(await answer(page), expected(lang, data, fit));
      });
    });

    test('at 320 px the answers wrap within the page', async () => {
      const p = { base: '100', multiplier: '2', max: '5000', retries: '8', jitter: 'full', timeout: '250', deadline: '12000' };
      await withPage(lang, { query: query(p), width: 320 }, async (page) => {
        await answer(page);
        const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        assert.ok(scroll <= client, `the page scrolls sideways: ${scroll} > ${client}`);
      });
    });
  });
}
