// What fits the deadline: once a deadline is given, the method module's
// `fit` export (contract::fit, the search of `schedule --fit-deadline D`)
// for the last good policy, its timeout and deadline: the most retries that
// start before the deadline (every delay longest, P99, median) and the
// largest first and maximum delays with which the last retry still starts
// in time at P99. The search runs the method up to about a hundred times,
// so it runs in a worker: this same script, started a second time
// (serveFits), given the page's compiled method module. A newer
// question ends a worker still busy with an older one. A question is put
// once typing pauses (PAUSE, then idle time): a search running beside
// every keystroke's update would take the processor from it, and
// starting a worker costs a few milliseconds of the input's own. Words from the
// island (calculator/fit.rs); the build writes the answers for defaults
// that give a deadline, and the script shows those for the built inputs.

import { isBuilt, readLimits } from './form.js';
import { compiled } from './load.js';
import { $, box, byKey, counting, data, el, failedMethods, fill, good, methods, num, unit } from './state.js';
import { idle } from './table.js';
import { slotsOf } from './wasm.js';

// The pause after an edit before its question goes to the worker (ms).
const PAUSE = 300;

// The worker; whether a question is asked and not answered yet, and
// whether it has gone to the worker (else it waits for the pause); its key.
let worker, busy = false, posted = false, asked = '', fitTimer;

// The build's answers for the built inputs (none where those give no
// deadline), kept from the page as built: shown again for those inputs
// without a module fetched or a search run.
let builtRows;

export function renderFit() {
  const limits = readLimits();
  builtRows ??= [...$('fit-figures').children];
  $('fit').hidden = limits.deadline == null;
  if (limits.deadline == null || builtRows.length && isBuilt(good, limits) && !counting()) {
    asked = '';
    if (busy) stop();
    if (limits.deadline == null) return;
    $('fit-status').textContent = '';
    $('fit-figures').replaceChildren(...builtRows);
    $('fit-figures').classList.remove('is-stale');
    return;
  }
  const d = data.contract.distribution;
  const slots = slotsOf(good, d);
  const url = data.wasm_methods[good.jitter];
  // The count switch changes the words, not the question.
  const key = `${url} ${slots}`;
  if (key === asked) {
    if (!busy) showFit();
    return;
  }
  $('fit-status').textContent = data.text.fit_working;
  $('fit-figures').classList.add('is-stale');
  if (busy) stop();
  // Asked once the kind's method module has come (its arrival updates);
  // if it cannot come, said so.
  const module = compiled.get(methods[url]);
  if (!module) return void (failedMethods[url] && cannotFit());
  asked = key;
  busy = true;
  fitTimer = setTimeout(() => idle(() => {
    if (asked !== key || posted) return;
    worker ??= startWorker();
    posted = true;
    worker.postMessage({ key, url, module, slots, len: d.fit_len });
  }), PAUSE);
}

// The last answer's figures, shown again when only the words change.
let last;

function startWorker() {
  const src = document.querySelector('#calculator script[src]').src;
  const w = new Worker(src, { type: 'module' });
  w.onmessage = ({ data: answer }) => {
    busy = posted = false;
    if (answer.key !== asked) return;
    if (answer.failed) return cannotFit();
    $('fit-status').textContent = '';
    if (answer.code) {
      const { errors } = data.contract.distribution;
      const text = data.text[`error_${errors[answer.code - 1]}`] ?? data.text.fit_failed;
      $('fit-status').textContent = text.replace('{retry}', num(answer.retry));
      $('fit-figures').replaceChildren();
      last = null;
      return;
    }
    last = byKey(data.contract.distribution.fit_answers, answer.out);
    showFit();
  };
  w.onerror = () => {
    busy = posted = false;
    cannotFit();
  };
  return w;
}

// A question given up: still waiting, it is not put; put, its worker
// ends (a search cannot be interrupted otherwise).
function stop() {
  clearTimeout(fitTimer);
  if (posted) {
    worker.terminate();
    worker = null;
  }
  busy = posted = false;
}

function cannotFit() {
  last = null;
  $('fit-status').textContent = data.text.fit_failed;
  $('fit-figures').replaceChildren();
}

// The answers in the page's words: counts in the count the switch chose.
export function showFit() {
  if (!last || $('fit').hidden) return;
  const t = data.text;
  const count = (k) => num(counting() ? k + 1 : k);
  const rows = [[counting() ? t.fit_most_attempts : t.fit_most_retries, fill(t.fit_most_figure, {
    worst: count(last.most_retries_worst),
    p99: count(last.most_retries_p99),
    p50: count(last.most_retries_p50),
  })]];
  // Without a retry there is no last retry to fit.
  if (good.retries > 0) {
    rows.push([t.fit_base, bound(last.largest_base_p99, t.fit_any)],
      [t.fit_max_delay, bound(last.largest_max_delay_p99, t.fit_any_max_delay)]);
  }
  $('fit-figures').replaceChildren(...rows.map(([dt, dd]) => box('div', {}, el('dt', dt), el('dd', dd))));
  $('fit-figures').classList.remove('is-stale');
}

// A bound as contract::fit writes it: NaN fits nothing, infinity anything,
// else the largest value that fits, rounded down to the page's places so
// that the figure shown fits too.
function bound(x, any) {
  if (Number.isNaN(x)) return data.text.fit_none;
  if (x === Infinity) return any;
  const places = 10 ** data.max_fraction_digits;
  const down = Math.floor(x * places) / places;
  return unit(down > 0 ? num(down) : `<\u00a0${num(1 / places)}`);
}

// In the worker: each question brings its method module, compiled (the
// page's own: nothing is fetched twice), and the distribution's input
// slots; the answer is the export's code, the overflowing retry and the
// fit buffer, or that the module failed.
export function serveFits() {
  const instances = {};
  self.onmessage = async ({ data: { key, url, module, slots, len } }) => {
    try {
      const w = (await (instances[url] ??= WebAssembly.instantiate(module))).exports;
      new Float64Array(w.memory.buffer, w.input_buffer(), slots.length).set(slots);
      const code = w.fit();
      const out = [...new Float64Array(w.memory.buffer, w.fit_buffer(), len)];
      self.postMessage({ key, code, retry: w.error_retry(), out });
    } catch {
      self.postMessage({ key, failed: true });
    }
  };
}
