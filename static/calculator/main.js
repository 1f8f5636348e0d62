// The calculator: words and contract (fields, rules, kinds, codes, offsets)
// from the page's JSON island and the language's shared data it names,
// figures from the core in WebAssembly. This
// module starts it and runs an update on every edit; the build bundles it
// with the modules it imports (src/site/render/bundle/mod.rs) and ships one script.

import { showCode, startSnippets } from './as_code.js';
import { renderChart } from './chart.js';
import { renderCost } from './cost.js';
import { renderDistribution, sampledMeans } from './distribution.js';
import { renderFit, serveFits } from './fit.js';
import { limitErrors, readAs, readForm, readUrl, saveState, showCount, startCount, writeUrl } from './form.js';
import { renderHerd } from './herd.js';
import { copyJson, downloadJson } from './json.js';
import { loadWasm } from './load.js';
import { loadPresets, presetStatus, startPresets } from './presets.js';
import { drawSample, newSeed, showSample, startSample } from './sample.js';
import { $, data, failedMethods, FIELDS, fetchJson, scheduleView, setData, setGood, setMethod, setWasm } from './state.js';
import { idle, renderTable, renderTotals, watchTable } from './table.js';
import { compute } from './wasm.js';

// Set while typing: the pause after which the URL and summary follow.
let timer, pauses = 0;

// On bad input the last result stays, marked stale.
function update(fromUser) {
  performance.clearMeasures('calc-render');
  performance.mark('calc-render-start');
  showCount();
  const form = readForm();
  if (fromUser) loadDist(form.policy.jitter);
  // The delay fields' labels name the unit chosen, none for plain numbers.
  const chosen = form.policy.unit;
  for (const tag of document.querySelectorAll('.calc-unit-tag')) {
    tag.hidden = chosen === 'units';
    const text = ` (${data.units[chosen]})`;
    if (chosen !== 'units' && tag.textContent !== text) tag.textContent = text;
  }
  const errors = form.errors ?? limitErrors() ?? compute(form.policy);
  // No input is wrong while the kind's method module loads, or if it cannot.
  if (errors?.module) errors.module = data.text[failedMethods[data.wasm_methods[form.policy.jitter]] ? 'stale_load_failed' : 'stale_loading'];
  if (!errors) render(setGood(form.policy));
  presetStatus(form.policy);
  showCode(form.policy, errors);
  for (const { name } of FIELDS) {
    $(`${name}-error`).textContent = errors?.[name] ?? '';
    $(name)[errors?.[name] ? 'setAttribute' : 'removeAttribute']('aria-invalid', 'true');
    // A figure another site language would read otherwise: how it was read.
    const read = errors?.[name] ? '' : readAs(name);
    const note = $(`${name}-read`);
    if (note.textContent !== read) note.textContent = read;
    note.hidden = !read;
  }
  // Everything that shows the last good result says it is out of date, and
  // nothing copies it as if it were the input's.
  $('stale').hidden = !errors;
  const staleText = errors?.module ?? data.text.stale;
  if ($('stale').textContent !== staleText) $('stale').textContent = staleText;
  for (const id of ['output', 'chart', 'herd', 'cost', 'fit']) $(id).classList.toggle('is-stale', !!errors);
  for (const id of ['copy', 'download']) $(id).disabled = !!errors;
  $('copied').textContent = '';
  // Each error is heard once, as it appears, not again per keystroke.
  const heard = Object.values(errors ?? {}).join(' ');
  if ($('errors-live').textContent !== heard) $('errors-live').textContent = heard;
  performance.measure('calc-render', 'calc-render-start');
  // The URL and the summary follow when typing pauses: Chrome throttles
  // frequent URL updates, and a summary per keystroke drowns the reader.
  // Then in idle time, so that replaceState's cost does not delay the
  // next keystroke; a newer edit cancels it.
  // An update of the script's own (the "as code" data came) leaves a
  // pending one be.
  if (!fromUser) return;
  saveState();
  clearTimeout(timer);
  const mine = ++pauses;
  timer = setTimeout(() => idle(() => mine === pauses && paused(!errors)), 500);
}

// A switch of language within the pause: its link gets the inputs now.
function writeUrlNow() {
  clearTimeout(timer);
  writeUrl();
}

function paused(ok) {
  writeUrl();
  // "Schedule for 8 retries. Longest total wait: 1 min 32 s."
  const longest = $('totals').querySelectorAll('div')[2];
  const summary = `${$('table').caption.textContent}. ${longest.querySelector('dt').textContent}: ` +
    `${longest.querySelector('dd').textContent}.`;
  $('announce').textContent = ok ? summary : '';
}

function render(p) {
  const buf = scheduleView();
  const sampled = sampledMeans();
  renderTable(p, buf, sampled);
  renderTotals(p, buf, sampled);
  drawSample();
  renderChart(p, buf);
  showSample();
  renderDistribution(p);
  renderFit();
  renderHerd();
  renderCost();
}

// Method modules, loaded on first need. Pages start on the base module;
// the reader's first edit (or an address with inputs) fetches the method
// module of the jitter kind (distribution() alone) once, sets it beside
// the base one and updates again; switching to a kind of the other method
// fetches that one. If that fails the base module works alone: the
// distribution parts stay as marked for inputs other than the built ones.
const loading = {};
function loadDist(jitter) {
  const url = data.wasm_methods[jitter];
  loading[url] ??= loadWasm(new URL(url, location.href)).then((w) => {
    setMethod(url, w);
    update(true);
  }, () => {
    failedMethods[url] = true;
    update(false);
  });
}

async function start() {
  // The shared half and the base module come together; without either
  // the page stays as built.
  const island = JSON.parse($('data').textContent);
  const [shared, base] = await Promise.all([fetchJson(island.shared),
    loadWasm(new URL(island.wasm, location.href))]);
  setData({ ...shared, ...island });
  setWasm(base);
  startSample(() => {
    newSeed();
    update(true);
  });
  // The built table shows the defaults: the last good result so far.
  const defaults = data.defaults;
  if (compute(defaults)) return;
  render(setGood(defaults));
  startPresets(() => update(true));
  startCount();
  startSnippets(() => update(false));
  watchTable();
  // An address naming a preset needs its data before it is read.
  if ($('preset') && new URLSearchParams(location.search).has('preset')) await loadPresets();
  readUrl();
  // An address with inputs is usually not the built page's: load at once.
  if (location.search) loadDist(readForm().policy.jitter);
  update(false);
  const form = $('form');
  form.oninput = (e) => e.target.tagName === 'INPUT' && update(true);
  form.onchange = (e) => e.target.tagName === 'SELECT' && update(true);
  for (const a of document.querySelectorAll('.language-switcher a')) a.addEventListener('click', writeUrlNow);
  $('copy').onclick = copyJson;
  $('download').onclick = downloadJson;

  $('needs').hidden = true;
  for (const id of ['form', 'chart', 'actions']) $(id).hidden = false;
}

// Not in Node, which may import any module for its pure functions.
if (typeof document !== 'undefined') start().catch(() => {});
// Started again as a worker, the script answers what fits a deadline.
else if (typeof WorkerGlobalScope !== 'undefined') serveFits();
