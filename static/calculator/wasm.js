// The WebAssembly modules run on a policy (the inputs written to their
// slots, the error's code read back as the field's message); loading one is
// load.js's.

import { readLimits } from './form.js';
import { data, dist, FIELDS, methods, num, scheduleView, setDist, view, wasm } from './state.js';


// The input slots of a module's contract (its `inputs` and `jitters`) for
// policy p and the form's limits: NaN for an input not given.
export function slotsOf(p, { inputs, jitters }) {
  const l = readLimits();
  return inputs.map((k) => (k === 'jitter' ? jitters.indexOf(p.jitter) : p[k] ?? l[k] ?? NaN));
}

// Null, or p's error by field name; `{ module: true }` when p's kind needs a
// method module that has not come (or cannot), which is no input's fault.
export function compute(p) {
  // The distribution's codes extend the calculator's.
  const { errors, error_inputs } = data.contract.distribution;
  const [code, w] = run(p);
  if (!code) return null;
  if (code < 0) return { module: true };
  const text = (data.text[`error_${errors[code - 1]}`] ?? '').replace('{retry}', num(w.error_retry()));
  // An error of no field (bad jitter code) only marks the result stale.
  const field = FIELDS.find((f) => f.input === error_inputs[code - 1]);
  return { [field?.name ?? '']: text };
}

// The base module's schedule() first: the schedule of the kinds it offers,
// which the page and spread() read, and the policy's located errors
// (decorrelated jitter, not its kind, it refuses with the jitter's code).
// Then, once it has come, the method module of p's jitter kind
// (data.wasm_methods): the grid module computes the distribution from a
// copy of the base module's rows; the Monte Carlo module computes
// decorrelated jitter's schedule too, copied into the base module's buffer,
// its totals the run's. A refusal leaves the base module's buffer as it
// was. The error's code or 0, and the module that answered.
function run(p) {
  const c = data.contract;
  const write = (w, contract) => view(w.input_buffer(), contract.inputs.length, w).set(slotsOf(p, contract));
  const grid = c.jitters.includes(p.jitter);
  setDist(methods[data.wasm_methods[p.jitter]]);
  // spread() reads the base module's slots as well.
  write(wasm, c);
  const buf = scheduleView(), kept = buf.slice();
  let code = wasm.schedule();
  // A kind the base module does not compute waits for its method module.
  if (!dist && !grid) return [-1, wasm];
  if (!dist || grid && code) return [code, wasm];
  write(dist, c.distribution);
  const rows = view(dist.schedule_buffer(), c.schedule_len, dist);
  if (grid) rows.set(buf);
  if ((code = dist.distribution())) return buf.set(kept), [code, dist];
  buf.set(rows);
  return [0, dist];
}
