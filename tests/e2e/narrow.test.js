// Every page of the site, not only the calculator's, at phone widths: the
// page itself never scrolls sideways (headings, formulas, the language
// switcher and the 404 and home pages included), with and without script,
// and no table's caption is wider than the region its table scrolls in;
// and the regions that scroll instead show that they do.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { htmlPaths, siteAndBrowser } from './support.js';

const site = siteAndBrowser();

test('no page scrolls sideways at 320 and 375 px, with or without script', async () => {
  const paths = htmlPaths();
  assert.ok(paths.length >= 14, `only ${paths.length} pages`);
  const wide = [];
  for (const js of [true, false]) {
    for (const width of [320, 375]) {
      const context = await site.browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 800 } });
      const page = await context.newPage();
      for (const p of paths) {
        await page.goto(`${site.server.origin}/${p}`);
        await page.waitForLoadState('load');
        const { scroll, client, captions } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
          // A caption wider than the region its table scrolls in runs off its edge.
          captions: [...document.querySelectorAll('.table-scroll caption')]
            .filter((c) => c.getBoundingClientRect().width > c.closest('.table-scroll').clientWidth + 1)
            .map((c) => c.textContent),
        }));
        if (scroll > client) wide.push(`/${p} at ${width} px${js ? '' : ' without script'}: ${scroll} px wide`);
        for (const c of captions) wide.push(`/${p} at ${width} px${js ? '' : ' without script'}: caption "${c}" wider than its region`);
      }
      await context.close();
    }
  }
  assert.deepEqual(wide, []);
});

// Each region that scrolls sideways at 320 px (wide tables, charts) shows a
// shade at an edge with more beyond it, and none at an edge where its
// content ends. Seen as pixels: an edge's strip, captured as is and with the
// region's background removed, differs only where a shade is drawn.
test('at 320 px, a region that scrolls sideways is shaded at each edge with more beyond it', async () => {
  const context = await site.browser.newContext({ viewport: { width: 320, height: 800 } });
  const page = await context.newPage();
  const wrong = [];
  let regions = 0;
  // Two frames: what a scroll or a style change brings is painted.
  const settle = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  for (const p of htmlPaths()) {
    await page.goto(`${site.server.origin}/${p}`);
    await page.waitForLoadState('load');
    if (await page.locator('#calc-form').count()) await page.waitForSelector('#calc-form:not([hidden])');
    const count = await page.locator('.table-scroll, .chart-scroll').count();
    for (let i = 0; i < count; i++) {
      const region = page.locator('.table-scroll, .chart-scroll').nth(i);
      if (!(await region.isVisible())) continue;
      if (!(await region.evaluate((r) => r.scrollWidth > r.clientWidth + 1))) continue;
      regions++;
      await region.scrollIntoViewIfNeeded();
      // The calculator's table region skips painting while out of view.
      await settle();
      const shaded = async (end) => {
        await region.evaluate((r, e) => { r.scrollLeft = e ? r.scrollWidth : 0; }, end);
        await settle();
        const box = await region.boundingBox();
        const strips = { left: { x: box.x, y: box.y, width: 4, height: Math.min(box.height, 600) } };
        strips.right = { ...strips.left, x: box.x + box.width - 4 };
        const shot = async (clip) => page.screenshot({ clip, animations: 'disabled' });
        const withShade = { left: await shot(strips.left), right: await shot(strips.right) };
        await region.evaluate((r) => { r.style.background = 'none'; });
        const plain = { left: await shot(strips.left), right: await shot(strips.right) };
        await region.evaluate((r) => { r.style.background = ''; });
        return { left: !withShade.left.equals(plain.left), right: !withShade.right.equals(plain.right) };
      };
      const where = `/${p}, region ${i + 1}`;
      const atStart = await shaded(false);
      if (atStart.left || !atStart.right) wrong.push(`${where} at its start: ${JSON.stringify(atStart)}`);
      const atEnd = await shaded(true);
      if (!atEnd.left || atEnd.right) wrong.push(`${where} at its end: ${JSON.stringify(atEnd)}`);
    }
  }
  await context.close();
  console.log(`${regions} regions`);
  assert.ok(regions >= 6, `only ${regions} regions scroll sideways at 320 px`);
  assert.deepEqual(wrong, []);
});
