//! The typography of each language, declared in `locales/<lang>/typography.toml`
//! and checked on every message: quotation marks and the apostrophe, the
//! dash, the ellipsis, doubled spaces, the no-break space between a figure
//! and its unit, the separator between two figures, and (where the language
//! wants it) the serial comma.
//!
//! The rules are data: a new language brings its own file, and a language
//! without one is not checked. Every finding is a warning (`--deny-warnings`
//! makes it fail), located at the offending text with a one-line fix. Figures
//! themselves are never checked here: the build writes them, with the decimal
//! mark and digit groups of CLDR (`intl`); what a translator can get wrong is
//! the text around them.
//!
//! It reads messages as `prose` gives them; it never changes a file.
//!
//! Over 500 lines with its tests (about 490 of code, one function per rule,
//! and 170 of tests, one per rule): the rules share the finding and the
//! reading of `Rules`, and stay together.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use unic_langid::LanguageIdentifier;

use crate::diagnostics::toml_diagnostic;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::check::prose::{self, FIGURE, Flat};
use crate::site::load::locales::LocaleFile;

/// The file of each language's rules, in `locales/<lang>/`.
pub const FILE_NAME: &str = "typography.toml";

/// Every quotation mark Unicode has for prose; any of them that is not one
/// of the language's (or its apostrophe) is reported.
const QUOTATION_MARKS: &[char] = &[
    '"', '\'', '“', '”', '„', '‟', '«', '»', '‘', '’', '‚', '‛', '‹', '›',
];

/// The most findings reported of one text (a message's value, an attribute
/// or a variant): each diagnostic copies its source line, and a text with
/// thousands of problems is one to rewrite, not to list.
pub const MAX_SHOWN: usize = 10;

/// The dashes a sentence may use between its parts.
const DASHES: &[char] = &['—', '–'];

/// The rules of one language, as `typography.toml` states them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Rules {
    /// The quotation marks, as (opening, closing) pairs, outer pair first.
    pub quotes: Vec<[char; 2]>,
    /// The apostrophe.
    pub apostrophe: char,
    /// The dash between parts of a sentence.
    pub dash: char,
    /// The spaces around that dash.
    pub dash_spacing: DashSpacing,
    /// The ellipsis, written instead of three dots.
    pub ellipsis: String,
    /// Whether two spaces in a row are reported.
    pub single_spaces: bool,
    /// What separates two figures written next to each other.
    pub figure_separator: String,
    /// Unit words written after a figure, joined to it by a no-break space.
    pub units_after: Vec<String>,
    /// Words written before a figure (`№`), joined to it the same way.
    pub units_before: Vec<String>,
    /// How the percent sign follows a figure: right after it (`99%`), or
    /// after a no-break space (`99 %`).
    pub percent_sign: PercentSign,
    /// The word that ends a list (`and`) when the language wants a comma
    /// before it in a list of three or more; empty where it does not.
    pub serial_comma_before: Vec<String>,
}

/// The spaces around the dash between parts of a sentence.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum DashSpacing {
    /// No space on either side: `a—b`.
    Closed,
    /// A space on each side: `a – b`.
    Spaced,
    /// A no-break space before and a space after, so that a line never
    /// starts with the dash: `a\u{a0}— b`.
    NoBreakBefore,
}

/// How a language writes the percent sign after a figure.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PercentSign {
    /// Right after the figure: `99%`.
    Closed,
    /// After a no-break space: `99 %`.
    NoBreakSpace,
}

/// The rules of every language that has a file, by language.
pub type Typography = BTreeMap<LanguageIdentifier, Rules>;

/// Reads `locales/<lang>/typography.toml` of every language that has one.
pub fn load(
    root: &Path,
    languages: &[LanguageIdentifier],
    diagnostics: &mut Diagnostics,
) -> Typography {
    languages
        .iter()
        .filter_map(|lang| {
            let rules: Rules = read_language_data(root, lang, FILE_NAME, diagnostics)?;
            let problems = rules.problems();
            for problem in &problems {
                let shown = Path::new("locales").join(lang.to_string()).join(FILE_NAME);
                diagnostics.push(Diagnostic::error(&shown, problem.clone()).with_hint(
                    "TRANSLATING.md (\"Typography and terms\") says what each rule holds",
                ));
            }
            problems.is_empty().then(|| (lang.clone(), rules))
        })
        .collect()
}

