// Every page of the site, not only the calculator's, at phone widths: the
// page itself never scrolls sideways (headings, formulas, the language
// switcher and the 404 and home pages included), with and without script.

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
        const { scroll, client } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        if (scroll > client) wide.push(`/${p} at ${width} px${js ? '' : ' without script'}: ${scroll} px wide`);
      }
      await context.close();
    }
  }
  assert.deepEqual(wide, []);
});
