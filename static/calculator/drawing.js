// What the three charts share, drawn as the build draws them (figures.rs,
// calculator/herd.rs, calculator/distribution.rs): coordinates to one
// decimal, a 640-wide SVG and its labels, the scroll region holding it, the
// legend, and the chart's body an update replaces.

import { $, box, el } from './state.js';

const ns = 'http://www.w3.org/2000/svg';

// A coordinate to one decimal, as axis::fix writes it.
export const fix = (v) => String(Math.round(v * 10) / 10);

// An SVG 640 wide and h high named `label`; `add` appends an element, and
// `text` a label of class chart-<c> (a tick unless said).
export function drawing(h, label) {
  const svg = el('svg', null, { viewBox: `0 0 640 ${h}`, role: 'img', 'aria-label': label }, ns);
  const add = (tag, attrs, words) => svg.append(el(tag, words, attrs, ns));
  const text = (x, y, anchor, words, c = 'tick') =>
    add('text', { x, y, 'text-anchor': anchor, class: `chart-${c}` }, words);
  return [svg, add, text];
}

// A scroll region (`chart` or `table`) that keyboards can reach, named.
export const region = (kind, label, ...kids) =>
  box('div', { class: `${kind}-scroll`, role: 'region', 'aria-label': label, tabindex: '0' }, ...kids);

// The legend: a swatch of class swatch-<kind> and its words per item.
export const legend = (items) => box('ul', { class: 'chart-legend' },
  ...items.map(([kind, words]) => box('li', {}, el('span', null, { class: `swatch swatch-${kind}` }), words)));

// The chart `name`'s new body (its drawing, legend, summary) in place of the
// old one.
export const showBody = (name, ...kids) =>
  $(`${name}-body`).replaceWith(box('div', { class: 'chart-body', id: `calc-${name}-body` }, ...kids));