impl Rules {
    /// What makes these rules unusable: an empty unit, word or separator
    /// (it would match everywhere), or a mark that is a control character
    /// or a space.
    fn problems(&self) -> Vec<String> {
        let mut found = Vec::new();
        let bad = |c: char| c.is_control() || c.is_whitespace();
        let marks = self
            .quotes
            .iter()
            .flatten()
            .chain([&self.apostrophe, &self.dash])
            .copied();
        if let Some(c) = marks.into_iter().find(|&c| bad(c)) {
            found.push(format!(
                "a quotation mark, the apostrophe or the dash is U+{:04X}, a control character or a space",
                u32::from(c)
            ));
        }
        let words = self
            .units_after
            .iter()
            .chain(&self.units_before)
            .chain(&self.serial_comma_before)
            .chain([&self.ellipsis]);
        for word in words {
            if word.trim().is_empty() || word.chars().any(|c| c.is_control()) {
                found.push(format!(
                    "`{}` cannot be a unit, word or ellipsis: it is empty or holds a control character",
                    word.escape_debug()
                ));
            }
        }
        if self.figure_separator.chars().any(|c| c.is_control())
            || self.figure_separator.trim().is_empty()
        {
            found.push("`figure-separator` is empty or holds a control character".into());
        }
        found
    }
}

/// Reads and parses `locales/<lang>/<name>`, a data file of one language;
/// `None` when there is none (nothing to check) or when it is refused
/// (reported).
pub fn read_language_data<T: serde::de::DeserializeOwned>(
    root: &Path,
    lang: &LanguageIdentifier,
    name: &str,
    diagnostics: &mut Diagnostics,
) -> Option<T> {
    let shown: PathBuf = Path::new("locales").join(lang.to_string()).join(name);
    // Through the one reader: nothing outside the project (a linked
    // language folder included) may reach a diagnostic.
    let inputs = crate::input::Root::new(root);
    let source =
        match crate::input::read_text(&inputs, root, &shown, crate::input::Kind::Definition) {
            Ok(Some(source)) => source,
            Ok(None) => return None,
            Err(refused) => {
                diagnostics.push(refused);
                return None;
            }
        };
    match toml::from_str(&source) {
        Ok(data) => Some(data),
        Err(err) => {
            diagnostics.push(toml_diagnostic(&shown, &source, &err).with_hint(format!(
                "TRANSLATING.md (\"Typography and terms\") lists what {name} holds; locales/en/{name} is an example"
            )));
            None
        }
    }
}

/// One problem: where in the flat text, how long, what, and the fix.
struct Finding {
    at: usize,
    len: usize,
    what: String,
    fix: String,
}

/// Checks every message of `file` against `rules`.
pub fn lint_file(file: &LocaleFile, rules: &Rules, diagnostics: &mut Diagnostics) {
    for flat in prose::flats(file) {
        let mut findings = Vec::new();
        quotes(&flat, rules, &mut findings);
        dashes(&flat, rules, &mut findings);
        ellipsis(&flat, rules, &mut findings);
        spaces(&flat, rules, &mut findings);
        units(&flat, rules, &mut findings);
        percent(&flat, rules, &mut findings);
        figure_separator(&flat, rules, &mut findings);
        serial_comma(&flat, rules, &mut findings);
        findings.sort_by_key(|f| f.at);
        let more = findings.len().saturating_sub(MAX_SHOWN);
        if more > 0 {
            findings.truncate(MAX_SHOWN);
            let last = findings.last_mut().expect("MAX_SHOWN is not zero");
            last.what = format!(
                "{} (and {more} more problems of typography in this text)",
                last.what
            );
        }
        for finding in findings {
            let start = flat.source_offset(finding.at);
            diagnostics.push(
                file.at(
                    Diagnostic::warning(
                        &file.path,
                        format!("message `{}`: {}", flat.name, finding.what),
                    )
                    .with_hint(finding.fix),
                    start,
                    start + finding.len.max(1),
                ),
            );
        }
    }
}

