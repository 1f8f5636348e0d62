// The retry-storm lab: the form's inputs (the storm contract's, by key, read
// in the page's notation) run through the core's storm module, each run a
// slice of its own so that typing stays responsive, their mean drawn and
// the verdict said in words. Words, contract and notation come from the
// page's island (src/site/sections/storms/lab.rs); the module loads on the
// first interaction with the form, or at once when the address holds a
// scenario. The address keeps every input that differs from the page's. A
// library's preset fills the client's policy and budget.

import { labChart } from './lab_chart.js';
import { loadWasm } from './load.js';
import { formatNumber, parseNumber } from './notation.js';
import { el, fill } from './state.js';

const byId = (name) => document.getElementById(`lab-${name}`);
const island = JSON.parse(byId('data').textContent);
const F = island.figures.length;
const at = (figure) => island.figures.indexOf(figure);
const show = (x) => formatNumber(x, island.number);
const form = byId('form');
// The form's fields by key, and the values they start with.
const fields = Object.fromEntries([...form.elements].filter((e) => e.name).map((e) => [e.name, e]));
const start = Object.fromEntries(Object.entries(fields).map(([k, e]) => [k, e.value]));
let lab, job = 0;

// A field's number, or its error; NaN when empty, which the contract reads
// as an input not given (and refuses where one is needed).
function readField(key) {
  const e = fields[key];
  const text = e.value.trim();
  if (text === '') return NaN;
  if (e.tagName === 'SELECT') return Number(text);
  if (key === 'seed') return /^\d+$/.test(text) ? Number(text) : { error: island.errors[island.error_fields.indexOf('seed')] };
  const x = parseNumber(text, island.number);
  if (x === 'notation') return { error: fill(island.text['error-notation'], { example: show(1234.5) }) };
  if (x === 'too_large') return { error: fill(island.text['error-too-large'], { max: show(Number.MAX_VALUE) }) };
  // Anything else that is no number ('not_a_number') is an error too, never
  // an input left out.
  return typeof x === 'number' ? x : { error: island.text['error-not-a-number'] };
}

// Each field's error shown (or cleared) at it.
function mark(errors) {
  for (const key of Object.keys(fields)) {
    const text = errors[key] ?? '';
    byId(`${key}-error`).textContent = text;
    if (text) fields[key].setAttribute('aria-invalid', 'true');
    else fields[key].removeAttribute('aria-invalid');
  }
}

// The address: every input that differs from the start, selects by name.
function writeUrl() {
  const query = new URLSearchParams();
  for (const [key, e] of Object.entries(fields)) {
    if (e.value === start[key]) continue;
    const x = readField(key);
    const names = island.choices[key];
    query.set(key, names ? (Number.isNaN(x) ? 'none' : names[x]) : Number.isNaN(x) ? '' : String(x));
  }
  const search = query.toString();
  history.replaceState(null, '', search ? `?${search}#lab` : location.pathname + location.hash);
}

// The address's inputs into the form, in the page's notation; whether it
// held any.
function readUrl() {
  let any = false;
  for (const [key, value] of new URLSearchParams(location.search)) {
    const e = fields[key];
    if (!e) continue;
    any = true;
    const names = island.choices[key];
    if (names) e.value = value === 'none' ? '' : String(names.indexOf(value));
    // At full precision (the notation's own rounding would change the
    // storm), with the page's decimal sign and no grouping.
    else e.value = value === '' || key === 'seed' || Number.isNaN(Number(value)) ? value
      : String(Number(value)).replace('.', island.number.decimal);
  }
  return any;
}

