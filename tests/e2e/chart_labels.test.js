// The contention page's charts at 1280 px in every language: every text of
// every chart, as the browser lays it out in its font, lies inside the
// drawing's viewBox, and is no wider than the build's estimate of it
// (`text_width` in src/site/sections/contention/charts.rs: 0.75 em per character at 14 units),
// which the build sizes the label margin with.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGS, siteAndBrowser } from './support.js';

const EM_PER_CHAR = 0.75;
const TEXT_SIZE = 14;

const site = siteAndBrowser();

test('chart texts stay inside their drawing and within the estimate', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  for (const lang of LANGS) {
    await page.goto(`${site.server.origin}/${lang}/contention/`);
    await page.waitForLoadState('load');
    await page.evaluate(() => document.fonts.ready);
    const texts = await page.evaluate(() =>
      [...document.querySelectorAll('.sim-chart svg[viewBox] text')].map((t) => {
        const box = t.getBBox();
        const view = t.ownerSVGElement.viewBox.baseVal;
        return {
          content: t.textContent,
          left: box.x,
          right: box.x + box.width,
          width: box.width,
          viewWidth: view.width,
        };
      }),
    );
    assert.ok(texts.length > 20, `${lang}: only ${texts.length} chart texts`);
    for (const t of texts) {
      const estimate = [...t.content].length * EM_PER_CHAR * TEXT_SIZE;
      if (t.left < 0 || t.right > t.viewWidth) {
        problems.push(`${lang}: "${t.content}" spans ${t.left.toFixed(1)}..${t.right.toFixed(1)} of ${t.viewWidth}`);
      }
      if (t.width > estimate) {
        problems.push(`${lang}: "${t.content}" is ${t.width.toFixed(1)} wide, estimated ${estimate.toFixed(1)}`);
      }
    }
  }
  await context.close();
  assert.deepEqual(problems, []);
});