/// The characters of the prose that are not masked, with their byte index.
fn visible(flat: &Flat) -> impl Iterator<Item = (usize, char)> + '_ {
    flat.text
        .char_indices()
        .filter(|&(i, _)| !flat.is_masked(i))
}

fn quotes(flat: &Flat, rules: &Rules, out: &mut Vec<Finding>) {
    let pair = |[open, close]: [char; 2]| format!("{open}…{close}");
    for (i, c) in visible(flat) {
        if !QUOTATION_MARKS.contains(&c) || c == rules.apostrophe {
            continue;
        }
        if rules.quotes.iter().any(|p| p.contains(&c)) {
            continue;
        }
        let apostrophe = c == '\''
            && flat.text[..i]
                .chars()
                .next_back()
                .is_some_and(char::is_alphabetic)
            && flat.text[i + 1..]
                .chars()
                .next()
                .is_some_and(char::is_alphabetic);
        let (what, fix) = if apostrophe {
            (
                "a straight apostrophe `'`".to_string(),
                format!("write the apostrophe `{}`", rules.apostrophe),
            )
        } else {
            (
                format!("`{c}` is not a quotation mark of this language"),
                format!(
                    "write {}",
                    rules
                        .quotes
                        .iter()
                        .map(|p| pair(*p))
                        .collect::<Vec<_>>()
                        .join(" or, inside quotes, ")
                ),
            )
        };
        out.push(Finding {
            at: i,
            len: c.len_utf8(),
            what,
            fix,
        });
    }
}

/// Whether `c` separates words: a space, a no-break space or a line end.
fn is_space(c: Option<char>) -> bool {
    c.is_none_or(|c| c == ' ' || c == '\u{a0}' || c == '\n')
}

fn dashes(flat: &Flat, rules: &Rules, out: &mut Vec<Finding>) {
    let text = &flat.text;
    let dash = rules.dash;
    let spaced = match rules.dash_spacing {
        DashSpacing::Closed => format!("`{dash}`, with no space around it"),
        DashSpacing::Spaced => format!("` {dash} `, with a space on each side"),
        DashSpacing::NoBreakBefore => {
            format!("` {dash} `, with a no-break space (U+00A0) before it and a space after")
        }
    };
    for (i, c) in visible(flat) {
        let before = text[..i].chars().next_back();
        let after = text[i + c.len_utf8()..].chars().next();
        let between_spaces = is_space(before) && is_space(after);
        let starts_line = before.is_none_or(|b| b == '\n');
        // `{ $title } — { $site }`: a separator between two placeables, not prose.
        let separator = text[..i].trim_end_matches(' ').ends_with(FIGURE)
            && text[i + c.len_utf8()..]
                .trim_start_matches(' ')
                .starts_with(FIGURE)
            && between_spaces;
        if separator {
            continue;
        }
        if c == '-' && between_spaces && !starts_line {
            out.push(Finding {
                at: i,
                len: 1,
                what: "a hyphen stands for a dash".into(),
                fix: format!("write the dash {spaced}"),
            });
        } else if DASHES.contains(&c) && c != dash && (is_space(before) || is_space(after)) {
            out.push(Finding {
                at: i,
                len: c.len_utf8(),
                what: format!("`{c}` is not the dash of this language"),
                fix: format!("write {spaced}"),
            });
        } else if c == dash && !starts_line {
            // Between two figures a dash means "to", and is never spaced.
            let range = [before, after]
                .iter()
                .all(|c| c.is_some_and(|c| c == FIGURE || c.is_ascii_digit()));
            let wrong = match rules.dash_spacing {
                DashSpacing::Closed => is_space(before) || is_space(after),
                DashSpacing::Spaced => !between_spaces && !range,
                DashSpacing::NoBreakBefore => {
                    !range && (before != Some('\u{a0}') || !is_space(after))
                }
            };
            if wrong {
                out.push(Finding {
                    at: i,
                    len: c.len_utf8(),
                    what: "the dash is spaced wrongly".into(),
                    fix: format!("write {spaced}"),
                });
            }
        }
    }
}

