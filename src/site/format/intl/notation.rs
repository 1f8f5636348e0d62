//! A language's number notation as data for the calculator's script.
//!
//! The build writes figures through ICU4X ([`super::Intl::number`]); the
//! script writes them with `formatNumber` in `static/calculator/notation.js`, from
//! the [`NumberSymbols`] each page's data island carries. This module reads
//! those symbols off ICU4X's own output and then proves them: every integer
//! length a figure below [`SCIENTIFIC_FROM`] can have is laid out by the
//! script's rule ([`lay_out`]) and compared with ICU4X. A language whose
//! notation the data cannot describe (digits other than 0–9, a mark around
//! the digits, a grouping rule of another shape) is refused with an error
//! naming the language, so browser and build never disagree on a figure.
//! It formats nothing for pages itself.
//!
//! Digit groups follow ICU4X's rule (`icu_decimal`, `grouper::check`,
//! https://github.com/unicode-org/icu4x/blob/main/components/decimal/src/grouper.rs):
//! a separator goes before the `primary` lowest digits and then every
//! `secondary` digits, once the integer part has at least `primary +
//! min_grouping` digits: `1,234,567` in en (3, 3, 1), `12,34,567` in hi
//! (3, 2, 1), `1234` but `12.345` in es (3, 3, 2).
//!
//! Figures are never negative (the core returns none), so the sign is not
//! part of what is compared.

/// From this magnitude up, figures are written in scientific notation (by
/// `Intl::number` and by the script alike).
pub const SCIENTIFIC_FROM: f64 = 1e15;

/// The no-break spaces a reader may type as a digit group separator where the
/// language groups digits with a space: the plain space, the no-break space
/// and the narrow no-break space (what French and newer CLDR data use).
const SPACE_SEPARATORS: [&str; 3] = [" ", "\u{a0}", "\u{202f}"];

/// The grouping of most languages, which the script assumes when the island
/// gives none.
const GROUPS_OF_THREE: [usize; 2] = [3, 3];

/// What separates digit groups and the fraction, in one language.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct NumberSymbols {
    pub group: String,
    pub decimal: String,
    /// Whether an integer part one digit longer than the first group is
    /// grouped (`1,234` in en; `1234` in ru, whose CLDR minimum grouping
    /// digits is two).
    pub group_four_digits: bool,
    /// The digits of the first group (next to the decimal mark) and of every
    /// group after it: `[3, 2]` in hi. Left out of the island when it is
    /// `[3, 3]`, which the script assumes.
    #[serde(skip_serializing_if = "is_groups_of_three")]
    pub grouping: [usize; 2],
    /// Every separator a reader may type between digit groups: `group`, and
    /// for languages that group with a space, every kind of space.
    pub group_accepted: Vec<String>,
    /// [`SCIENTIFIC_FROM`], for the script.
    pub scientific_from: f64,
}

fn is_groups_of_three(grouping: &[usize; 2]) -> bool {
    *grouping == GROUPS_OF_THREE
}

/// The digits of the probe figures: every integer length below
/// [`SCIENTIFIC_FROM`] is a prefix of these.
const PROBE_DIGITS: &str = "123456789012345";

/// The symbols of the language whose formatter is `number`, checked against
/// its output; `Err` says what ICU4X writes that the script could not.
pub fn read(lang: &str, number: impl Fn(f64) -> String) -> Result<NumberSymbols, String> {
    let probe = |digits: &str| -> f64 {
        format!("{digits}.5")
            .parse()
            .expect("probe digits form a number")
    };
    let widest = number(probe(PROBE_DIGITS));
    let symbols = parse(&widest, &number).ok_or_else(|| refusal(lang, &widest, None))?;
    // Integer parts of every length, with and without a fraction.
    for len in 1..=PROBE_DIGITS.len() {
        let int = &PROBE_DIGITS[..len];
        for (x, fraction) in [(probe(int), "5"), (int.parse().expect("digits"), "")] {
            let written = number(x);
            let ours = lay_out(int, fraction, &symbols);
            if written != ours {
                return Err(refusal(lang, &written, Some(&ours)));
            }
        }
    }
    Ok(symbols)
}

fn refusal(lang: &str, written: &str, ours: Option<&str>) -> String {
    let ours = ours.map_or(String::new(), |ours| {
        format!(", where the script would write `{ours}`")
    });
    format!(
        "the calculator's script cannot write numbers as ICU4X does in `{lang}`: \
         ICU4X writes `{written}`{ours}"
    )
}

