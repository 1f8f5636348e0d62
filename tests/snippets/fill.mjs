// Runs the calculator script's snippet filler (static/calculator.js, the
// module the pages load) for tests/snippets_parity.rs: reads
// {recipes, cases: [{policy, delays}]} on stdin, writes for each case each
// library's {code, notes} on stdout.
import { readFileSync } from 'node:fs';
import { fillSnippet, snippetEnv } from '../../static/calculator.js';

const { recipes, cases } = JSON.parse(readFileSync(0, 'utf8'));
const out = cases.map(({ policy, delays }) => {
  const env = snippetEnv(policy, delays);
  // Numbers as text: serde_json's reader may miss the last bit.
  return recipes.map((lib) => {
    const { code, notes } = fillSnippet(lib, env);
    const exact = (x) => (typeof x === 'number' ? `#${x}` : x);
    return { code, notes: notes.map(([id, vars]) => [id, vars.map(([k, x]) => [k, exact(x)])]) };
  });
});
process.stdout.write(JSON.stringify(out));