fn ellipsis(flat: &Flat, rules: &Rules, out: &mut Vec<Finding>) {
    for (i, _) in flat.text.match_indices("...") {
        if !flat.is_masked(i) {
            out.push(Finding {
                at: i,
                len: 3,
                what: "three dots".into(),
                fix: format!("write the ellipsis `{}`", rules.ellipsis),
            });
        }
    }
}

fn spaces(flat: &Flat, rules: &Rules, out: &mut Vec<Finding>) {
    if !rules.single_spaces {
        return;
    }
    let is_blank = |c: char| c == ' ' || c == '\u{a0}';
    let text = &flat.text;
    let mut i = 0;
    while let Some(found) = text[i..].find(is_blank) {
        let start = i + found;
        let run = text[start..].len() - text[start..].trim_start_matches(is_blank).len();
        let end = start + run;
        // Indentation and spaces at a line's end are not between words.
        let between_words = !text[..start].is_empty()
            && !text[..start].ends_with('\n')
            && !text[end..].is_empty()
            && !text[end..].starts_with('\n');
        if text[start..end].chars().count() > 1 && between_words && !flat.is_masked(start) {
            out.push(Finding {
                at: start,
                len: run,
                what: "two spaces in a row".into(),
                fix: "leave one space".into(),
            });
        }
        i = end;
    }
}

/// Whether `word` starts `text` as a whole word (not the start of a longer one).
fn starts_with_word(text: &str, word: &str) -> bool {
    text.strip_prefix(word)
        .is_some_and(|rest| !rest.chars().next().is_some_and(char::is_alphanumeric))
}

fn units(flat: &Flat, rules: &Rules, out: &mut Vec<Finding>) {
    let text = &flat.text;
    for (i, _) in text.match_indices(FIGURE) {
        let after = &text[i + FIGURE.len_utf8()..];
        if let Some(rest) = after.strip_prefix(' ')
            && let Some(unit) = rules.units_after.iter().find(|u| starts_with_word(rest, u))
        {
            let at = i + FIGURE.len_utf8();
            out.push(Finding {
                at,
                len: 1,
                what: format!("an ordinary space between a figure and `{unit}`"),
                fix: "type a no-break space (U+00A0) there, so that the two never break apart"
                    .into(),
            });
        }
        let before = &text[..i];
        if let Some(rest) = before.strip_suffix(' ')
            && let Some(unit) = rules.units_before.iter().find(|u| {
                rest.strip_suffix(u.as_str())
                    .is_some_and(|r| !r.chars().next_back().is_some_and(char::is_alphanumeric))
            })
        {
            out.push(Finding {
                at: i - 1,
                len: 1,
                what: format!("an ordinary space between `{unit}` and a figure"),
                fix: "type a no-break space (U+00A0) there, so that the two never break apart"
                    .into(),
            });
        }
    }
}

/// A percent sign after a figure, spaced as the language writes it.
fn percent(flat: &Flat, rules: &Rules, out: &mut Vec<Finding>) {
    let text = &flat.text;
    let is_figure = |c: char| c == FIGURE || c.is_ascii_digit();
    for (i, _) in text.match_indices('%') {
        if flat.is_masked(i) {
            continue;
        }
        let before = &text[..i];
        let space = before
            .chars()
            .next_back()
            .filter(|c| matches!(c, ' ' | '\u{a0}' | '\u{202f}'));
        let figure_at = before.len() - space.map_or(0, char::len_utf8);
        if !before[..figure_at]
            .chars()
            .next_back()
            .is_some_and(is_figure)
        {
            continue;
        }
        let finding = match (rules.percent_sign, space) {
            (PercentSign::Closed, Some(_)) => Some((
                "a space before `%`",
                "write the percent sign right after the figure (`99%`)",
            )),
            (PercentSign::NoBreakSpace, None) => Some((
                "no space before `%`",
                "type a no-break space (U+00A0) between the figure and `%`",
            )),
            (PercentSign::NoBreakSpace, Some(' ')) => Some((
                "an ordinary space before `%`",
                "type a no-break space (U+00A0) there, so that the two never break apart",
            )),
            _ => None,
        };
        if let Some((what, fix)) = finding {
            out.push(Finding {
                at: figure_at,
                len: (i - figure_at).max(1),
                what: what.into(),
                fix: fix.into(),
            });
        }
    }
}

