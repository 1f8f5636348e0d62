//! Numbers and lists in a language's notation, through ICU4X.
//!
//! Every figure on a page passes through [`Intl::number`]: the shortest
//! decimal that round-trips the `f64`, rounded half away from zero to at most
//! three fraction digits, trailing zeros dropped, then laid out by ICU4X's
//! decimal formatter (`91,5` in ru and de, `2.000` in de, `2 000` with a
//! no-break space in ru, `2,000` in en). The calculator's script applies the
//! same rule with the separators this module reports, so that the table it
//! renders matches the one the build wrote.
//!
//! From [`SCIENTIFIC_FROM`] up, a figure is written in scientific notation
//! instead (`1.5 × 10³⁰⁰`, `1,5 × 10³⁰⁰`): a double can hold 309 digits,
//! which no reader counts.
//!
//! The script writes figures from notation data read off ICU4X and proven
//! against it ([`notation`]); a language whose notation that data cannot
//! describe is refused by [`Intl::new`]. The same separators tell the script
//! how a reader of the language types a number ([`NumberSymbols`]); the rule
//! that reads them is the script's `parseNumber`, and
//! `tests/e2e/number-cases.json` holds the cases both sides are tested on.
//!
//! Fluent numbers go through the same formatter: [`fluent_number`] is
//! installed as each bundle's formatter.

use fixed_decimal::{Decimal, FloatPrecision, SignedRoundingMode, UnsignedRoundingMode};
use icu_decimal::DecimalFormatter;
use icu_decimal::options::DecimalFormatterOptions;
use icu_list::ListFormatter;
use icu_list::options::{ListFormatterOptions, ListLength};
use icu_locale_core::Locale;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use intl_memoizer::Memoizable;
use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};

pub mod notation;
pub use notation::NumberSymbols;

use crate::backoff::{MAX_RETRIES, MIN_RETRIES};
use unic_langid::LanguageIdentifier;

/// The most fraction digits a figure shows.
pub const MAX_FRACTION_DIGITS: i16 = 3;

pub use notation::SCIENTIFIC_FROM;

/// The largest number the calculator accepts as input: a round limit just
/// under the largest double (about 1.8 × 10³⁰⁸).
pub const LARGEST_INPUT: f64 = 1e308;

/// The smallest non-zero delay the calculator accepts: the smallest figure
/// its table can show (one unit of the last of [`MAX_FRACTION_DIGITS`]).
pub const SMALLEST_INPUT: f64 = 0.001;

