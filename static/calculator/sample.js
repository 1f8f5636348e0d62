// One seeded sample run: once the reader asks (the button under the chart
// of delays) or the address names a seed (`sample=`), the method module's
// `sample` export (contract::sample, the run of `schedule --sample SEED`)
// for the last good policy, whose slots the update has just written: each
// retry's actual delay, drawn as dots over the chart's bands (chart.js),
// its total in words and its delays in a table. Another run draws a new
// seed from the browser's generator; the seed is kept in the URL and
// written in Copy JSON's `sample`. Words from the island
// (calculator/sample.rs); the build draws no run.

import { region } from './drawing.js';
import { $, box, data, dist, el, fill, good, num, unit, view } from './state.js';
import { idle, tableHead, tableRow } from './table.js';

let seed = null;
// The run drawn for the last good policy ({ seed, delays, total }), or null.
export let drawn = null;

export const sampleSeed = () => seed;

// A seed from the address: digits naming a whole number up to the
// contract's largest, else none.
export function setSeed(text) {
  const x = /^\d{1,16}$/.test(text ?? '') ? Number(text) : NaN;
  seed = x <= data.contract.sample.max_seed ? x : null;
}

// A new seed: 53 bits of the browser's generator, the most a JavaScript
// number holds exactly.
export function newSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  seed = (hi >>> 11) * 2 ** 32 + lo;
}

// The run of the last good policy, before the chart draws it: none without
// a seed or until the kind's method module has come.
export function drawSample() {
  drawn = null;
  if (seed == null || !dist || dist.sample(seed)) return;
  const { len, total } = data.contract.sample;
  const buf = view(dist.sample_buffer(), len, dist);
  drawn = { seed, delays: [...buf.subarray(0, good.retries)], total: buf[total] };
}

// The part's button, summary and table, in the place the build left.
export function startSample(draw) {
  const t = data.text;
  const table = box('table', { class: 'schedule', id: 'calc-sample-table' }, el('caption', t.sample_table),
    tableHead([t.sample_retry, t.sample_delay]), el('tbody'));
  const button = el('button', t.sample_draw, { type: 'button', id: 'calc-sample-draw' });
  button.onclick = draw;
  const scroll = region('table', t.sample_table, table);
  scroll.id = 'calc-sample-region';
  $('sample').replaceChildren(box('p', {}, button), el('p', null, { class: 'chart-summary', id: 'calc-sample-summary' }), scroll);
  $('sample').hidden = false;
}

// The run in words and in its table (written while the browser is idle: a
// thousand rows need not delay the input's frame); a newer run replaces it.
let sampleJob = 0;
export function showSample() {
  const t = data.text;
  const label = drawn ? t.sample_another : t.sample_draw;
  if ($('sample-draw').textContent !== label) $('sample-draw').textContent = label;
  $('sample-summary').hidden = $('sample-region').hidden = !drawn;
  const mine = ++sampleJob;
  if (!drawn) return;
  const run = drawn;
  $('sample-summary').textContent = fill(t.sample_summary, { seed: String(run.seed), total: unit(num(run.total)) });
  idle(() => {
    if (mine !== sampleJob) return;
    $('sample-table').tBodies[0].replaceChildren(...run.delays.map((d, i) => tableRow([num(i + 1), unit(num(d))], 'row')));
  });
}

// Copy JSON's `sample`, as `schedule --sample SEED` writes it.
export const sampleJson = () => drawn && {
  generator: data.contract.sample.generator, seed: drawn.seed, delays: drawn.delays, total: drawn.total,
};
