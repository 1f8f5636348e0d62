// The form and the address: reading and checking the fields (each field's
// rule from the contract), the optional timeout and deadline, and the
// inputs written to and read from the URL.

import { parseNumber } from './notation.js';
import { presetFromUrl } from './presets.js';
import { sampleSeed, setSeed } from './sample.js';
import { $, counting, data, FIELDS, fill, num } from './state.js';

// Whether x keeps a field's rule.
const fits = (x, r) => (r.zero_is_none && x === 0) || (!r.whole || Number.isInteger(x)) &&
  (r.above ? x > r.min : x >= r.min) && (r.max === null || x <= r.max);

// The policy (keys in the contract's order, as src/report.rs writes them)
// and errors by field; another jitter kind's field is hidden and unread; a
// field the kind does not use (contract::Field::unused_with) is disabled
// under its note and unchecked, its value kept if valid, else the default.
export function readForm() {
  let errors = null;
  const jitter = $('jitter').value;
  const values = { jitter };
  for (const f of FIELDS) {
    const applies = !f.only_with || f.only_with === jitter;
    $(f.name).closest('.field').hidden = !applies;
    if (!applies) continue;
    const unused = f.unused_with?.includes(jitter) ?? false;
    if (f.unused_with) {
      $(f.name).disabled = unused;
      $(`${f.name}-unused`).hidden = !unused;
    }
    if (unset(f.name)) { values[f.input] = null; continue; }
    // Counted as attempts, the field holds one more than the retries.
    const attempts = f.input === 'retries' && counting();
    const typed = parseNumber($(f.name).value, data.number, data.largest_input);
    const x = attempts && typeof typed === 'number' ? typed - 1 : typed;
    if (unused) { values[f.input] = typeof x === 'number' && fits(x, f.rule) ? x : data.defaults[f.input]; continue; }
    // Delays below the smallest figure the table shows would all read "0"
    // (a subnormal one, which the core refuses, too).
    const key = typeof x === 'string' ? x : f.delay && x > 0 && x < data.smallest_input ? 'too_small'
      : !fits(x, f.rule) && f.error;
    if (key) (errors ??= {})[f.name] = data.text[`error_${attempts && key === f.error ? 'attempts' : key}`];
    values[f.input] = typeof x !== 'number' ? NaN : f.rule.zero_is_none && x === 0 ? null : x;
  }
  // Keys in src/report/json.rs's order: `count` after the retries, and
  // only when attempts are counted.
  const policy = {};
  for (const k of data.contract.inputs) {
    if (k in values) policy[k] = values[k];
    if (k === 'retries' && counting()) policy.count = 'attempts';
  }
  policy.unit = $('unit')?.value ?? data.defaults.unit;
  return { policy, errors };
}

// The retries field's label and hint say what the count switch counts.
export function showCount() {
  const [label, hint] = counting() ? ['attempts_label', 'attempts_hint'] : ['retries_label', 'retries_hint'];
  const l = document.querySelector('label[for="calc-retries"]');
  if (l.textContent !== data.text[label]) l.textContent = data.text[label];
  if ($('retries-hint').textContent !== data.text[hint]) $('retries-hint').textContent = data.text[hint];
}

// A switch of the count keeps the schedule: a valid figure in the field
// becomes the same policy's figure in the other count. (The select's own
// listener runs before the form's, which then updates.)
export function startCount() {
  $('count').addEventListener('change', () => {
    const x = parseNumber($('retries').value, data.number, data.largest_input);
    if (typeof x !== 'number') return;
    const shifted = counting() ? x + 1 : x - 1;
    $('retries').value = String(shifted).replace('.', data.number.decimal);
  });
}

// How the page read field `name`, where another site language's notation
// reads the same text as another valid figure ("30.000": 30 here, 30,000
// in German), for the note beside the field; '' otherwise.
export function readAs(name) {
  const text = $(name).value;
  const x = parseNumber(text, data.number, data.largest_input);
  if (typeof x !== 'number') return '';
  const otherwise = data.other_numbers.some((n) => {
    const y = parseNumber(text, n, data.largest_input);
    return typeof y === 'number' && y !== x;
  });
  return otherwise ? fill(data.text.read_as, { value: num(x) }) : '';
}

