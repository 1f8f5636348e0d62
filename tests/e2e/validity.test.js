// Every generated page as validators see it: the W3C Nu HTML Checker
// (vnu-jar) over every HTML file served on 127.0.0.1, with zero errors and
// zero warnings, and axe-core in Chromium on every page in both colour
// schemes, with zero violations.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { htmlPaths, siteAndBrowser } from './support.js';

const require = createRequire(import.meta.url);
const VNU = String(require('vnu-jar'));
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * vnu checks a page's meta Content-Security-Policy as if every `<script>`
 * were executable, but CSP does not apply to data blocks (HTML's "prepare
 * the script element" returns for a non-JavaScript type before any CSP
 * check): the JSON-LD and the calculator's JSON island are data blocks.
 * The real policy is enforced and asserted violation-free by Chromium in
 * calculator.test.js; only this one message is set aside here.
 */
const DATA_BLOCK_FALSE_POSITIVE = 'Inline script violates Content Security Policy';

const site = siteAndBrowser();

test('every page passes the Nu HTML Checker with no error and no warning', async () => {
  const urls = htmlPaths().map((p) => `${site.server.origin}/${p}`);
  assert.ok(urls.length >= 14, `only ${urls.length} pages`);
  // Run asynchronously: the pages come from this very process's server.
  // The checker refuses local hosts unless told otherwise; these are ours.
  const args = ['-Dnu.validator.servlet.allow-forbidden-hosts=true', '-jar', VNU, '--format', 'json', '--Werror', ...urls];
  let output;
  try {
    const { stdout, stderr } = await promisify(execFile)('java', args, { maxBuffer: 16 << 20 });
    output = stderr || stdout;
  } catch (failure) {
    output = failure.stderr || failure.stdout;
  }
  // With --format json the report is on stderr; an empty run prints nothing.
  const report = output.trim() ? JSON.parse(output) : { messages: [] };
  const messages = report.messages.filter((m) => !m.message.startsWith(DATA_BLOCK_FALSE_POSITIVE));
  const lines = messages.map((m) => `${m.url}:${m.lastLine}: ${m.type}${m.subType ? `/${m.subType}` : ''}: ${m.message}`);
  const setAside = report.messages.length - messages.length;
  console.log(`vnu: ${urls.length} pages, ${messages.length} messages (${setAside} data-block CSP notes set aside)`);
  assert.deepEqual(lines, []);
});

for (const colorScheme of ['light', 'dark']) {
  test(`axe-core finds no violation on any page (${colorScheme})`, async () => {
    const context = await site.browser.newContext({ colorScheme, viewport: { width: 1000, height: 800 } });
    try {
      const failures = [];
      for (const urlPath of htmlPaths()) {
        const page = await context.newPage();
        await page.goto(`${site.server.origin}/${urlPath}`);
        if (await page.$('#calc-form')) await page.waitForSelector('#calc-form:not([hidden])');
        // Evaluated over the DevTools protocol, which the page's CSP does not govern.
        await page.evaluate(AXE);
        const violations = await page.evaluate(async () => {
          const result = await window.axe.run(document, { resultTypes: ['violations'] });
          return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        });
        failures.push(...violations.map((v) => `/${urlPath}: ${v}`));
        await page.close();
      }
      assert.deepEqual(failures, []);
    } finally {
      await context.close();
    }
  });
}
