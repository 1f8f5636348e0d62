// Library presets: the selector fills the form from the presets' data
// (policies in milliseconds, src/site/sections/calculator/presets.rs), the URL
// records `preset`, and the status says "modified" once the form no longer
// holds the preset's policy. The data is an asset of its own (the select's
// data-src), fetched when the reader first goes to the selector or an
// address names a preset: no page loads it at start.

import { $, counting, countShown, data, fetchJson, FIELDS } from './state.js';

// The fetched data; undefined until it comes.
export let presets;
let presetsLoading;

// Fetches the data once (again after a failure); resolves when it is here.
export function loadPresets() {
  presetsLoading ??= fetchJson($('preset').dataset.src).then((d) => {
    presets = d;
    $('preset').dataset.loaded = '';
  }, () => {
    presetsLoading = null;
  });
  return presetsLoading;
}

// The preset's policy as the form's inputs, in the unit chosen.
function presetPolicy(id) {
  const p = { ...presets?.presets[id]?.policy };
  if (!p.jitter) return null;
  const k = ($('unit')?.value ?? data.defaults.unit) === 's' ? 1000 : 1;
  for (const key of ['base', 'max_delay']) if (p[key] !== null) p[key] /= k;
  return p;
}

// Figures go in as JavaScript writes them, with the page's decimal mark; no
// cap as 0, which such a page reads as none.
function choosePreset() {
  const unit = $('unit');
  if (unit?.value === 'units' && [...unit.options].some((o) => o.value === 'ms')) unit.value = 'ms';
  const p = presetPolicy($('preset').value);
  if (!p) return;
  $('jitter').value = p.jitter;
  // The count as the library counts it.
  $('count').value = presets.presets[$('preset').value].count;
  for (const f of FIELDS) {
    if (!(f.input in p)) continue;
    const x = f.input === 'retries' ? countShown(p.retries) : p[f.input];
    $(f.name).value = String(x ?? 0).replace('.', data.number.decimal);
  }
}

// A link naming a preset and no field (`?preset=polly`) shows the preset.
export function presetFromUrl(query) {
  if (!presets?.presets[query.get('preset')]) return;
  $('preset').value = query.get('preset');
  if (!FIELDS.some((f) => query.has(f.name))) choosePreset();
}

export function presetStatus(policy) {
  if (!presets) return;
  const id = $('preset').value;
  const p = presetPolicy(id);
  const counted = p && (counting() ? 'attempts' : 'retries') !== presets.presets[id].count;
  const text = p && (counted || Object.keys(p).some((k) => policy[k] !== p[k])) ? presets.modified : '';
  if ($('preset-status').textContent !== text) $('preset-status').textContent = text;
  $('preset-note').textContent = p ? presets.presets[id].note : '';
}

// The selector filling the form: at once when the data is here, else once
// it comes, then `loaded()` updates the page. Going to the selector starts
// the fetch, so that the data is usually here by the time of a choice.
export function startPresets(loaded) {
  const select = $('preset');
  if (!select) return;
  for (const e of ['focus', 'pointerdown']) select.addEventListener(e, loadPresets, { once: true });
  select.addEventListener('change', () => {
    if (presets) choosePreset();
    else loadPresets().then(() => presets && (choosePreset(), loaded()));
  });
}
