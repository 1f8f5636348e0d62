// The stylesheet ships minified (src/site/render/stylesheet.rs): the browser
// must read the same rules from it as from static/style.css. Chromium parses
// both and serializes every rule (CSSOM's cssText, nested rules of @media
// included); the two lists must be equal, rule for rule. A value with var()
// keeps its source text in CSSOM, so whitespace is compared as one space,
// and none beside commas, brackets and slashes, where it means nothing; a
// space that matters (around `-` and `+` in calc()) still has to match.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DIST, ROOT, launch } from './support.js';

/** Every rule of `css` as Chromium serializes it. */
async function rules(page, css) {
  return page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    const all = (list) => [...list].flatMap((rule) => [rule.cssText, ...(rule.cssRules ? all(rule.cssRules) : [])]);
    return all(sheet.cssRules).map((rule) => rule.replace(/\s+/g, ' ').replace(/ ?([,()/]) ?/g, '$1'));
  }, css);
}

test('the shipped stylesheet holds every rule of the source', async () => {
  const shipped = readdirSync(path.join(DIST, 'assets')).filter((f) => /^style\.[0-9a-f]{10}\.css$/.test(f));
  assert.equal(shipped.length, 1, `stylesheets shipped: ${shipped}`);
  const source = readFileSync(path.join(ROOT, 'static', 'style.css'), 'utf8');
  const minified = readFileSync(path.join(DIST, 'assets', shipped[0]), 'utf8');
  assert.ok(minified.length < source.length * 0.8, `${minified.length} of ${source.length} bytes`);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const want = await rules(page, source);
    assert.ok(want.length > 100, `only ${want.length} rules read from the source`);
    assert.deepEqual(await rules(page, minified), want);
  } finally {
    await browser.close();
  }
});