/// The formatters of one language, created once per language and build.
pub struct Intl {
    decimal: DecimalFormatter,
    list: ListFormatter,
    symbols: NumberSymbols,
    count_samples: Vec<(&'static str, u32)>,
}

impl Intl {
    /// The formatters of `lang`; `Err` names the language when ICU4X has no
    /// data for it or the script could not write its numbers as ICU4X does.
    pub fn new(lang: &LanguageIdentifier) -> Result<Intl, String> {
        let locale: Locale = lang
            .to_string()
            .parse()
            .map_err(|e| format!("ICU4X does not know the language `{lang}`: {e}"))?;
        let decimal =
            DecimalFormatter::try_new((&locale).into(), DecimalFormatterOptions::default())
                .map_err(|e| format!("no number format for `{lang}`: {e}"))?;
        let list = ListFormatter::try_new_and(
            (&locale).into(),
            ListFormatterOptions::default().with_length(ListLength::Wide),
        )
        .map_err(|e| format!("no list format for `{lang}`: {e}"))?;
        let rules = plural_rules(lang).map_err(|e| format!("no plural rules for `{lang}`: {e}"))?;
        let mut count_samples: Vec<(&'static str, u32)> = Vec::new();
        for n in MIN_RETRIES..=MAX_RETRIES {
            if let Ok(category) = rules.select(n as usize) {
                let name = category_name(category);
                if !count_samples.iter().any(|(c, _)| *c == name) {
                    count_samples.push((name, n));
                }
            }
        }
        let symbols = notation::read(&lang.to_string(), |x| format_decimal(&decimal, x))?;
        Ok(Intl {
            decimal,
            list,
            symbols,
            count_samples,
        })
    }

    /// For each CLDR plural category a retry count can fall in, the first
    /// count that does, so that a message can be formatted once per
    /// category.
    pub fn count_samples(&self) -> &[(&'static str, u32)] {
        &self.count_samples
    }

    /// A figure in this language's notation.
    pub fn number(&self, x: f64) -> String {
        format_decimal(&self.decimal, x)
    }

    /// A figure rounded to exactly `digits` fraction digits, trailing
    /// zeros kept (`149.0` beside `151.8`): for a table column whose
    /// figures share a precision. Beyond [`number`](Intl::number)'s range,
    /// as it writes them.
    pub fn fixed(&self, x: f64, digits: i16) -> String {
        if !x.is_finite() || x.abs() >= SCIENTIFIC_FROM {
            return self.number(x);
        }
        let Ok(mut decimal) = Decimal::try_from_f64(x, FloatPrecision::RoundTrip) else {
            return self.number(x);
        };
        decimal.round_with_mode(
            -digits,
            SignedRoundingMode::Unsigned(UnsignedRoundingMode::HalfExpand),
        );
        decimal.absolute.pad_end(-digits);
        self.decimal.format(&decimal).to_string()
    }

    /// `a, b and c` in this language; `a; b and c` where the decimal mark
    /// is a comma and an item holds one.
    ///
    /// A decimal comma inside a figure (ru and de) makes a comma-separated
    /// list ambiguous: "0,5, 1, 2". Editors then separate the items with
    /// semicolons, which CLDR's list patterns do not offer, so the list is
    /// formatted over placeholders and its commas become semicolons. A
    /// group separator does not: "250, 1,000, and 2,000" reads as English
    /// writes it, each group of three digits after its comma.
    pub fn and_list(&self, items: &[String]) -> String {
        let decimal_comma = self.symbols.decimal == ",";
        if !decimal_comma || !items.iter().any(|item| item.contains(',')) {
            return self
                .list
                .format(items.iter().map(String::as_str))
                .to_string();
        }
        // Private-use marks that no figure contains, fenced on both sides
        // so that mark 1 is not found inside mark 10.
        let marks: Vec<String> = (0..items.len())
            .map(|i| format!("\u{e000}{i}\u{e001}"))
            .collect();
        let mut list = self
            .list
            .format(marks.iter().map(String::as_str))
            .to_string()
            .replace(',', ";");
        for (mark, item) in marks.iter().zip(items) {
            list = list.replace(mark.as_str(), item);
        }
        list
    }

    /// The separators the calculator's script needs to write numbers exactly
    /// as [`Intl::number`] does.
    pub fn number_symbols(&self) -> &NumberSymbols {
        &self.symbols
    }
}

/// The language as Open Graph writes it, `language_TERRITORY` (`ru_RU`),
/// with the territory CLDR deems likely when the code names none.
pub fn og_locale(lang: &LanguageIdentifier) -> String {
    let Ok(mut id) = lang
        .to_string()
        .parse::<icu_locale_core::LanguageIdentifier>()
    else {
        return lang.to_string().replace('-', "_");
    };
    icu_locale::LocaleExpander::new_common().maximize(&mut id);
    match id.region {
        Some(region) => format!("{}_{}", id.language, region),
        None => id.language.to_string(),
    }
}

/// The rounding rule of this module, applied by `formatter`.
fn format_decimal(formatter: &DecimalFormatter, x: f64) -> String {
    if x.is_finite() && x.abs() >= SCIENTIFIC_FROM {
        return scientific(formatter, x);
    }
    let Ok(mut decimal) = Decimal::try_from_f64(x, FloatPrecision::RoundTrip) else {
        // Only NaN and infinities fail, and the core never returns them.
        return String::from("—");
    };
    decimal.round_with_mode(
        -MAX_FRACTION_DIGITS,
        SignedRoundingMode::Unsigned(UnsignedRoundingMode::HalfExpand),
    );
    decimal.absolute.trim_end();
    formatter.format(&decimal).to_string()
}

/// `x` as `m × 10ⁿ` with 1 ≤ m < 10, m rounded half up to three fraction
/// digits on the shortest decimal of `x` (the digits JavaScript's
/// `toExponential()` gives, so that the script writes the same), m in the
/// language's notation, n in superscript digits.
fn scientific(formatter: &DecimalFormatter, x: f64) -> String {
    // `{:e}` is the shortest round-trip decimal: `1.5e300`, `1e15`.
    let written = format!("{:e}", x.abs());
    let (mantissa, exponent) = written.split_once('e').expect("`{:e}` writes an exponent");
    let mut exponent: i32 = exponent.parse().expect("an integer exponent");
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    // Thousandths of the mantissa, rounded half up on the digits themselves.
    let mut kept: u32 = format!("{digits:0<4}")[..4].parse().expect("digits");
    if digits.as_bytes().get(4).is_some_and(|&d| d >= b'5') {
        kept += 1;
    }
    if kept == 10_000 {
        kept = 1000;
        exponent += 1;
    }
    let mantissa = format_decimal(formatter, f64::from(kept) / 1000.0);
    let sign = if x < 0.0 { "-" } else { "" };
    let superscript: String = exponent
        .to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            d => ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][d as usize - '0' as usize],
        })
        .collect();
    format!("{sign}{mantissa}\u{202f}×\u{202f}10{superscript}")
}

/// The name CLDR gives a plural category.
pub fn category_name(category: PluralCategory) -> &'static str {
    match category {
        PluralCategory::ZERO => "zero",
        PluralCategory::ONE => "one",
        PluralCategory::TWO => "two",
        PluralCategory::FEW => "few",
        PluralCategory::MANY => "many",
        PluralCategory::OTHER => "other",
    }
}

