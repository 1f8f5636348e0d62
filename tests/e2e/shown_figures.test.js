// Browser tests of what the calculator's figures may claim, on the
// calculator page in every language: a rounded percentile or median never
// leaves its own range (nor reads 0 above a shortest total that is not);
// a verdict says "always" or "never" only where the earliest and latest
// starts prove it, and never "0 %" or "100 %" otherwise; the timeline chart
// says when it draws only the first attempts, and its deadline label stays
// in the drawing; a constant interval is not said to grow; the multiplier is
// disabled where the jitter kind does not use it; a figure another site
// language would read otherwise is said as read; and an edit survives a
// reload or a switch of language within the pause before the URL is written.
//
// The oracle of every range is `schedule --percentiles` (the core's figures
// in full); the page's words come from its island.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { parseNumber } from '../../static/calculator/notation.js';
import { CLI, LANGS, island, openCode, siteAndBrowser, type, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const site = siteAndBrowser();
const PAGE = 'calculator';

const withPage = (lang, options, fn) => withOpenPage(site, lang, PAGE, options, fn);

/** `schedule --percentiles` of the inputs in `query` (the calculator's URL keys). */
function cli(query) {
  const q = new URLSearchParams(query);
  const args = ['schedule', '--base', q.get('base'), '--multiplier', q.get('multiplier'), '--retries', q.get('retries'),
    '--jitter', q.get('jitter'), '--unit', 'ms', '--percentiles'];
  if (q.get('max') !== '0') args.push('--max', q.get('max'));
  for (const k of ['timeout', 'deadline']) if (q.has(k)) args.push(`--${k}`, q.get(k));
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A figure as the page shows it (`1,500.25 ms`, `1 500,25 мс`, `1 × 10²² ms`), read back as a number. */
function read(data, text) {
  let t = text.trim();
  const unit = data.units.ms;
  if (t.endsWith(unit)) t = t.slice(0, -unit.length);
  // Scientific notation: the mantissa, "×", 10 and the exponent in superscripts.
  const [mantissa, power] = t.split('×').map((p) => p.trim());
  const exponent = power === undefined ? 0
    : Number([...power.slice(2)].map((c) => (c === '⁻' ? '-' : SUPERSCRIPTS.indexOf(c))).join(''));
  const digits = mantissa.replaceAll(data.number.group, '').replaceAll(/\s/g, '').replace(data.number.decimal, '.');
  const x = Number(digits) * 10 ** exponent;
  assert.ok(Number.isFinite(x), `not a figure: ${text}`);
  return x;
}

/** Every row of the timeline once it is written: [attempt, earliest, median, latest] as numbers. */
async function timelineRows(tab, data) {
  await tab.waitForSelector('#calc-timeline-table:not([aria-busy])', { state: 'attached' });
  const rows = await tab.$$eval('#calc-timeline-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  return rows.map((cells) => cells.map((c) => read(data, c)));
}

/** Waits until the page shows the figures of its URL's inputs (the method module has come). */
async function settled(tab) {
  await tab.locator('#calc-stale').waitFor({ state: 'hidden' });
  await tab.locator('#calc-percentiles').waitFor({ state: 'visible' });
}

for (const lang of LANGS) {
  describe(`${lang}/${PAGE}: what the figures claim`, () => {
    const data = island(lang, PAGE);
    const figure = (x) => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(x);

    test('sampled percentiles stay within the total\'s range: never 0 above a shortest total that is not', async () => {
      // The cases that showed "P50: 0 ms" beside a shortest total of 103.19 ms.
      for (const query of ['?base=6.07&multiplier=1&max=0&retries=17&jitter=decorrelated&deadline=500',
        '?base=4.079&multiplier=1.1&max=0&retries=393&jitter=decorrelated']) {
        const { total } = cli(query).distribution;
        await withPage(lang, { query }, async (tab) => {
          await settled(tab);
          const texts = await tab.$$eval('#calc-percentiles dd', (dds) => dds.map((d) => d.firstChild.textContent));
          const shown = texts.map((t) => read(data, t));
          texts.forEach((t, i) => {
            // A figure in scientific notation shows its leading digits only.
            const [min, max] = t.includes('×') ? [total.min * 0.5, total.max * 2] : [total.min, total.max];
            assert.ok(shown[i] >= min && shown[i] <= max && shown[i] > 0, `${query}: ${t} outside [${total.min}, ${total.max}]`);
          });
          assert.deepEqual([...shown].sort((a, b) => a - b), shown, 'P50 ≤ P90 ≤ P99');
          // No figure finer than needed: within one step of the method's place of the exact one.
          const verdict = await tab.locator('#calc-verdict').textContent().catch(() => '');
          assert.ok(!verdict.includes(` 0${NBSP}`), verdict);
        });
      }
    });

    test('every timeline row keeps earliest ≤ median ≤ latest, and the chart says it draws the first 40', async () => {
      const query = '?base=3000&multiplier=2&max=100000&retries=1000&jitter=equal&timeout=0';
      const doc = cli(query);
      await withPage(lang, { query }, async (tab) => {
        await settled(tab);
        const rows = await timelineRows(tab, data);
        assert.equal(rows.length, 1001);
        rows.forEach(([attempt, min, p50, max], i) => {
          assert.ok(min <= p50 && p50 <= max, `attempt ${attempt}: ${min} / ${p50} / ${max}`);
          const exact = doc.timeline.attempts[i];
          assert.ok(Math.abs(min - exact.min) < 1e-3 && Math.abs(max - exact.max) < 1e-3, `attempt ${attempt}`);
        });
        const caption = data.text.timeline_chart_first.replace('{drawn}', figure(40)).replace('{attempts}', figure(1001));
        assert.equal(await tab.locator('#calc-timeline-chart figcaption').textContent(), caption);
        assert.equal(await tab.locator('#calc-timeline-chart svg').getAttribute('aria-label'), caption);
        assert.equal(await tab.locator('#calc-timeline-chart .timeline-p50').count(), 40);
      });
    });

    test('a verdict says "always" or "never" only where the earliest and latest starts prove it', async () => {
      // A deadline at 90 % of the longest total: no sampled run reaches it,
      // but the latest start does, so "always before" would overstate.
      const base = '?base=100&multiplier=2&max=0&retries=10&jitter=decorrelated';
      const { total } = cli(base).distribution;
      const query = `${base}&deadline=${Math.round(total.max * 0.9)}`;
      const doc = cli(query);
      const fit = doc.timeline.deadline_fit;
      assert.ok(fit.retries_worst < 10 && fit.retries_best === 10, 'the deadline lies between the earliest and latest start');
      await withPage(lang, { query }, async (tab) => {
        await settled(tab);
        const verdict = await tab.locator('#calc-verdict').textContent();
        for (const odds of ['always', 'never']) {
          const words = data.text[`calc_verdict_deadline_untimed_${odds}`].split('{deadline}')[0].split('}').pop();
          assert.ok(!verdict.includes(words), `${verdict} says ${odds}`);
        }
        const late = (1 - fit.last_retry_probability) * 100;
        assert.ok(!verdict.includes(` ${figure(0)}${NBSP}%`) && !verdict.includes(` ${figure(0)}%`), verdict);
        if (late < 0.05) assert.ok(verdict.includes(`<${NBSP}${figure(0.1)}`), verdict);
        // The last retry's latest start, in the table, is after the deadline.
        const rows = await timelineRows(tab, data);
        assert.ok(rows.at(-1)[3] >= Math.round(total.max * 0.9));
      });
    });

    test('the deadline label stays inside the chart, however near the start the deadline is', async () => {
      for (const deadline of [10, 60, 110]) {
        const query = `?base=6.07&multiplier=1&max=0&retries=17&jitter=full&deadline=${deadline}`;
        await withPage(lang, { query }, async (tab) => {
          await settled(tab);
          await tab.waitForSelector('#calc-timeline-chart svg');
          const { x, width } = await tab.$eval('#calc-timeline-chart svg text.chart-title', (t) => {
            const b = t.getBBox();
            return { x: b.x, width: b.width };
          });
          assert.ok(x >= 0 && x + width <= 640, `deadline ${deadline}: label from ${x} to ${x + width}`);
        });
      }
    });

    test('a constant interval is said to be constant, not to grow', async () => {
      await withPage(lang, { query: '?base=2.001&multiplier=1&max=0&retries=5&jitter=none' }, async (tab) => {
        await tab.waitForFunction(() => document.querySelectorAll('#calc-table tbody tr').length === 5);
        const summary = await tab.locator('#calc-chart .chart-summary').textContent();
        const delay = `${figure(2.001)}${NBSP}${data.units.ms}`;
        assert.ok(summary.startsWith(data.text.chart_summary_constant.replace('{first}', delay)), summary);
      });
    });

    test('the multiplier is disabled, unchecked and explained where the jitter kind does not use it', async () => {
      await withPage(lang, {}, async (tab) => {
        await type(tab, 'multiplier', 'x');
        assert.equal(await tab.locator('#calc-multiplier-error').textContent(), data.text.error_not_a_number);
        for (const kind of data.contract.fields.find((f) => f.name === 'multiplier').unused_with) {
          await tab.selectOption('#calc-jitter', kind);
          assert.ok(await tab.locator('#calc-multiplier').isDisabled(), kind);
          assert.ok(await tab.locator('#calc-multiplier-unused').isVisible(), kind);
          assert.equal(await tab.locator('#calc-multiplier-error').textContent(), '', kind);
          await settled(tab);
        }
        await tab.selectOption('#calc-jitter', 'full');
        assert.ok(await tab.locator('#calc-multiplier').isEnabled());
        assert.ok(await tab.locator('#calc-multiplier-unused').isHidden());
        assert.equal(await tab.locator('#calc-multiplier-error').textContent(), data.text.error_not_a_number);
      });
      // Without JavaScript the page's own kind uses it: enabled, no note.
      await withPage(lang, { js: false }, async (tab) => {
        assert.ok(await tab.locator('#calc-multiplier').isEnabled());
        assert.ok(await tab.locator('#calc-multiplier-unused').isHidden());
      });
    });

    test('a figure another language of the site reads otherwise is said as it was read', async () => {
      // Text valid here that another language of the site reads as another
      // figure, found from the notations themselves ("30.000": 30 in
      // English, 30,000 in German), and the figure this page reads it as.
      const ambiguous = data.other_numbers.flatMap((other) => [`30${other.group}000`, `1${other.decimal}000`]
        .map((text) => [text, parseNumber(text, data.number, data.largest_input), parseNumber(text, other, data.largest_input)]))
        .find(([, here, there]) => typeof here === 'number' && typeof there === 'number' && here !== there);
      assert.ok(ambiguous, 'the site has a notation that reads some figure otherwise');
      await withPage(lang, {}, async (tab) => {
        const note = tab.locator('#calc-base-read');
        assert.ok(await note.isHidden());
        await type(tab, 'base', ambiguous[0]);
        await note.waitFor({ state: 'visible' });
        assert.equal(await note.textContent(), data.text.read_as.replace('{value}', figure(ambiguous[1])));
        assert.ok((await tab.locator('#calc-base').getAttribute('aria-describedby')).split(' ').includes('calc-base-read'));
        // A figure every notation reads alike, or none reads: no note.
        for (const plain of ['30', 'x']) {
          await type(tab, 'base', plain);
          await note.waitFor({ state: 'hidden' });
        }
        // The timeout and deadline fields say so too.
        await type(tab, 'deadline', ambiguous[0]);
        await tab.locator('#calc-deadline-read').waitFor({ state: 'visible' });
      });
    });

    test('at 320 px each code snippet keeps its lines as written, scrolling instead of wrapping', async () => {
      await withPage(lang, { width: 320 }, async (tab) => {
        await openCode(tab);
        const snippets = await tab.$$eval('.calc-code pre', (pres) => pres.map((pre) => {
          const code = pre.querySelector('code');
          const lines = code.textContent.replace(/\n$/, '').split('\n').length;
          const height = code.getBoundingClientRect().height;
          const lineHeight = parseFloat(getComputedStyle(pre).lineHeight);
          return { id: code.id, lines, shown: Math.round(height / lineHeight), tab: pre.tabIndex };
        }));
        assert.ok(snippets.length >= 8, `${snippets.length} snippets`);
        for (const s of snippets) {
          assert.equal(s.shown, s.lines, `${s.id}: ${s.lines} lines shown as ${s.shown}`);
          assert.equal(s.tab, 0, `${s.id} is no tab stop, so the keyboard cannot scroll it`);
        }
      });
    });

    test('an edit survives a reload or a switch of language right after it', async () => {
      await withPage(lang, {}, async (tab) => {
        await type(tab, 'retries', '7');
        await tab.reload();
        await tab.waitForSelector('#calc-form:not([hidden])');
        assert.equal(await tab.locator('#calc-retries').inputValue(), '7', 'after a reload');
        await type(tab, 'retries', '9');
        const other = LANGS.find((l) => l !== lang);
        await Promise.all([tab.waitForURL(`**/${other}/${PAGE}/**`), tab.click(`.language-switcher a[hreflang="${other}"]`)]);
        await tab.waitForSelector('#calc-form:not([hidden])');
        assert.equal(await tab.locator('#calc-retries').inputValue(), '9', `on the ${other} page`);
      });
    });
  });
}
