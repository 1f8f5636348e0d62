//! Tests of the number notation the island hands the script: the cases the
//! browser tests hold `static/calculator/notation.js` to, checked against the Rust
//! side ([`Intl::number`] and the island's notation data).

use std::collections::BTreeMap;

use crate::report::js_number;
use crate::site::format::intl::{Intl, LARGEST_INPUT, NumberSymbols};

/// The cases the browser tests hold `static/calculator/notation.js`'s number rule
/// and reader to (`tests/e2e/number.test.js`). These tests check the same
/// cases against the Rust side: every expected figure against
/// [`Intl::number`], and every reading of typed text against the notation
/// data the island gives the script, so the script is never compared with
/// hand-made expectations alone. `UPDATE_NUMBER_CASES=1 cargo test`
/// writes the figures Rust gives for the inputs of `format`.
const NUMBER_CASES: &str = "tests/e2e/number-cases.json";

#[derive(serde::Deserialize, serde::Serialize)]
struct NumberCases {
    /// Each language's notation data as the island gives it to the
    /// script, for the languages of `format` that no page of the site
    /// is in (the browser tests check it against the islands of the
    /// others).
    notation: BTreeMap<String, serde_json::Value>,
    format: Vec<FormatCase>,
    parse: Vec<ParseCase>,
}

#[derive(serde::Deserialize, serde::Serialize)]
struct FormatCase {
    lang: String,
    /// The input as ECMAScript's `String(x)` writes it, so that both
    /// sides parse the very same double.
    x: String,
    want: String,
}

/// Typed text and what the script reads: a number, or the key of the
/// error (`notation`, `too_large`, `not_a_number`).
#[derive(serde::Deserialize, serde::Serialize)]
struct ParseCase {
    lang: String,
    text: String,
    want: serde_json::Value,
}

fn cases() -> (std::path::PathBuf, NumberCases) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(NUMBER_CASES);
    let text = std::fs::read_to_string(&path).expect("the number cases");
    (path, serde_json::from_str(&text).expect("valid cases"))
}

fn intl(lang: &str) -> Intl {
    Intl::new(&lang.parse().expect("a language")).expect("ICU4X data")
}

#[test]
fn number_cases_for_the_script_match_intl_number() {
    let (path, mut cases) = cases();
    let update = std::env::var_os("UPDATE_NUMBER_CASES").is_some();
    for case in &mut cases.format {
        let x: f64 = case.x.parse().expect("a number");
        assert_eq!(js_number(x), case.x, "inputs are written as String(x)");
        let got = intl(&case.lang).number(x);
        if update {
            case.want = got;
        } else {
            assert_eq!(got, case.want, "{} in {}", case.x, case.lang);
        }
    }
    let langs: std::collections::BTreeSet<&str> =
        cases.format.iter().map(|c| c.lang.as_str()).collect();
    for lang in langs {
        let symbols = serde_json::to_value(intl(lang).number_symbols()).expect("plain data");
        if update {
            cases.notation.insert(lang.to_string(), symbols);
        } else {
            assert_eq!(
                cases.notation.get(lang),
                Some(&symbols),
                "notation of {lang}"
            );
        }
    }
    if update {
        let json = serde_json::to_string_pretty(&cases).expect("serializable");
        std::fs::write(&path, json + "\n").expect("writable cases");
    }
}

/// `text` with every group separator a reader may type written as the
/// one the page prints.
fn as_printed(text: &str, symbols: &NumberSymbols) -> String {
    symbols
        .group_accepted
        .iter()
        .fold(text.to_string(), |t, g| {
            t.replace(g.as_str(), &symbols.group)
        })
}

/// What the page itself writes for `x`: grouped, and as the form shows
/// it, without groups.
fn page_forms(intl: &Intl, x: f64) -> [String; 2] {
    let printed = intl.number(x);
    let plain = printed.replace(&intl.number_symbols().group, "");
    [printed, plain]
}

/// The languages of the site's pages, as `site.toml` lists them: each has
/// its own full set of parse cases.
fn site_languages() -> Vec<String> {
    let path = std::path::Path::new("site.toml");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join(path)).expect("site.toml");
    let config = crate::site::load::config::parse(path, &source).expect("a valid site.toml");
    config.languages.iter().map(|l| l.to_string()).collect()
}

