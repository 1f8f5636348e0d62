// Unit tests of the script's number rule and input reader, run in Node on
// the very module the pages' script is bundled from, over the case table number-cases.json
// shared with the Rust side: its expected figures and notation data are
// Intl::number's and NumberSymbols' own (and agree with Node's ICU4C, an
// independent implementation of CLDR), and a unit test in
// src/site/sections/calculator/number_cases.rs checks every typed case against
// Intl::number and the notation data the build puts in each page's island.
// The limits come from each language's island in the built site, whose
// notation must equal the table's; languages no page is in (hi, es) are read
// with the table's notation data and the site's limit.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { formatNumber, parseNumber } from '../../static/calculator/notation.js';
import { LANGS, island } from './support.js';

const cases = JSON.parse(readFileSync(path.join(import.meta.dirname, 'number-cases.json'), 'utf8'));
const islands = Object.fromEntries(LANGS.map((lang) => [lang, island(lang, 'calculator')]));
const reading = (lang) =>
  LANGS.includes(lang)
    ? islands[lang]
    : { number: cases.notation[lang], largest_input: islands[LANGS[0]].largest_input };

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

// The table's figures come from the build's own formatter (ICU4X); Node's
// Intl.NumberFormat is another implementation of the same CLDR rules (ICU4C,
// with its own data), so the two must agree on every figure below
// scientific notation, to the thousandths the site keeps.
test('Intl::number writes what ICU4C writes from the same CLDR rules', () => {
  let compared = 0;
  for (const { lang, x, want } of cases.format) {
    if (Math.abs(Number(x)) >= cases.notation[lang].scientific_from) continue;
    const icu4c = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(Number(x));
    assert.equal(want, icu4c, `${x} in ${lang}`);
    compared += 1;
  }
  assert.ok(compared >= 100, `only ${compared} figures compared`);
  for (const lang of Object.keys(cases.notation)) {
    assert.ok(cases.format.some((c) => c.lang === lang && Math.abs(Number(c.x)) < cases.notation[lang].scientific_from), lang);
  }
});

test('parseNumber reads each language as its page writes it, and nothing ambiguous', () => {
  for (const lang of LANGS) assert.ok(cases.parse.filter((c) => c.lang === lang).length >= 30, lang);
  assert.ok(cases.parse.some((c) => cases.notation[c.lang].grouping?.[1] === 2), 'a language grouping by two');
  for (const { lang, text, want } of cases.parse) {
    const { number, largest_input: largest } = reading(lang);
    assert.equal(parseNumber(text, number, largest), want, `${JSON.stringify(text)} in ${lang}`);
  }
});

test('what the page writes, it reads back', () => {
  for (const lang of Object.keys(cases.notation)) {
    const { number, largest_input: largest } = reading(lang);
    for (const x of [0.5, 2, 1000, 30000, 123456, 1234567.25, 0.001]) {
      assert.equal(parseNumber(formatNumber(x, number), number, largest), x, `${x} in ${lang}`);
    }
  }
});

// Every figure below scientific notation that Intl::number writes in the
// table reads as the number it shows: the input rounded to thousandths.
test('every figure Intl::number writes reads back', () => {
  for (const { lang, x, want } of cases.format) {
    const { number, largest_input: largest } = reading(lang);
    if (Math.abs(Number(x)) >= number.scientific_from) continue;
    const read = parseNumber(want, number, largest);
    assert.equal(typeof read, 'number', `${want} in ${lang}: ${read}`);
    // Half a thousandth, and the spacing of doubles near x.
    const within = 0.0005 + 2 * Number.EPSILON * Math.max(1, Math.abs(Number(x)));
    assert.ok(Math.abs(read - Number(x)) <= within, `${want} in ${lang}: ${read}`);
  }
});
