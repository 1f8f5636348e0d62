// Helpers for the browser tests: a static server for a built site, Debian's
// Chromium driven by playwright-core, and a page wrapper that records every
// console error, page error and CSP violation so that each test can assert
// there were none.
//
// The site folder is $DIST (default `dist`), built beforehand by
// `cargo run -- build`; the `schedule` command of $BACKOFF_SITE (default
// `target/debug/backoff-site`) gives the reference JSON.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DIST = path.resolve(ROOT, process.env.DIST ?? 'dist');
export const CLI = path.resolve(ROOT, process.env.BACKOFF_SITE ?? 'target/debug/backoff-site');
export const SCREENSHOTS = path.join(ROOT, 'target', 'screenshots');

if (!existsSync(path.join(DIST, 'index.html'))) {
  throw new Error(`no built site in ${DIST}: run \`cargo run -- build\` first (or set DIST)`);
}

// The site's languages, in site.toml's order, as the built root page links
// them (`<a href="en/" hreflang="en">`): site.toml stays the one list.
export const LANGS = [
  ...new Set([...readFileSync(path.join(DIST, 'index.html'), 'utf8').matchAll(/<a href="([^"/]+)\/" hreflang="\1">/g)].map((m) => m[1])),
];
if (LANGS.length === 0) throw new Error(`${DIST}/index.html links no language`);
export const PAGES = ['calculator', 'schedule'];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/** Every HTML file of the site under `dir`, as a URL path. */
export function htmlPaths(dir = DIST, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return htmlPaths(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    if (!entry.name.endsWith('.html')) return [];
    return [entry.name === 'index.html' ? prefix : `${prefix}${entry.name}`];
  });
}

/** Serves `root` on 127.0.0.1 at a free port; resolves to { origin, close }. */
export function serve(root = DIST) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let file = path.join(root, decodeURIComponent(url.pathname));
    // Nothing outside the site folder, whatever the path says.
    if (!file.startsWith(root)) file = root;
    let stat = statSync(file, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      file = path.join(file, 'index.html');
      stat = statSync(file, { throwIfNoEntry: false });
    }
    const status = stat?.isFile() ? 200 : 404;
    if (status === 404) file = path.join(root, '404.html');
    res.writeHead(status, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    createReadStream(file).on('error', () => res.end()).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}

/** Debian's Chromium; playwright-core never downloads a browser. */
export function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Opens `/<lang>/<page>/<query>` in a fresh context. With JavaScript, waits
 * until the calculator (or the element `ready` names) has taken over. Returns the page, its context and
 * `problems`: console errors, page errors and CSP violations, as strings.
 */
export async function open(browser, origin, lang, page, options = {}) {
  const { js = true, query = '', colorScheme = 'light', width = 1000, ready = '#calc-form:not([hidden])' } = options;
  const context = await browser.newContext({
    javaScriptEnabled: js,
    colorScheme,
    acceptDownloads: true,
    viewport: { width, height: 800 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const problems = [];
  // CSP violations become console errors, which the listener below records.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const tab = await context.newPage();
  tab.on('console', (m) => {
    // The site ships no favicon and its layout links none, so Chromium's own
    // request for /favicon.ico fails; that is not the page's doing.
    if (m.type() !== 'error' || m.location().url.endsWith('/favicon.ico')) return;
    problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  tab.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  const response = await tab.goto(`${origin}/${lang}/${page}/${query}`);
  if (!response.ok()) throw new Error(`${lang}/${page}: HTTP ${response.status()}`);
  if (js) await tab.waitForSelector(ready, { timeout: 10_000 });
  else await tab.waitForLoadState('load');
  return { page: tab, context, problems };
}

/** The page's calculator data, as the script has it: its JSON island and the shared half it names. */
export function island(lang, page) {
  const file = path.join(DIST, lang, page, 'index.html');
  const m = /<script type="application\/json" id="calc-data">(.*?)<\/script>/s.exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${lang}/${page}: no calc-data island`);
  const own = JSON.parse(m[1]);
  const shared = JSON.parse(readFileSync(path.join(path.dirname(file), own.shared), 'utf8'));
  // The presets' data, an asset of its own that the selector names.
  const select = /<select id="calc-preset"[^>]* data-src="([^"]+)"/.exec(readFileSync(file, 'utf8'));
  const presets = select && JSON.parse(readFileSync(path.join(path.dirname(file), select[1]), 'utf8'));
  return { ...shared, ...own, ...(presets && { presets }) };
}

/**
 * Chooses a preset (or '' for the reader's own policy) and waits for the
 * presets' data, which the page fetches on the first choice.
 */
export async function choosePreset(page, id) {
  await page.selectOption('#calc-preset', id);
  await page.waitForSelector('#calc-preset[data-loaded]', { state: 'attached' });
}

/** What `backoff-site schedule` prints for a policy, with its final newline. */
export function cliJson({ base, multiplier, max, retries, jitter, unit }) {
  const args = ['schedule', '--base', String(base), '--multiplier', String(multiplier)];
  if (max !== null) args.push('--max', String(max));
  args.push('--retries', String(retries), '--jitter', jitter, '--unit', unit);
  // With its final newline: Copy and Download give byte for byte what it prints.
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

/** Replaces a field's text, firing one `input` event as typing does. */
/** Opens "As code" and waits for its data (fetched on the first opening). */
export async function openCode(page) {
  await page.click('#calc-code summary');
  await page.waitForSelector('#calc-code[data-loaded]', { state: 'attached' });
}

export async function type(page, field, text) {
  await page.locator(`#calc-${field}`).fill(text);
}

/** The text of every cell of the schedule table, row by row, once every row is written. */
export async function tableCells(page) {
  // A long table's rows out of view are written while the browser is idle.
  await page.waitForSelector('#calc-table:not([aria-busy])', { state: 'attached' });
  return page.$$eval('#calc-table tbody tr', (rows) =>
    rows.map((tr) => [...tr.children].map((cell) => cell.textContent)),
  );
}

/**
 * For a test file: serves the built site and launches Chromium before its
 * tests, and closes both after them. The returned object holds `server`
 * and `browser` once the tests run.
 */
export function siteAndBrowser() {
  const state = {};
  before(async () => {
    state.server = await serve();
    state.browser = await launch();
  });
  after(async () => {
    await state.browser?.close();
    await state.server?.close();
  });
  return state;
}

/**
 * Opens `/<lang>/<page>/` on `site` (from `siteAndBrowser`) as `open`
 * does, runs `fn(page, context)`, then asserts that there were no console
 * errors, page errors or CSP violations; closes the context whatever
 * happens.
 */
export async function withOpenPage(site, lang, page, options, fn) {
  const opened = await open(site.browser, site.server.origin, lang, page, options);
  try {
    await fn(opened.page, opened.context);
    assert.deepEqual(opened.problems, [], 'console errors, page errors or CSP violations');
  } finally {
    await opened.context.close();
  }
}
