// Unit tests of the script's number rule and input parser, run in Node on
// the very module the pages load. The expected figures of number-cases.json
// are Intl::number's own (a unit test in src/site/calculator.rs checks every
// one of them against the Rust side); the separators come from each
// language's island in the built site.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { formatNumber, parseNumber } from '../../static/calculator.js';
import { LANGS, island } from './support.js';

const cases = JSON.parse(readFileSync(path.join(import.meta.dirname, 'number-cases.json'), 'utf8'));

test('formatNumber writes what Intl::number writes', () => {
  const symbols = Object.fromEntries(LANGS.map((lang) => [lang, island(lang, 'calculator').number]));
  assert.ok(cases.length >= 100);
  for (const { lang, x, want } of cases) {
    assert.equal(formatNumber(Number(x), symbols[lang]), want, `${x} in ${lang}`);
  }
});

test('parseNumber accepts plain decimals, either separator and exponents only', () => {
  const good = [
    ['500', 500],
    [' 0,5 ', 0.5],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['2.5E-1', 0.25],
    ['-3', -3],
    ['+3', 3],
    ['0', 0],
  ];
  for (const [text, x] of good) assert.equal(parseNumber(text), x, text);
  const bad = ['', ' ', 'abc', 'NaN', 'Infinity', '-Infinity', '1e309', '1,000.5', '1.000.000', '1 000',
    '1\u00a0000', '1_000', '0x10', '1e', 'e3', '--1', '١٢', '5 ms'];
  for (const text of bad) assert.ok(Number.isNaN(parseNumber(text)), JSON.stringify(text));
});