/// The cardinal plural rules of a language: its own, or for a regional or
/// script variant CLDR has no separate rules for (`pt-BR`, `en-GB`,
/// `zh-Hant`), those of its language, as Fluent's language negotiation
/// picks them too.
pub fn plural_rules(lang: &LanguageIdentifier) -> Result<PluralRules, &'static str> {
    PluralRules::create(lang.clone(), PluralRuleType::CARDINAL).or_else(|_| {
        let language = LanguageIdentifier::from_parts(lang.language, None, None, &[]);
        PluralRules::create(language, PluralRuleType::CARDINAL)
    })
}

/// The CLDR cardinal categories a language uses, found by asking its rules
/// about whole numbers and a few fractions.
pub fn plural_categories_of(lang: &LanguageIdentifier) -> BTreeSet<&'static str> {
    let mut categories = BTreeSet::new();
    let Ok(rules) = plural_rules(lang) else {
        return categories;
    };
    for n in 0..=1000usize {
        if let Ok(category) = rules.select(n) {
            categories.insert(category_name(category));
        }
    }
    for fraction in ["0.5", "1.5", "2.5", "5.5", "1.0"] {
        if let Ok(category) = rules.select(fraction) {
            categories.insert(category_name(category));
        }
    }
    categories
}

/// ICU4X's decimal formatter as an `intl-memoizer` item. A site renders one
/// bundle per page and language, so the formatter itself is created once per
/// language for the whole process and shared: each bundle's memoizer only
/// holds a handle to it.
pub struct FluentDecimal(Arc<DecimalFormatter>);

/// The process-wide decimal formatters, by language.
static DECIMAL_FORMATTERS: OnceLock<Mutex<HashMap<LanguageIdentifier, Arc<DecimalFormatter>>>> =
    OnceLock::new();

impl Memoizable for FluentDecimal {
    type Args = ();
    type Error = String;

    fn construct(lang: LanguageIdentifier, _args: ()) -> Result<Self, String> {
        let mut formatters = DECIMAL_FORMATTERS
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(formatter) = formatters.get(&lang) {
            return Ok(FluentDecimal(Arc::clone(formatter)));
        }
        let locale: Locale = lang.to_string().parse().map_err(|e| format!("{e}"))?;
        let formatter = Arc::new(
            DecimalFormatter::try_new((&locale).into(), DecimalFormatterOptions::default())
                .map_err(|e| e.to_string())?,
        );
        formatters.insert(lang, Arc::clone(&formatter));
        Ok(FluentDecimal(formatter))
    }
}

/// The formatter installed in every Fluent bundle: numbers by the rule of
/// this module, everything else as Fluent does it.
pub fn fluent_number(
    value: &fluent_bundle::FluentValue,
    memoizer: &intl_memoizer::concurrent::IntlLangMemoizer,
) -> Option<String> {
    match value {
        fluent_bundle::FluentValue::Number(n) => memoizer
            .with_try_get::<FluentDecimal, _, _>((), |f| format_decimal(&f.0, n.value))
            .ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn intl(code: &str) -> Intl {
        Intl::new(&code.parse().unwrap()).unwrap()
    }

    #[test]
    fn figures_in_each_languages_notation() {
        let (en, ru, de) = (intl("en"), intl("ru"), intl("de"));
        assert_eq!(en.number(2000.0), "2,000");
        assert_eq!(de.number(2000.0), "2.000");
        assert_eq!(ru.number(2000.0), "2\u{a0}000");
        assert_eq!(ru.number(91.5), "91,5");
        assert_eq!(de.number(91.5), "91,5");
        assert_eq!(en.number(45.75), "45.75");
        assert_eq!(en.number(0.1 + 0.2), "0.3");
        assert_eq!(en.number(1.0005), "1.001");
        assert_eq!(en.number(2.0), "2");
    }

    #[test]
    fn lists_use_the_languages_conjunction() {
        let items: Vec<String> = ["0,5", "1", "2", "4", "8", "16"].map(String::from).to_vec();
        assert_eq!(intl("ru").and_list(&items), "0,5; 1; 2; 4; 8 и 16");
        assert_eq!(intl("de").and_list(&items[..3]), "0,5; 1 und 2");
        assert_eq!(intl("de").and_list(&items[1..4]), "1, 2 und 4");
        let grouped: Vec<String> = ["250", "1,000", "2,000"].map(String::from).to_vec();
        assert_eq!(intl("en").and_list(&grouped), "250, 1,000, and 2,000");
        assert_eq!(intl("en").and_list(&items[1..4]), "1, 2, and 4");
    }

    #[test]
    fn open_graph_locales_get_their_likely_territory() {
        let og = |code: &str| og_locale(&code.parse().unwrap());
        assert_eq!(
            (og("en"), og("ru"), og("de"), og("pt-BR")),
            (
                "en_US".into(),
                "ru_RU".into(),
                "de_DE".into(),
                "pt_BR".into()
            )
        );
    }
}
