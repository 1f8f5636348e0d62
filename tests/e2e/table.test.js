// Browser tests of the calculator's long table (up to 1000 rows), in every
// language: an update writes the rows in view in the input's frame and the
// others while the browser is idle; whatever the typing's pace, the table
// ends with every row of the last input and none of an older one; it
// scrolls in its own region under a header that stays, and the page never
// scrolls sideways.
//
// Expected cells come from the `schedule` command's JSON and the runtime's
// own Intl.NumberFormat, not from the page's script.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LANGS, cliJson, island, siteAndBrowser, tableCells, withOpenPage } from './support.js';

const NBSP = '\u00a0';
const site = siteAndBrowser();

const withPage = (lang, options, fn) => withOpenPage(site, lang, 'calculator', options, fn);

/** The rows the table should show for a policy, from the CLI's document. */
function expectedCells(lang, data, policy) {
  const f = (x) => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(x);
  const u = (s) => (policy.unit === 'units' ? s : `${s}${NBSP}${data.units[policy.unit]}`);
  const yesNo = (capped) => (capped ? data.text.yes : data.text.no);
  return JSON.parse(cliJson(policy)).retries.map((r) =>
    policy.jitter === 'none'
      ? [f(r.retry), u(f(r.delay)), yesNo(r.capped), u(f(r.cumulative_max))]
      : [f(r.retry), u(`${f(r.min)}–${f(r.max)}`), u(f(r.mean)), yesNo(r.capped),
        u(`${f(r.cumulative_min)}–${f(r.cumulative_max)}`)],
  );
}

const query = (p) =>
  `?base=${p.base}&multiplier=${p.multiplier}&max=${p.max}&retries=${p.retries}&jitter=${p.jitter}&unit=${p.unit}`;

for (const lang of LANGS) {
  describe(lang, () => {
    const data = island(lang, 'calculator');
    const unit = data.defaults.unit;

    test('after fast typing the table holds every row of the last input and none of an older one', async () => {
      const start = { base: 100, multiplier: 2, max: 30000, retries: 1000, jitter: 'full', unit };
      await withPage(lang, { query: query(start) }, async (page) => {
        assert.equal((await tableCells(page)).length, 1000);
        // Keystrokes with and without a pause between them, so that some
        // arrive while an older input's rows are still being written: the
        // count shrinks and grows, and the columns change with the jitter.
        const finished = await page.evaluate(async () => {
          const steps = [
            ['base', '2', 5], ['base', '25', 0], ['base', '250', 12], ['retries', '10', 3],
            ['retries', '100', 6], ['retries', '1000', 10], ['jitter', 'none', 4], ['retries', '700', 0],
          ];
          const pause = (ms) => new Promise((done) => setTimeout(done, ms));
          const busy = [];
          for (const [name, value, ms] of steps) {
            const field = document.getElementById(`calc-${name}`);
            field.value = value;
            field.dispatchEvent(new Event(name === 'jitter' ? 'change' : 'input', { bubbles: true }));
            busy.push(document.getElementById('calc-table').getAttribute('aria-busy'));
            await pause(ms);
          }
          return busy;
        });
        // Each long table was still being written when the next key came.
        assert.equal(finished.at(-1), 'true');
        const last = { ...start, base: 250, retries: 700, jitter: 'none' };
        assert.deepEqual(await tableCells(page), expectedCells(lang, data, last));
        // Done: the markup is the build's, with no trace of the work.
        assert.equal(await page.getAttribute('#calc-table', 'aria-busy'), null);
        const nodes = await page.$eval('#calc-table tbody', (b) => [...b.childNodes].map((n) => n.nodeName));
        assert.deepEqual(nodes, ['#text', ...Array(700).fill(['TR', '#text']).flat()]);
      });
    });

    test("an update writes the rows in view in the input's frame, the others after it", async () => {
      const start = { base: 100, multiplier: 2, max: 30000, retries: 1000, jitter: 'full', unit };
      await withPage(lang, { query: query(start) }, async (page) => {
        await tableCells(page);
        // Row 500 at the top of the table's region.
        await page.$eval('#calc-table', (t) => {
          t.parentElement.scrollTop = t.tBodies[0].rows[500].offsetTop;
        });
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
        const seen = await page.evaluate(() => {
          const rows = document.getElementById('calc-table').tBodies[0].rows;
          const text = (i) => [...rows[i].cells].map((c) => c.textContent);
          const before = [0, 505, 999].map(text);
          const field = document.getElementById('calc-base');
          field.value = '200';
          field.dispatchEvent(new Event('input', { bubbles: true }));
          const busy = document.getElementById('calc-table').getAttribute('aria-busy');
          return { before, after: [0, 505, 999].map(text), busy };
        });
        const want = expectedCells(lang, data, { ...start, base: 200 });
        // In the frame: the row in view is new, rows far above and below are not yet.
        assert.equal(seen.busy, 'true');
        assert.deepEqual(seen.after[1], want[505]);
        assert.notDeepEqual(seen.before[1], want[505]);
        assert.deepEqual(seen.after[0], seen.before[0]);
        assert.deepEqual(seen.after[2], seen.before[2]);
        // Then every row.
        assert.deepEqual(await tableCells(page), want);
      });
    });

    test('on a phone the long table scrolls in its region under a header that stays', async () => {
      const wide = { base: 1e12, multiplier: 1.01, max: 1e14, retries: 1000, jitter: 'equal', unit };
      await withPage(lang, { query: query(wide), width: 320 }, async (page) => {
        assert.equal((await tableCells(page)).length, 1000);
        // As a reader scrolls to it: far from view the region's layout is
        // skipped (content-visibility) and it measures as its placeholder,
        // 70vh tall, whatever it holds.
        await page.$eval('#calc-table', (t) => t.parentElement.scrollIntoView());
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const m = await page.$eval('#calc-table', (t) => {
          const region = t.parentElement;
          region.scrollTop = 5000;
          const html = document.documentElement;
          return {
            page: [html.scrollWidth, html.clientWidth],
            region: [region.clientHeight, innerHeight * 0.7, region.scrollHeight],
            head: t.tHead.rows[0].cells[0].getBoundingClientRect().top - region.getBoundingClientRect().top,
          };
        });
        assert.ok(m.page[0] <= m.page[1], `the page scrolls sideways: ${m.page}`);
        assert.ok(m.region[0] <= m.region[1] + 1 && m.region[2] > m.region[0], `region ${m.region}`);
        assert.ok(Math.abs(m.head) <= 1, `the header is ${m.head} px off the region's top`);
      });
    });
  });
}

