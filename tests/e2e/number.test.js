// Unit tests of the script's number rule and input reader, run in Node on
// the very module the pages' script is bundled from, over the case table number-cases.json
// shared with the Rust side: its expected figures and notation data are
// Intl::number's and NumberSymbols' own, and a unit test in
// src/site/calculator.rs checks every typed case against the notation data
// the build puts in each page's island. The limits come from each language's
// island in the built site, whose notation must equal the table's.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { formatNumber, parseNumber } from '../../static/calculator/notation.js';
import { LANGS, island } from './support.js';

const cases = JSON.parse(readFileSync(path.join(import.meta.dirname, 'number-cases.json'), 'utf8'));
const islands = Object.fromEntries(LANGS.map((lang) => [lang, island(lang, 'calculator')]));

test('the case table holds the notation data each page of a language carries', () => {
  for (const lang of LANGS) assert.deepEqual(cases.notation[lang], islands[lang].number, lang);
});

// Languages the site is not in (hi groups 12,34,567; es leaves 1234 whole)
// are written with the notation data the build would give them.
test('formatNumber writes what Intl::number writes', () => {
  assert.ok(cases.format.length >= 100);
  assert.ok(cases.format.some((c) => cases.notation[c.lang].grouping?.[1] === 2), 'a language grouping by two');
  for (const { lang, x, want } of cases.format) {
    assert.equal(formatNumber(Number(x), cases.notation[lang]), want, `${x} in ${lang}`);
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