// Runs the form's scenario, a run per slice, drawing the mean after each;
// the output's `data-state` says where it is (running, done, stale).
function update() {
  const mine = ++job;
  byId('output').dataset.state = 'running';
  const errors = {};
  const slots = island.inputs.map((key) => {
    const x = readField(key);
    if (x?.error) errors[key] = x.error;
    return x;
  });
  const runs = readField('runs');
  if (!(Number.isInteger(runs) && runs >= 1 && runs <= island.max_runs)) {
    errors.runs = fill(island.text['lab-runs-error'], { max: show(island.max_runs) });
  }
  // Run i draws from seed + i: the last run's seed must be one too.
  const lastSeed = slots[island.inputs.indexOf('seed')] + (Number.isInteger(runs) ? runs - 1 : 0);
  if (!errors.seed && !(lastSeed <= island.max_seed)) {
    errors.seed = island.errors[island.error_fields.indexOf('seed')];
  }
  mark(errors);
  if (Object.keys(errors).length) return stale();
  const seed = slots[island.inputs.indexOf('seed')];
  const sums = new Float64Array(island.max_seconds * F);
  const verdicts = [];
  let done = 0, seconds = 0;
  byId('verdict').textContent = island.text['lab-running'];
  const step = () => {
    if (mine !== job) return;
    slots[island.inputs.indexOf('seed')] = seed + done;
    new Float64Array(lab.memory.buffer, lab.storm_input_buffer(), slots.length).set(slots);
    let code;
    try {
      code = lab.storm();
    } catch {
      // A trap of the module: nothing it wrote can be trusted.
      byId('verdict').textContent = island.text['lab-failed'];
      byId('output').dataset.state = 'stale';
      return;
    }
    if (code) {
      mark({ [island.error_fields[code - 1]]: island.errors[code - 1] });
      return stale();
    }
    seconds = lab.storm_seconds();
    const out = new Float64Array(lab.memory.buffer, lab.storm_buffer(), seconds * F);
    for (let i = 0; i < out.length; i++) sums[i] += out[i];
    verdicts.push([...new Float64Array(lab.memory.buffer, lab.storm_verdict(), 3)]);
    done++;
    render(sums, seconds, done, runs, verdicts, slots);
    if (done < runs) setTimeout(step, 0);
    else {
      writeUrl();
      byId('output').dataset.state = 'done';
    }
  };
  step();
}

// The results shown are not the form's.
function stale() {
  byId('verdict').textContent = island.text['lab-stale'];
  byId('output').dataset.state = 'stale';
}

// The mean of `done` runs: the chart, the verdict and the totals.
function render(sums, seconds, done, runs, verdicts, slots) {
  const total = (figure) => {
    let s = 0;
    for (let t = 0; t < seconds; t++) s += sums[t * F + at(figure)];
    return s;
  };
  const [starts, attempts, successes] = ['starts', 'attempts', 'successes'].map(total);
  const percent = (share) => show(Math.round(100 * share));
  const per = (x) => (starts > 0 ? x / starts : 0);
  const judged = verdicts.filter((v) => !Number.isNaN(v[0]));
  const mean = (i) => judged.reduce((s, v) => s + v[i], 0) / judged.length;
  const recovered = judged.filter((v) => v[2] === 1).length;
  const args = {
    runs: show(done), recovered: show(recovered), before: percent(mean(0)), after: percent(mean(1)),
    success: percent(per(successes)), amplification: show(Math.round(100 * per(attempts)) / 100),
    goodput: show(Math.round((100 * successes) / done / Math.max(seconds, 1)) / 100),
  };
  const verdict = !judged.length ? 'lab-verdict-steady'
    : recovered === judged.length ? 'lab-verdict-recovered'
      : recovered === 0 ? 'lab-verdict-collapsed' : 'lab-verdict-mixed';
  byId('verdict').textContent = done < runs ? `${island.text['lab-running']} ${show(done)}/${show(runs)}`
    : fill(island.text[verdict], args);
  byId('summary').textContent = fill(island.text['lab-summary'], args);
  const rows = {};
  for (const { figure } of island.traced) {
    rows[figure] = Array.from({ length: seconds }, (_, t) => sums[t * F + at(figure)] / done);
  }
  const workload = island.choices.workload[slots[island.inputs.indexOf('workload')]];
  const spikeAt = slots[island.inputs.indexOf('at')];
  const band = workload === 'spike' ? [spikeAt, spikeAt + slots[island.inputs.indexOf('length')]] : null;
  const svg = labChart(rows, seconds, island.traced, band, show, {
    label: island.text['lab-chart-label'], x: island.text['lab-axis-seconds'], y: island.text['lab-axis-count'],
  });
  byId('chart').replaceChildren(svg);
}

// The module, once; then a run of the form as it stands.
let loading;
function begin() {
  loading ??= loadWasm(new URL(island.wasm, location.href)).then((w) => {
    lab = w;
    byId('output').hidden = false;
    // The preset selector is no input: its change fills the fields first.
    form.addEventListener('input', (event) => event.target.id !== 'lab-preset' && update());
    update();
  }, () => {
    byId('output').hidden = false;
    byId('verdict').replaceChildren(el('span', island.text['lab-failed']));
  });
}

// A library's preset fills the client's policy and budget (the selector
// has no name: it is no input, and the address keeps the fields it set).
byId('preset')?.addEventListener('change', (event) => {
  const inputs = island.presets[event.target.value];
  if (!inputs) return;
  for (const [key, x] of Object.entries(inputs)) {
    fields[key].value = x == null ? '' : fields[key].tagName === 'SELECT' ? String(x) : show(x);
  }
  if (lab) update();
  else begin();
});

byId('notice').hidden = true;
form.hidden = false;
if (readUrl()) begin();
for (const kind of ['focusin', 'pointerdown']) form.addEventListener(kind, begin, { once: true });