// The time is printed, not asserted (a shared machine makes any timed
// assertion flaky): from an input event to the end of the frame that shows
// it, style, layout and paint of the table included (a task queued from
// requestAnimationFrame runs after that frame's layout and paint), with the
// machine's load beside it, since both are read together.
test('prints the time from an input to its drawn frame, 1000 retries with jitter', async () => {
  const unit = island('en', 'calculator').defaults.unit;
  const start = { base: 100, multiplier: 1.02, max: 30000, retries: 1000, jitter: 'full', unit };
  await withPage('en', { query: query(start) }, async (page) => {
    assert.equal((await tableCells(page)).length, 1000);
    const drawn = await page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      const field = document.getElementById('calc-multiplier');
      const table = document.getElementById('calc-table');
      const [spans, layouts] = [[], []];
      for (let i = 0; i < 15; i++) {
        await frame();
        const begin = performance.now();
        field.value = i % 2 ? '1.02' : '1.01';
        field.dispatchEvent(new Event('input', { bubbles: true }));
        // Reading a size forces the style and layout the frame would do.
        const script = performance.now();
        table.offsetHeight;
        layouts.push(performance.now() - script);
        await frame();
        spans.push(performance.now() - begin);
      }
      const sorted = (xs) => xs.sort((a, b) => a - b);
      return { spans: sorted(spans), layouts: sorted(layouts) };
    });
    const load = (await import('node:os')).loadavg()[0].toFixed(2);
    const list = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
    console.log(`input to drawn frame, 1000 retries with jitter: median ${drawn.spans[7].toFixed(1)} ms ` +
      `(${list(drawn.spans)}); its style and layout median ${drawn.layouts[7].toFixed(1)} ms ` +
      `(${list(drawn.layouts)}); load average ${load}`);
  });
});