/// The separators and group sizes of `widest` (the probe digits with a
/// fraction of 5, as ICU4X writes them); `None` when it is not runs of ASCII
/// digits between separators.
fn parse(widest: &str, number: &impl Fn(f64) -> String) -> Option<NumberSymbols> {
    let head = widest.strip_suffix('5')?;
    let int = head.trim_end_matches(|c: char| !c.is_ascii_digit());
    let decimal = &head[int.len()..];
    let groups: Vec<&str> = int
        .split(|c: char| !c.is_ascii_digit())
        .filter(|g| !g.is_empty())
        .collect();
    let group = int
        .split(|c: char| c.is_ascii_digit())
        .find(|s| !s.is_empty())?
        .to_string();
    let primary = groups.last()?.len();
    let secondary = groups.iter().rev().nth(1).map_or(primary, |g| g.len());
    if group.is_empty() || decimal.is_empty() || groups.len() < 2 {
        return None;
    }
    // Whether one digit more than the first group is grouped.
    let shortest_grouped: f64 = PROBE_DIGITS[..=primary].parse().ok()?;
    let group_four_digits = number(shortest_grouped).contains(&group);
    // A reader cannot tell one space from another on the keyboard: where
    // the language groups with a space, every space is a group separator.
    let group_accepted = if group.chars().all(char::is_whitespace) {
        SPACE_SEPARATORS.map(String::from).to_vec()
    } else {
        vec![group.clone()]
    };
    Some(NumberSymbols {
        group,
        decimal: decimal.to_string(),
        group_four_digits,
        grouping: [primary, secondary],
        group_accepted,
        scientific_from: SCIENTIFIC_FROM,
    })
}

/// The integer digits `int` grouped and the fraction digits `fraction`
/// appended, as the script's `formatNumber` lays them out from `symbols`.
pub fn lay_out(int: &str, fraction: &str, symbols: &NumberSymbols) -> String {
    let [first, rest] = symbols.grouping;
    let from = first + if symbols.group_four_digits { 1 } else { 2 };
    let mut groups: Vec<&str> = Vec::new();
    let mut end = int.len();
    if end >= from {
        let mut size = first;
        while end > size {
            groups.push(&int[end - size..end]);
            end -= size;
            size = rest;
        }
    }
    groups.push(&int[..end]);
    groups.reverse();
    let mut out = groups.join(&symbols.group);
    if !fraction.is_empty() {
        out.push_str(&symbols.decimal);
        out.push_str(fraction);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::format::intl::Intl;

    fn intl(code: &str) -> Result<Intl, String> {
        Intl::new(&code.parse().unwrap())
    }

    #[test]
    fn symbols_are_read_off_icu() {
        let ru = intl("ru").unwrap().number_symbols().clone();
        assert_eq!((ru.group.as_str(), ru.decimal.as_str()), ("\u{a0}", ","));
        assert!(ru.group_four_digits);
        assert!(!intl("es").unwrap().number_symbols().group_four_digits);
        let de = intl("de").unwrap().number_symbols().clone();
        assert_eq!((de.group.as_str(), de.decimal.as_str()), (".", ","));
        let en = intl("en").unwrap().number_symbols().clone();
        assert!(en.group_four_digits);
        assert_eq!(en.grouping, [3, 3]);
    }

    #[test]
    fn indian_grouping_is_read_and_laid_out() {
        let hi = intl("hi").unwrap();
        let symbols = hi.number_symbols();
        assert_eq!(symbols.grouping, [3, 2]);
        assert_eq!(hi.number(1_234_567.5), "12,34,567.5");
        assert_eq!(lay_out("1234567", "5", symbols), "12,34,567.5");
        assert_eq!(lay_out("123456789", "", symbols), "12,34,56,789");
        // Only a grouping other than three reaches the island.
        let json = serde_json::to_value(symbols).unwrap();
        assert_eq!(json["grouping"], serde_json::json!([3, 2]));
        let en = serde_json::to_value(intl("en").unwrap().number_symbols()).unwrap();
        assert!(en.get("grouping").is_none());
    }

    #[test]
    fn minimum_grouping_digits_decide_where_grouping_starts() {
        // Spanish and Polish leave four-digit numbers whole.
        let es = intl("es").unwrap();
        assert_eq!(es.number(1234.0), "1234");
        assert_eq!(lay_out("1234", "", es.number_symbols()), "1234");
        assert_eq!(lay_out("12345", "", es.number_symbols()), "12.345");
        let pl = intl("pl").unwrap();
        assert_eq!(lay_out("12345", "5", pl.number_symbols()), "12\u{a0}345,5");
    }

    #[test]
    fn a_notation_the_script_cannot_write_is_refused_naming_the_language() {
        // Persian writes Extended Arabic-Indic digits, which the script
        // does not; Marathi Devanagari ones.
        for lang in ["fa", "mr"] {
            let err = intl(lang).err().expect("refused");
            assert!(err.contains(&format!("`{lang}`")), "{err}");
            assert!(err.contains("ICU4X writes"), "{err}");
        }
    }
}
