// The calculator's shared state and the helpers every part uses: the
// page's data (`data`: its island and the shared half it names), what start reads off its contract, the modules'
// exports (`wasm`, `methods`, `dist`), the last good policy; finding and making elements, a
// view over the module's memory, a figure in the page's notation and unit.
// Other modules read these bindings and change them only through the
// setters below. Nothing here runs on load, so Node can import any module.

import { formatNumber } from './notation.js';

export const $ = (name) => document.getElementById(`calc-${name}`);

// Set once loaded; then the last good policy. `dist`: the method module of
// the last run's jitter kind, once it has come.
export let data, wasm, dist, plural, good;
// The method modules that have come, and those that could not, by their
// address.
export const methods = {}, failedMethods = {};
// From the contract; K.delay is the delay's place in a buffer row.
export let FIELDS, ROW, K, TOTALS;

// The JSON document at `src` (a path from the page), or a rejection.
export const fetchJson = (src) => fetch(new URL(src, location.href))
  .then((r) => (r.ok ? r.json() : Promise.reject(r.status)));

// The island with its shared half, and what the other parts read off its
// contract.
export function setData(d) {
  data = d;
  ({ fields: FIELDS, totals: TOTALS } = data.contract);
  FIELDS = [...FIELDS, ...(data.limit_fields ?? []), ...data.cost_fields];
  FIELDS = [...FIELDS, data.contract.clients];
  ROW = data.contract.row.length;
  K = Object.fromEntries(data.contract.row.map((k, i) => [k, i]));
  plural = new Intl.PluralRules(data.lang);
}

// The base module at start; a method module once it has come; the one of
// the kind being computed.
export const setWasm = (w) => (wasm = w);
export const setMethod = (url, w) => (methods[url] = w);
export const setDist = (w) => (dist = w);

// Whether the count switch counts attempts (the original request
// included) rather than retries, and the retries field's figure in the
// count chosen.
export const counting = () => $('count').value === 'attempts';
export const countShown = (retries) => (counting() ? retries + 1 : retries);

// Returns p, the new last good policy.
export const setGood = (p) => (good = p);

// Text is set as text, never parsed as markup.
export function el(tag, text, attrs = {}, ns) {
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  if (text != null) e.textContent = text;
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}

// An element holding kids (elements or text), in order.
export function box(tag, attrs, ...kids) {
  const e = el(tag, null, attrs);
  e.append(...kids);
  return e;
}

// A new view each time: one over memory that grew is detached. Of the
// base module's memory unless told.
export const view = (at, n, w = wasm) => new Float64Array(w.memory.buffer, at, n);

// The schedule buffer: rows of ROW figures, then the totals at TOTALS.
export const scheduleView = () => view(wasm.schedule_buffer(), data.contract.schedule_len);

// {key: figure} of `keys` read from `values` at `from` on.
export const byKey = (keys, values, from = 0) => Object.fromEntries(keys.map((k, i) => [k, values[from + i]]));

export const num = (x) => formatNumber(x, data.number);
// As figures::with_unit, in the unit of the last good policy.
export const unit = (s) => (good.unit === 'units' ? s : `${s}\u00a0${data.units[good.unit]}`);

// A message's {name} holes filled from args.
export const fill = (text, args) => text.replace(/\{(\w+)\}/g, (_, k) => args[k]);
