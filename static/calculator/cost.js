// What the retries cost the server: once the optional failure rate is
// given, the base module's `cost` export (contract::cost, the figures of
// `schedule --failure-rate P --layers L`) for the last good policy's
// retries, of any jitter kind (the base module's slots refuse the kinds of
// the method modules, and the cost depends on the count alone); with more than one
// layer, the attempts at the bottom too; with a preset whose library has a
// retry budget (its `budget`), what the budget does to the retries. Words
// from the island (calculator/cost.rs); the build shows no cost, its
// defaults give no rate.

import { parseNumber } from './notation.js';
import { presets } from './presets.js';
import { $, box, byKey, data, el, fill, good, num, plural, view, wasm } from './state.js';

// A given optional field's figure (the form has checked it), else null.
const given = (name) => ($(name).value.trim() ? parseNumber($(name).value, data.number, data.largest_input) : null);

export function renderCost() {
  const rate = given('failure');
  $('cost').hidden = rate == null;
  if (rate == null) return;
  const layers = given('layers') ?? 1;
  const { figures, len, budget, budget_at, budgets } = data.contract.cost;
  const name = presets?.presets[$('preset')?.value]?.budget;
  if (wasm.cost(good.retries, rate, layers, name ? budgets.indexOf(name) : NaN)) return;
  const buffer = view(wasm.cost_buffer(), len);
  const c = byKey(figures, buffer);
  const t = data.text;
  const most = good.retries + 1;
  const rows = [[t.cost_attempts, attempts(c.attempts, most)], [t.cost_success, percent(c.success)]];
  if (layers > 1) {
    const label = data.cost_bottom[plural.select(layers)] ?? data.cost_bottom.other;
    rows.push([fill(label, { layers: num(layers) }), attempts(c.bottom_attempts, c.bottom_attempts_worst)],
      [t.cost_bottom_worst, num(c.bottom_attempts_worst)], [t.cost_top_success, percent(c.top_success)]);
  }
  if (name) {
    const b = byKey(budget, buffer, budget_at);
    const args = { budget: t[`budget_${name}`] };
    // Infinite for a budget that never stops requests sent one at a time.
    rows.push(b.calls_from_full === Infinity ? [fill(t.budget_in_a_row, args), t.budget_never]
      : [fill(t.budget_from_full, args), fill(data.budget_figure[plural.select(b.calls_from_full)] ?? data.budget_figure.other,
        { retries: num(b.retries_from_full), calls: num(b.calls_from_full) })],
      [fill(t.budget_held, args), attempts(b.held_attempts, most)]);
    if (!Number.isNaN(b.edge)) rows.push([fill(t.budget_edge, args), percent(b.edge)]);
  }
  $('cost-figures').replaceChildren(...rows.map(([dt, dd]) => box('div', {}, el('dt', dt), el('dd', dd))));
}

// Expected attempts, from 1 to `most`: a figure strictly between never
// reads as either end once rounded.
function attempts(x, most) {
  const shown = num(x);
  if (x > 1 && shown === num(1)) return `>\u00a0${num(1)}`;
  if (x < most && shown === num(most)) return `<\u00a0${num(most)}`;
  return shown;
}

// A probability in percent; one that is not certain never reads 0 or 100.
function percent(q) {
  const x = q * 100;
  let shown = num(x);
  if (q > 0 && shown === num(0)) shown = `<\u00a0${num(0.001)}`;
  if (q < 1 && shown === num(100)) shown = `>\u00a0${num(99.999)}`;
  return fill(data.text.cost_percent, { percent: shown });
}