fn figure_separator(flat: &Flat, rules: &Rules, out: &mut Vec<Finding>) {
    let text = &flat.text;
    let figures: Vec<usize> = text.match_indices(FIGURE).map(|(i, _)| i).collect();
    for pair in figures.windows(2) {
        let between = &text[pair[0] + FIGURE.len_utf8()..pair[1]];
        let separator = between.trim_end_matches([' ', '\u{a0}']);
        if separator.len() == 1
            && [",", ";"].contains(&separator)
            && separator != rules.figure_separator.trim()
        {
            out.push(Finding {
                at: pair[0] + FIGURE.len_utf8(),
                len: 1,
                what: format!("`{separator}` between two figures"),
                fix: format!(
                    "separate figures with `{}`: a decimal comma would read as part of a figure",
                    rules.figure_separator.trim()
                ),
            });
        }
    }
    // Where the separator of figures is the semicolon, which ends clauses
    // too, a list of figures runs on into the next clause ("8 und 16 s; vor
    // den …"): after a figure (and its unit), a semicolon must be followed
    // by a figure. (A comma after a figure is the ordinary end of a clause.)
    let separator = rules.figure_separator.trim();
    if separator != ";" {
        return;
    }
    for &at in &figures {
        let mut rest = &text[at + FIGURE.len_utf8()..];
        if let Some(unit) = rest.strip_prefix(['\u{a0}', ' ']).and_then(|r| {
            rules
                .units_after
                .iter()
                .find_map(|u| r.strip_prefix(u.as_str()))
        }) {
            rest = unit;
        }
        let Some(after) = rest.strip_prefix(separator) else {
            continue;
        };
        if !after
            .trim_start_matches([' ', '\u{a0}'])
            .starts_with(FIGURE)
        {
            let position = text.len() - rest.len();
            out.push(Finding {
                at: position,
                len: separator.len(),
                what: format!("`{separator}` after a figure, before words"),
                fix: format!(
                    "`{separator}` separates figures here, so after one it reads as the next item of a list: end the sentence, or join the clauses another way"
                ),
            });
        }
    }
}

