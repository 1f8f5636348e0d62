// The WebAssembly module: loading it, and running it on a policy (the
// inputs written to its slots, the error's code read back as the field's
// message).

import { readLimits } from './form.js';
import { data, FIELDS, num, view, wasm } from './state.js';

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
  const code = run(p);
  if (!code) return null;
  const text = (data.text[`error_${errors[code - 1]}`] ?? '').replace('{retry}', num(wasm.error_retry()));
  // An error of no field (bad jitter code) only marks the result stale.
  const field = FIELDS.find((f) => f.input === error_inputs[code - 1]);
  return { [field?.name ?? '']: text };
}

// module: distribution() first (which also takes decorrelated jitter), then
// schedule() for the other kinds, whose totals the page shows. 0 or the
// error's code.
function run(p) {
  const c = data.contract;
  const { inputs, jitters } = wasm.distribution ? c.distribution : c;
  const l = readLimits();
  const slots = view(wasm.input_buffer(), inputs.length);
  inputs.forEach((k, i) => { slots[i] = k === 'jitter' ? jitters.indexOf(p.jitter) : p[k] ?? l[k] ?? NaN; });
  const code = wasm.distribution?.();
  return code || (wasm.distribution && !c.jitters.includes(p.jitter) ? 0 : wasm.schedule());
}
