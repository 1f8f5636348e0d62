// Runs the calculator script's snippet filler (`fillSnippets` in
// static/calculator/as_code.js, bundled into the script the pages load) for
// tests/suite/snippets_parity.rs: reads {recipes, cases: [{policy, delays}]} on
// stdin, writes for each case each library's {code, notes} on stdout.
import { readFileSync } from 'node:fs';
import { fillSnippets } from '../../static/calculator/as_code.js';

const { recipes, cases } = JSON.parse(readFileSync(0, 'utf8'));
// Numbers as text: serde_json's reader may miss the last bit.
const exact = (x) => (typeof x === 'number' ? `#${x}` : x);
const out = cases.map(({ policy, delays }) =>
  fillSnippets(recipes, policy, delays).map(({ code, notes }) => ({
    code,
    notes: notes.map(([id, vars]) => [id, Object.fromEntries(Object.entries(vars).map(([k, x]) => [k, exact(x)]))]),
  })),
);
process.stdout.write(JSON.stringify(out));
