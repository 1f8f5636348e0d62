// The schedule as JSON, as `schedule` writes it: Copy and Download.

import { sampleJson } from './sample.js';
import { $, byKey, data, el, good, ROW, scheduleView, TOTALS } from './state.js';

// src/report.rs's document of the last good result (a refusal leaves the
// buffer alone), keys in its order, with the newline `schedule` ends its
// output with: what Copy and Download give is byte for byte what it prints,
// up to `total`; a drawn sample run follows, byte for byte the `sample`
// of `schedule --sample SEED`.
function documentJson() {
  const { row, total: keys } = data.contract;
  const buf = scheduleView();
  const retries = [];
  for (let r = 0; r < good.retries * ROW; r += ROW) {
    retries.push(Object.fromEntries(row.map((k, j) => [k, k === 'capped' ? buf[r + j] === 1 : buf[r + j]])));
  }
  const total = byKey(keys, buf, TOTALS);
  // A drawn run follows as `schedule --sample SEED` writes it.
  const sample = sampleJson();
  return `${JSON.stringify(sample ? { policy: good, retries, total, sample } : { policy: good, retries, total }, null, 2)}\n`;
}

export function copyJson() {
  $('copied').textContent = '';
  // If refused, Download JSON still works.
  navigator.clipboard.writeText(documentJson()).then(() => {
    $('copied').textContent = data.text.copied;
  }, () => {});
}

export function downloadJson() {
  const href = URL.createObjectURL(new Blob([documentJson()], { type: 'application/json' }));
  el('a', null, { href, download: 'backoff-schedule.json' }).click();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 1e4);
}