/// A list of three or more ("a, b, c and d") without the comma before its
/// last word, where the language wants one. Read as a list: within one
/// clause, at least two commas (outside code and math) before the
/// conjunction, and at most five words after the last of them, not
/// starting with the conjunction itself (", and the table and totals" is a
/// new clause). A list of three with one comma ("a, b and c") is not told
/// from two clauses, so it is left to the reader.
fn serial_comma(flat: &Flat, rules: &Rules, out: &mut Vec<Finding>) {
    const CLAUSE_ENDS: &[char] = &['.', ';', ':', '!', '?', '\n', '(', ')', '—', '–'];
    const LOOKBACK: usize = 400;
    let text = &flat.text;
    for conjunction in &rules.serial_comma_before {
        let needle = format!(" {conjunction} ");
        for (i, _) in text.match_indices(&needle) {
            if flat.is_masked(i) {
                continue;
            }
            // A clause is read back at most LOOKBACK bytes: a list is short,
            // and a long text full of conjunctions stays linear.
            let mut window = i.saturating_sub(LOOKBACK);
            while !text.is_char_boundary(window) {
                window += 1;
            }
            let clause_start = text[window..i]
                .char_indices()
                .rfind(|&(at, c)| CLAUSE_ENDS.contains(&c) && !flat.is_masked(window + at))
                .map_or(window, |(at, c)| window + at + c.len_utf8());
            let commas: Vec<usize> = text[clause_start..i]
                .match_indices(',')
                .map(|(at, _)| clause_start + at)
                .filter(|&at| !flat.is_masked(at))
                .collect();
            let Some(&last_comma) = commas.last() else {
                continue;
            };
            let last_item: Vec<&str> = text[last_comma + 1..i].split_whitespace().collect();
            let new_clause = last_item.first().is_some_and(|w| w == conjunction);
            if commas.len() >= 2 && !last_item.is_empty() && last_item.len() <= 5 && !new_clause {
                out.push(Finding {
                    at: i + 1,
                    len: conjunction.len(),
                    what: format!("a list without a comma before `{conjunction}`"),
                    fix: format!(
                        "write `, {conjunction}`, as the lists the build writes do (\"a, b, {conjunction} c\")"
                    ),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::check::prose::test_file;

    /// The rules of `lang` as the site declares them.
    fn rules(lang: &str) -> Rules {
        let path = crate::site::load::locales::file_path(&lang.parse().unwrap(), "x")
            .with_file_name(FILE_NAME);
        let source =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
        toml::from_str(&source).unwrap()
    }

    /// What the rules of `lang` say of one message, as "what @ text".
    fn findings(lang: &str, source: &str) -> Vec<String> {
        let file = test_file(lang, source);
        let mut diagnostics = Diagnostics::default();
        lint_file(&file, &rules(lang), &mut diagnostics);
        diagnostics
            .items
            .iter()
            .map(|d| {
                let span = d.span.as_ref().unwrap();
                let column = span.location.column - 1;
                let at: String = span
                    .source_line
                    .chars()
                    .skip(column)
                    .take(span.width)
                    .collect();
                format!("{} @ {at}", d.message.split_once(": ").unwrap().1)
            })
            .collect()
    }

    #[test]
    fn quotation_marks_and_apostrophes_are_the_languages_own() {
        assert_eq!(
            findings("de", "a = Er sagt \"ja\" und “nein”.\n"),
            [
                "`\"` is not a quotation mark of this language @ \"",
                "`\"` is not a quotation mark of this language @ \"",
                "`”` is not a quotation mark of this language @ ”",
            ]
        );
        assert_eq!(
            findings("de", "a = Er sagt „ja“ und ‚nein‘.\n"),
            Vec::<String>::new()
        );
        assert_eq!(
            findings("en", "a = The calculator's “Copy”.\n"),
            ["a straight apostrophe `'` @ '"]
        );
        assert_eq!(
            findings("en", "a = The calculator’s “Copy”.\n"),
            Vec::<String>::new()
        );
        // In code, a quote is code.
        assert_eq!(
            findings("ru", "a = Введите `\"x\"`.\n"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn rules_that_would_match_everywhere_are_refused() {
        let mut broken = rules("ru");
        assert!(broken.problems().is_empty());
        broken.units_after.push(String::new());
        broken.dash = '\0';
        let found = broken.problems();
        assert_eq!(found.len(), 2, "{found:?}");
    }

    #[test]
    fn dashes_follow_the_language() {
        assert_eq!(
            findings("ru", "a = Первая задержка - ожидание – пауза.\n"),
            [
                "a hyphen stands for a dash @ -",
                "`–` is not the dash of this language @ –"
            ]
        );
        assert_eq!(
            findings("ru", "a = Первая задержка\u{a0}— ожидание.\n"),
            Vec::<String>::new()
        );
        // Russian: a line must not start with the dash, so the space before it is a no-break one.
        assert_eq!(
            findings("ru", "a = Первая задержка — ожидание.\n"),
            ["the dash is spaced wrongly @ —"]
        );
        assert_eq!(
            findings("de", "a = Mit oder ohne — Jitter.\n"),
            ["`—` is not the dash of this language @ —"]
        );
        assert_eq!(
            findings("en", "a = With or without — jitter.\n"),
            ["the dash is spaced wrongly @ —"]
        );
        assert_eq!(
            findings("en", "a = With or without—jitter.\n"),
            Vec::<String>::new()
        );
        // A title's separator, a range between figures and a list item are not dashes of prose.
        assert_eq!(
            findings("en", "a = { $title } — { $site }\n"),
            Vec::<String>::new()
        );
        assert_eq!(findings("ru", "a = { $a }—{ $b }\n"), Vec::<String>::new());
        assert_eq!(
            findings("ru", "a =\n    - Пункт.\n    - Ещё.\n"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn ellipsis_and_doubled_spaces() {
        assert_eq!(
            findings("en", "a = Wait...  then retry.\n"),
            ["three dots @ ...", "two spaces in a row @   "]
        );
        // Indentation and code are not between words.
        assert_eq!(
            findings("en", "a =\n    - One.\n      Two `a  b`.\n"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_figure_and_its_unit_are_joined_by_a_no_break_space() {
        assert_eq!(
            findings("ru", "a = Ждать { $total } с, повтор № { $retry }.\n"),
            [
                "an ordinary space between a figure and `с` @  ",
                "an ordinary space between `№` and a figure @  ",
            ]
        );
        assert_eq!(
            findings(
                "ru",
                "a = Ждать { $total }\u{a0}с, повтор №\u{a0}{ $retry }.\n"
            ),
            Vec::<String>::new()
        );
        // A word that starts like a unit is not one.
        assert_eq!(
            findings("en", "a = { $retries } sessions\n"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn figures_side_by_side_are_separated_as_the_language_reads_them() {
        assert_eq!(
            findings("de", "a = Werte { $a }, { $b }\n"),
            ["`,` between two figures @ ,"]
        );
        assert_eq!(
            findings("de", "a = Werte { $a }; { $b }\n"),
            Vec::<String>::new()
        );
        assert_eq!(
            findings("en", "a = Values { $a }, { $b }\n"),
            Vec::<String>::new()
        );
        // The separator of figures ending a clause after one: a list that
        // runs on into the words that follow.
        assert_eq!(
            findings("de", "a = Werte { $a }\u{a0}s; vor den anderen { $b }\n"),
            ["`;` after a figure, before words @ ;"]
        );
        assert_eq!(
            findings("de", "a = Werte { $a }\u{a0}s. Vor den anderen { $b }\n"),
            Vec::<String>::new()
        );
        assert_eq!(
            findings("en", "a = Values { $a }\u{a0}s; then { $b }\n"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_long_message_of_unclosed_openers_and_conjunctions_is_read_in_linear_time() {
        // About 600 kB of unclosed link targets and lists of three: a
        // quadratic reading would take many minutes.
        let source = format!("a = {}\n", "](, a, b and c ".repeat(40_000));
        let started = std::time::Instant::now();
        let found = findings("en", &source);
        assert_eq!(found.len(), MAX_SHOWN);
        assert!(
            found[MAX_SHOWN - 1].contains("(and 39990 more problems of typography in this text)")
        );
        let took = started.elapsed();
        assert!(took.as_secs() < 20, "{took:?}");
    }

    #[test]
    fn lists_of_english_take_the_serial_comma() {
        assert_eq!(
            findings(
                "en",
                "a = Set the first delay, the multiplier, the maximum and the retries.\n"
            ),
            ["a list without a comma before `and` @ and"]
        );
        assert_eq!(
            findings(
                "en",
                "a = Set the first delay, the multiplier, the maximum, and the retries.\n"
            ),
            Vec::<String>::new()
        );
        // Two clauses, and commas inside math, are not a list.
        assert_eq!(
            findings(
                "en",
                "a = Within $[0, d(n)]$, and the table and totals show it.\n"
            ),
            Vec::<String>::new()
        );
        assert_eq!(
            findings("de", "a = Basis, Multiplikator, Maximum und Anzahl.\n"),
            Vec::<String>::new()
        );
    }
}
