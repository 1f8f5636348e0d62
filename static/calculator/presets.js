// Library presets: the selector fills the form from the shared data's
// presets (policies in milliseconds, src/site/sections/calculator/presets.rs), the URL
// records `preset`, and the status says "modified" once the form no longer
// holds the preset's policy.

import { $, counting, countShown, data, FIELDS } from './state.js';

export let presets;

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

// The shared data's presets, and the selector filling the form.
export function startPresets() {
  presets = data.presets;
  $('preset')?.addEventListener('change', choosePreset);
}
