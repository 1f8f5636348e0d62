// The schedule as JSON, as `schedule` writes it: Copy and Download.

import { $, data, el, good, ROW, TOTALS, view, wasm } from './state.js';

// src/report.rs's document of the last good result (a refusal leaves the
// buffer alone), keys in its order.
function documentJson() {
  const { row, total: keys, schedule_len } = data.contract;
  const buf = view(wasm.schedule_buffer(), schedule_len);
  const retries = [];
  for (let r = 0; r < good.retries * ROW; r += ROW) {
    retries.push(Object.fromEntries(row.map((k, j) => [k, k === 'capped' ? buf[r + j] === 1 : buf[r + j]])));
  }
  const total = Object.fromEntries(keys.map((k, j) => [k, buf[TOTALS + j]]));
  return JSON.stringify({ policy: good, retries, total }, null, 2);
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
