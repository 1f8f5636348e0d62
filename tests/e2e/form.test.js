// Browser tests of the calculator's form on every calculator page, in every
// language: the optional fields (timeout, deadline, clients) form a group
// named by its legend, with their labels, hints and errors tied to the
// inputs and in the tab order of the page; and at 320 px no input, preset
// or opened <details> makes the page scroll sideways.
//
// The legend's expected words come from the Fluent files, not the page.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { choosePreset, LANGS, PAGES, ROOT, siteAndBrowser, tableCells, type, withOpenPage } from './support.js';

const site = siteAndBrowser();
const OPTIONAL = ['calc-timeout', 'calc-deadline', 'calc-failure', 'calc-layers', 'calc-clients'];

const withPage = (lang, page, options, fn) => withOpenPage(site, lang, page, options, fn);

/** A message of locales/<lang>/site.ftl, a one-line plain text. */
function message(lang, id) {
  const ftl = readFileSync(path.join(ROOT, 'locales', lang, 'site.ftl'), 'utf8');
  const m = new RegExp(`^${id} = (.+)$`, 'm').exec(ftl);
  if (!m) throw new Error(`locales/${lang}/site.ftl: no message ${id}`);
  return m[1];
}

/**
 * The page's width against the window's, and the elements that stick out
 * past the window's right edge outside any region that scrolls or clips
 * (the first three), to say what widened the page.
 */
function widths(page) {
  return page.evaluate(() => {
    const html = document.documentElement;
    const clipped = (e) => {
      for (let a = e.parentElement; a && a !== html; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const out = [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > html.clientWidth + 0.5 && !clipped(e))
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${e.className}`);
    return { scroll: html.scrollWidth, client: html.clientWidth, out };
  });
}

for (const lang of LANGS) {
  describe(lang, () => {
    for (const name of PAGES) {
      test(`${name}: the optional fields are a group named by its legend, in the tab order`, async () => {
        await withPage(lang, name, {}, async (page) => {
          const legend = message(lang, 'calc-optional-legend');
          // The group's accessible name is its legend.
          const group = page.getByRole('group', { name: legend, exact: true });
          assert.equal(await group.count(), 1, `no group named "${legend}"`);
          const inside = await group.evaluate((g) => [...g.querySelectorAll('input, select')].map((e) => e.id));
          assert.deepEqual(inside, OPTIONAL);
          // Each input keeps its label, hint and error: the ids it names exist.
          const tied = await page.$$eval('#calc-form input', (inputs) =>
            inputs.map((input) => ({
              id: input.id,
              label: document.querySelector(`label[for="${input.id}"]`)?.textContent.trim() ?? '',
              described: input.getAttribute('aria-describedby').split(' ')
                .map((id) => document.getElementById(id)?.id ?? `missing ${id}`),
            })),
          );
          for (const t of tied) {
            assert.ok(t.label, `${t.id} has no label`);
            // The multiplier's note for the kinds that do not use it, and
            // the note of how a figure was read.
            const unused = t.id === 'calc-multiplier' ? [`${t.id}-unused`] : [];
            assert.deepEqual(t.described, [`${t.id}-hint`, ...unused, `${t.id}-read`, `${t.id}-error`]);
          }
          // An error inside the group shows under its field, and the field says so.
          await type(page, 'deadline', 'x');
          assert.notEqual((await page.textContent('#calc-deadline-error')).trim(), '');
          assert.equal(await page.getAttribute('#calc-deadline', 'aria-invalid'), 'true');
          await type(page, 'deadline', '');
          // The keyboard walks the form in its reading order: the group last.
          const inForm = await page.$$eval('#calc-form input, #calc-form select', (all) =>
            all.filter((e) => !e.closest('[hidden]')).map((e) => e.id));
          assert.deepEqual(inForm.slice(-OPTIONAL.length), OPTIONAL);
          await page.focus(`#${inForm[0]}`);
          const walked = [inForm[0]];
          for (let i = 1; i < inForm.length; i++) {
            await page.keyboard.press('Tab');
            walked.push(await page.evaluate(() => document.activeElement.id));
          }
          assert.deepEqual(walked, inForm);
        });
      });
    }
  });
}

// At 320 px, every calculator page in every language: after each step the
// page is no wider than the window. The <details> parts are opened first,
// so that every later step is seen with the policy as code shown.
describe('at 320 px', () => {
  for (const lang of LANGS) {
    for (const name of PAGES) {
      test(`${lang}/${name}: no input, preset or opened part widens the page`, async () => {
        await withPage(lang, name, { width: 320 }, async (page) => {
          const wide = [];
          const check = async (step) => {
            // The rows out of view are written while the browser is idle.
            await tableCells(page);
            await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
            const w = await widths(page);
            if (w.scroll > w.client) wide.push(`${step}: ${w.scroll} px in ${w.client} (${w.out.join(', ')})`);
          };
          await check('as loaded');
          const opened = await page.$$eval('details', (all) => all.map((d) => { d.open = true; return d.id; }));
          assert.ok(opened.length >= 1, 'no <details> part');
          await check(`every <details> open (${opened.join(', ')})`);
          const jitters = await page.$$eval('#calc-jitter option', (o) => o.map((e) => e.value));
          const jitter = jitters.includes('full') ? 'full' : jitters.at(-1);
          await type(page, 'retries', '1000');
          await page.selectOption('#calc-jitter', jitter);
          await check(`1000 retries, ${jitter} jitter`);
          await type(page, 'base', '1e300');
          await check('base 1e300');
          const long = `${'9'.repeat(40)}x${'y'.repeat(160)}`;
          for (const field of ['base', 'deadline', 'clients']) {
            await type(page, field, long);
            await check(`a long invalid ${field}`);
          }
          const presets = await page.$$eval('#calc-preset option', (o) => o.map((e) => e.value).filter(Boolean));
          if (name === 'calculator') assert.ok(presets.length >= 1, 'no preset');
          for (const preset of presets) {
            await choosePreset(page, preset);
            await check(`preset ${preset}`);
          }
          assert.deepEqual(wide, []);
        });
      });
    }
  }
});
