// Numbers in the page's notation: formatNumber writes a figure as
// Intl::number does, parseNumber reads one as the page's readers type it.
// Pure functions of their arguments (the notation data comes from the
// island): the browser tests import them in Node.

// Intl::number's rule: String(x) rounded half away from zero to 3 decimals
// as a decimal string, as ICU4X does (floats would round 2.0005 down); from
// sym.scientific_from up, m × 10ⁿ as src/site/format/intl/mod.rs writes it.
export function formatNumber(x, sym) {
  if (!Number.isFinite(x)) return '—';
  if (Math.abs(x) >= sym.scientific_from) return scientific(x, sym);
  const s = String(Math.abs(x));
  const dot = s.indexOf('.');
  const e = s.indexOf('e');
  let int = dot < 0 ? s : s.slice(0, dot);
  let frac = dot < 0 ? '' : s.slice(dot + 1);
  if (e > 0) {
    // 1e-7 and down: into plain digits.
    const digits = s.slice(0, e).replace('.', '');
    const point = (dot < 0 ? e : dot) + Number(s.slice(e + 1));
    int = point > 0 ? digits.padEnd(point, '0') : '0';
    frac = point > 0 ? '' : '0'.repeat(-point) + digits;
  }
  if (frac.length > 3) {
    // In thousandths, exactly.
    const kept = int + frac.slice(0, 3);
    const all = frac[3] >= '5' ? String(BigInt(kept) + 1n).padStart(kept.length, '0') : kept;
    int = all.slice(0, -3);
    frac = all.slice(-3);
  }
  frac = frac.replace(/0+$/, '');
  // Groups as ICU4X sets them (src/site/format/intl/notation.rs): hi 12,34,567.
  const [first, rest] = sym.grouping ?? [3, 3];
  if (int.length >= first + (sym.group_four_digits ? 1 : 2)) {
    const groups = [];
    let end = int.length;
    for (let size = first; end > size; end -= size, size = rest) groups.unshift(int.slice(end - size, end));
    int = [int.slice(0, end), ...groups].join(sym.group);
  }
  return (x < 0 ? '-' : '') + int + (frac ? sym.decimal + frac : '');
}

// The mantissa from the shortest digits (toExponential() without argument),
// rounded half up to thousandths on the digits themselves.
function scientific(x, sym) {
  const [m, e] = Math.abs(x).toExponential().split('e');
  const digits = m.replace('.', '').padEnd(4, '0');
  let kept = Number(digits.slice(0, 4)) + (digits[4] >= '5' ? 1 : 0);
  let exponent = Number(e);
  if (kept === 10000) [kept, exponent] = [1000, exponent + 1];
  const sup = String(exponent).replace(/./g, (c) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'['-0123456789'.indexOf(c)]);
  return `${x < 0 ? '-' : ''}${formatNumber(kept / 1000, sym)}\u202f×\u202f10${sup}`;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A number as the page's readers type it; this is the one place of the rule
// that README's "Numbers in the calculator" states: the page's notation
// (digit groups optional; where used, sized as sym.grouping = [first, rest]
// sizes them: a leading group of 1 to `rest` digits, then groups of exactly
// `rest` and a last one of exactly `first`, so 1,234,567 in en and 12,34,567
// in hi, where 1,234,567 is refused; any space where it groups with spaces;
// an exponent allowed; U+2212 a minus); any other mix of digits, points,
// commas and spaces is ambiguous ('notation'); beyond `largest`,
// 'too_large'. Returns the number or the error's key.
export function parseNumber(text, sym, largest = Number.MAX_VALUE) {
  const t = text.replaceAll('\u2212', '-').trim();
  const group = `(?:${sym.group_accepted.map(escape).join('|')})`;
  const decimal = escape(sym.decimal);
  const [first, rest] = sym.grouping ?? [3, 3];
  // Inline, and the groups taken out with `group` itself: the shipped
  // script is within bytes of its budget (tests/suite/budgets.rs).
  const page = new RegExp(
    `^[+-]?(?:(?:\\d{1,${rest}}(?:${group}\\d{${rest}})*${group}\\d{${first}}|\\d+)(?:${decimal}\\d*)?|${decimal}\\d+)(?:e[+-]?\\d+)?$`,
    'i',
  );
  if (page.test(t)) {
    const x = Number(t.replace(new RegExp(group, 'g'), '').replace(sym.decimal, '.'));
    return Math.abs(x) > largest ? 'too_large' : x;
  }
  if (/^[+-]?(infinity|∞)$/i.test(t)) return 'too_large';
  return /^[+-]?[\d.,\s]*\d[\d.,\s]*(e[+-]?\d+)?$/i.test(t) ? 'notation' : 'not_a_number';
}
