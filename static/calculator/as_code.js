// As code: the snippets follow the form. Each library's template, its
// holes and its checks of what differs come from src/snippets (a JSON
// asset per language, the section's data-src, fetched when the reader
// first opens the section and cached by the browser across pages);
// fillSnippets fills them by the rule of
// src/snippets/template.rs, operator for operator (tests/suite/snippets_parity.rs
// runs both on a grid). Figures in code are the language's literals, never
// the page's notation.

import { isBuiltPolicy } from './form.js';
import { $, data, el, fetchJson, K, num, ROW, scheduleView } from './state.js';

// The fetched data; `false` while it loads or if it failed.
let code = false;

// x as Rust's Display writes an f64: the shortest digits, no exponent.
const plain = (x) => {
  const [m, e = 0] = String(x).split('e'), [i, f = ''] = m.split('.'), d = i + f, p = i.length + +e;
  return !+e ? m : p <= 0 ? `0.${'0'.repeat(-p)}${d}` : p >= d.length ? d + '0'.repeat(p - d.length)
    : `${d.slice(0, p)}.${d.slice(p)}`;
};

// An expression's value (template::eval): `abs round trunc max min` are
// Math's. `?` evaluates the branch taken alone, as template::eval does;
// each operator is computed only when it is the node's (an update
// evaluates thousands of nodes).
function ev(e, env) {
  if (!e?.map) return e;
  const [o, ...a] = e;
  if (o === '?') return ev(a[ev(a[0], env) ? 1 : 2], env);
  const v = a.map((y) => ev(y, env)), [p, q] = v;
  switch (o) {
    case 'v': return env[p];
    case '+': return p + q;
    case '-': return p - q;
    case '*': return p * q;
    case '/': return p / q;
    case '<': return p < q;
    case '=': return p === q;
    case '!': return !p;
    case '&': return v.every(Boolean);
    case 'c': return v.join('');
    case 'n': return plain(p);
  }
  return Math[o](...v);
}

// Each library's code (its comments, the second only when it differs) and
// the differences found, {code: {variable: value}}, for the form's policy p
// in milliseconds and the core's delays. The variables are template.rs's
// Env: p, the longest delay, and where Java's whole milliseconds
// (template::whole_ms) first leave the delays; then the recipe's own, in
// its order.
export function fillSnippets(libs, p, delays) {
  const long = (x) => Math.max(Math.round(x), 1), cap = p.max_delay === null ? null : long(p.max_delay);
  let iv = long(p.base), w;
  for (let i = 0; i < delays.length && !w; i++) {
    const lib = cap === null ? iv : Math.min(iv, cap), core = delays[i];
    if (Math.abs(lib - core) > 1e-9 * core) w = { ms_retry: i + 1, ms_library: lib, ms_core: core };
    iv = Math.trunc(iv * p.multiplier);
  }
  const env = { ms_retry: 0, ...p, top: Math.max(...delays), ...w };
  return libs.map((lib) => {
    const e = { ...env };
    lib.let.map(([k, x]) => (e[k] = ev(x, e)));
    const notes = lib.checks.filter((c) => ev(c[1], e))
      .map(([id, , vars]) => [id, Object.fromEntries(vars.map(([k, x]) => [k, ev(x, e)]))]);
    const body = lib.body.replace(/\$(\d+)/g, (_, i) => ev(lib.holes[i], e));
    return { code: lib.comments[0] + (notes.length ? lib.comments[1] : '') + body, notes };
  });
}

// A difference's note: its message with each {variable} a number in the
// page's notation or a jitter kind's name (a duration's unit is in the text).
const note = ([id, vars]) => code.notes[id].replace(/\{(\w+)\}/g, (_, k) =>
  (typeof vars[k] === 'string' ? code.jitters[vars[k]] : num(vars[k])));

// On every valid input the snippets show the form's policy; on bad input
// the last ones stay, marked stale, and copy nothing. On a page in seconds
// the delays the checks read are the core's in seconds times 1000 (the
// build computes them in milliseconds: the same but for the last bit).
// Until the data is there (or if it never comes) the built snippets stand,
// marked stale once the form holds another policy.
export function showCode(policy, errors) {
  const stale = !!errors || (!code && !isBuiltPolicy(policy));
  $('code').classList.toggle('is-stale', stale);
  $('code-stale').hidden = !stale;
  for (const b of document.querySelectorAll('[data-code]')) b.disabled = stale;
  if (stale || !code) return;
  const k = policy.unit === 's' ? 1000 : 1, buf = scheduleView();
  const p = { ...policy, base: policy.base * k, max_delay: policy.max_delay && policy.max_delay * k };
  fillSnippets(code.libraries, p, Array.from({ length: p.retries }, (_, i) => buf[i * ROW + K.delay] * k))
    .forEach(({ code: text, notes }, i) => {
      const pre = $(`code-${code.libraries[i].id}-code`);
      const now = notes.length ? el('ul', '', { class: 'calc-snippet-notes' }) : el('p', code.exact, { class: 'hint' });
      for (const n of notes) now.append('\n', el('li', note(n)));
      pre.textContent = text;
      pre.parentNode.previousElementSibling.replaceWith(now);
    });
}

// The data is fetched once the section is open (at once if it already
// is), then `loaded` runs and the section is marked data-loaded; if it
// fails the built snippets stay, as showCode says.
export function startSnippets(loaded) {
  const part = $('code');
  const load = () => fetchJson(part.dataset.src)
    .then((d) => { code = d; loaded(); part.dataset.loaded = ''; }, () => {});
  if (part.open) load();
  else part.addEventListener('toggle', load, { once: true });
  for (const b of document.querySelectorAll('[data-code]')) {
    b.parentNode.hidden = false;
    b.onclick = () => navigator.clipboard.writeText(document.getElementById(b.dataset.code).textContent)
      .then(() => { b.nextElementSibling.textContent = data.text.copied; }, () => {});
  }
}
