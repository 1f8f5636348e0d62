// Unit tests of the script's number rule and input reader, run in Node on
// the very module the pages load, over the case table number-cases.json
// shared with the Rust side: its expected figures are Intl::number's own,
// and a unit test in src/site/calculator.rs checks every typed case against
// the notation data the build puts in each page's island. The separators
// and limits come from each language's island in the built site.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { formatNumber, parseNumber } from '../../static/calculator.js';
import { LANGS, island } from './support.js';

const cases = JSON.parse(readFileSync(path.join(import.meta.dirname, 'number-cases.json'), 'utf8'));
const islands = Object.fromEntries(LANGS.map((lang) => [lang, island(lang, 'calculator')]));

test('formatNumber writes what Intl::number writes', () => {
  assert.ok(cases.format.length >= 100);
  for (const { lang, x, want } of cases.format) {
    assert.equal(formatNumber(Number(x), islands[lang].number), want, `${x} in ${lang}`);
  }
});

test('parseNumber reads each language as its page writes it, and nothing ambiguous', () => {
  for (const lang of LANGS) assert.ok(cases.parse.filter((c) => c.lang === lang).length >= 30, lang);
  for (const { lang, text, want } of cases.parse) {
    const { number, largest_input: largest } = islands[lang];
    assert.equal(parseNumber(text, number, largest), want, `${JSON.stringify(text)} in ${lang}`);
  }
});

test('what the page writes, it reads back', () => {
  for (const lang of LANGS) {
    const { number, largest_input: largest } = islands[lang];
    for (const x of [0.5, 2, 1000, 30000, 1234567.25, 0.001]) {
      assert.equal(parseNumber(formatNumber(x, number), number, largest), x, `${x} in ${lang}`);
    }
  }
});
