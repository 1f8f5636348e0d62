// The WebAssembly modules: loading one, and running them on a policy (the
// inputs written to their slots, the error's code read back as the field's
// message).

import { readLimits } from './form.js';
import { data, dist, FIELDS, K, num, ROW, scheduleView, TOTALS, view, wasm } from './state.js';

// Streaming needs the application/wasm type; compiling the bytes does not.
export async function loadWasm(url) {
  const { instance } = await WebAssembly.instantiateStreaming(fetch(url))
    .catch(async () => WebAssembly.instantiate(await (await fetch(url)).arrayBuffer()));
  return instance.exports;
}

// Null, or p's error by field name.
export function compute(p) {
  // The distribution's codes extend the calculator's.
  const { errors, error_inputs } = data.contract.distribution;
  const [code, w] = run(p);
  if (!code) return null;
  const text = (data.text[`error_${errors[code - 1]}`] ?? '').replace('{retry}', num(w.error_retry()));
  // An error of no field (bad jitter code) only marks the result stale.
  const field = FIELDS.find((f) => f.input === error_inputs[code - 1]);
  return { [field?.name ?? '']: text };
}

// Once the distribution module has come, its distribution() alone: it
// computes the schedule of every kind (decorrelated jitter's only there),
// with rows bit for bit the base module's (tests/e2e/frame.test.js),
// copied into the base module's buffer, which the page and spread() read.
// Its totals slot holds the distribution's totals; the page shows the
// schedule's, the last row's cumulative figures (Schedule::new in
// core/src/lib.rs), except for decorrelated jitter, whose schedule the
// distribution is. Before it comes, the base module's schedule(). The
// error's code or 0, and the module that answered.
function run(p) {
  const c = data.contract;
  const l = readLimits();
  const write = (w, { inputs, jitters }) => {
    const slots = view(w.input_buffer(), inputs.length, w);
    inputs.forEach((k, i) => { slots[i] = k === 'jitter' ? jitters.indexOf(p.jitter) : p[k] ?? l[k] ?? NaN; });
  };
  // spread() reads the base module's slots as well.
  write(wasm, c);
  if (!dist) return [wasm.schedule(), wasm];
  write(dist, c.distribution);
  const code = dist.distribution();
  if (code) return [code, dist];
  const buf = scheduleView();
  buf.set(view(dist.schedule_buffer(), c.schedule_len, dist));
  if (c.jitters.includes(p.jitter)) {
    const last = (p.retries - 1) * ROW;
    c.total.forEach((k, i) => { buf[TOTALS + i] = buf[last + K[`cumulative_${k}`]]; });
  }
  return [0, dist];
}