#[test]
fn typed_numbers_read_as_the_pages_own_notation() {
    let (_, cases) = cases();
    for lang in site_languages() {
        assert!(
            cases.parse.iter().filter(|c| c.lang == lang).count() >= 30,
            "every language has its cases: {lang}"
        );
    }
    // Languages no page is in (hi, es) are read by the browser tests with
    // the table's notation data, which must be ICU4X's.
    let langs: BTreeMap<&str, Intl> = cases
        .parse
        .iter()
        .map(|c| (c.lang.as_str(), intl(&c.lang)))
        .collect();
    for (lang, intl) in &langs {
        let symbols = serde_json::to_value(intl.number_symbols()).expect("plain data");
        assert_eq!(
            cases.notation.get(*lang),
            Some(&symbols),
            "notation of {lang}"
        );
    }
    for case in &cases.parse {
        let intl = &langs[case.lang.as_str()];
        let symbols = intl.number_symbols();
        let at = format!("{:?} in {}", case.text, case.lang);
        // The text with the page's separators made plain for Rust's parser.
        let plain = as_printed(case.text.trim(), symbols)
            .replace(&symbols.group, "")
            .replace(&symbols.decimal, ".")
            .replace('\u{2212}', "-");
        match &case.want {
            serde_json::Value::Number(want) => {
                let want = want.as_f64().expect("a double");
                let read: f64 = plain.parse().unwrap_or_else(|_| panic!("{at}: unreadable"));
                assert_eq!(read, want, "{at}");
                assert!(read.abs() <= LARGEST_INPUT, "{at}: within the limit");
                // Without exponent or a bare separator, the text after its
                // sign is what the page writes for the number's magnitude.
                let bare = case.text.trim();
                let bare = bare.strip_prefix(['+', '-', '\u{2212}']).unwrap_or(bare);
                if bare.chars().next().is_some_and(|c| c.is_ascii_digit())
                    && !bare.contains(['e', 'E'])
                    && !bare.ends_with(symbols.decimal.as_str())
                {
                    // Trailing zeros of a fraction change nothing.
                    let mut bare = as_printed(bare, symbols);
                    if bare.contains(symbols.decimal.as_str()) {
                        bare = bare.trim_end_matches('0').to_string();
                        bare = bare.trim_end_matches(symbols.decimal.as_str()).to_string();
                    }
                    // Grouped, it is the figure ICU4X prints, groups and
                    // all (12,34,567 in hi); otherwise that figure or its
                    // digits without groups.
                    let [printed, plain] = page_forms(intl, want.abs());
                    if bare.contains(symbols.group.as_str()) {
                        assert_eq!(bare, printed, "{at}: grouped as ICU4X groups it");
                    } else {
                        assert!([&printed, &plain].contains(&&bare), "{at}: {printed:?}");
                    }
                }
            }
            serde_json::Value::String(key) if key == "too_large" => {
                let read: f64 = plain
                    .replace('∞', "inf")
                    .parse()
                    .unwrap_or_else(|_| panic!("{at}: unreadable"));
                assert!(read.abs() > LARGEST_INPUT, "{at}: beyond the limit");
            }
            serde_json::Value::String(key) if key == "notation" => {
                // Read either way, with the point or the comma as the
                // decimal mark or as a group, the text is never a form
                // the page writes: the notation data does not accept it.
                let digits = |decimal: char| -> f64 {
                    let mut seen = false;
                    let kept: String = case
                        .text
                        .chars()
                        .rev()
                        .filter_map(|c| match c {
                            d if d.is_ascii_digit() => Some(d),
                            c if c == decimal && !seen => {
                                seen = true;
                                Some('.')
                            }
                            _ => None,
                        })
                        .collect();
                    kept.chars()
                        .rev()
                        .collect::<String>()
                        .parse()
                        .unwrap_or(0.0)
                };
                for reading in [digits('.'), digits(','), digits('#')] {
                    let forms = page_forms(intl, reading);
                    assert!(
                        !forms.contains(&as_printed(case.text.trim(), symbols)),
                        "{at}: the page writes {reading} so"
                    );
                }
            }
            serde_json::Value::String(key) if key == "not_a_number" => {
                assert!(
                    plain.parse::<f64>().is_err() || plain.contains("NaN"),
                    "{at}"
                );
                assert!(
                    case.text.trim().is_empty() || case.text.chars().any(|c| !c.is_ascii_digit()),
                    "{at}"
                );
            }
            other => panic!("{at}: unknown expectation {other}"),
        }
    }
}