// Whether field `name` is optional and left empty.
const unset = (name) => FIELDS.find((f) => f.name === name)?.optional && !$(name).value.trim();

// The timeout and deadline typed: null when not given, NaN when unreadable.
export function readLimits() {
  const l = {};
  for (const k of ['timeout', 'deadline']) {
    const x = !$(k) || unset(k) ? null : parseNumber($(k).value, data.number, data.largest_input);
    l[k] = typeof x === 'string' ? NaN : x;
  }
  return l;
}

// Whether policy p and limits l are the page's built inputs, whose figures
// the build wrote: the one test of it. (An array's text writes a missing
// input and a null alike: empty.)
const key = (q, m) => `${[data.contract.inputs.map((k) => q[k]), q.unit, m.timeout, m.deadline]}`;
export const isBuilt = (p, l) => key(p, l) === key(data.defaults, data.limits);
export const isBuiltPolicy = (p) => key(p, {}) === key(data.defaults, {});

// A deadline shorter than the timeout is the deadline's error, as the
// core's Limits::validate says; layers without a failure rate are the
// layers' (as `schedule --layers` without `--failure-rate`).
export function limitErrors() {
  const { timeout, deadline } = readLimits();
  if (timeout != null && deadline != null && deadline < timeout) return { deadline: data.text.error_deadline };
  return !unset('layers') && unset('failure') ? { layers: data.text.error_layers_without_failure_rate } : null;
}

// The inputs as the URL holds them: valid figures as JavaScript writes them
// (`0.5`), so a link works on every language's page; others as typed; other
// keys (utm_*) stay.
function stateQuery() {
  const query = new URLSearchParams(location.search);
  for (const { name } of FIELDS) {
    if ($(name).closest('.field').hidden || unset(name)) { query.delete(name); continue; }
    const x = parseNumber($(name).value, data.number, data.largest_input);
    query.set(name, typeof x === 'number' ? String(x) : $(name).value);
  }
  for (const f of ['jitter', 'count', 'unit']) if ($(f)) query.set(f, $(f).value);
  if ($('preset')) $('preset').value ? query.set('preset', $('preset').value) : query.delete('preset');
  const seed = sampleSeed();
  seed == null ? query.delete('sample') : query.set('sample', String(seed));
  return `?${query}`;
}

export function writeUrl() {
  const search = stateQuery();
  // replaceState costs 5-27 ms in Chrome: none when the address holds these inputs already.
  if (search === location.search) return;
  history.replaceState(history.state, '', `${search}${location.hash}`);
  carryQuery();
}

// The URL is written once typing pauses, but a reload within the pause
// starts from the address as it was (the browser fixes a reload's URL
// before the page hears of it). So every edit also keeps the inputs in this
// tab's session storage (never sent anywhere), which a reload reads.
const saved = () => `calc-state:${location.pathname}`;
export function saveState() {
  try { sessionStorage.setItem(saved(), stateQuery()); } catch { /* storage off: the URL alone */ }
}
function savedState() {
  const reload = performance.getEntriesByType?.('navigation')[0]?.type === 'reload';
  try { return reload ? sessionStorage.getItem(saved()) : null; } catch { return null; }
}

// The language switcher leads to the same inputs on the other page.
function carryQuery() {
  for (const a of document.querySelectorAll('.language-switcher a:not([aria-current])')) {
    a.search = location.search;
  }
}

// Figures written as JavaScript writes them are shown in the page's
// notation; anything else stays as it is, and bad values are shown as bad.
export function readUrl() {
  const kept = savedState();
  if (kept != null && kept !== location.search) history.replaceState(history.state, '', `${kept}${location.hash}`);
  const query = new URLSearchParams(location.search);
  for (const { name } of FIELDS) {
    if (!query.has(name)) continue;
    const value = query.get(name);
    const plain = /^-?(\d+(\.\d+)?)(e[+-]\d+)?$/.test(value);
    $(name).value = plain ? value.replace('.', data.number.decimal) : value;
  }
  for (const f of ['jitter', 'count', 'unit']) {
    if ([...($(f)?.options ?? [])].some((o) => o.value === query.get(f))) $(f).value = query.get(f);
  }
  presetFromUrl(query);
  setSeed(query.get('sample'));
  carryQuery();
}
