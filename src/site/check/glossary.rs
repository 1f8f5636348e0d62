//! The glossary of each language, `locales/<lang>/glossary.toml`: for each
//! key term, the words that translate it (`use`) and the variants that must
//! not (`avoid`). The reference language's glossary says which words of its
//! text are the term; a translation's says how it must be written there.
//!
//! For every message, each term whose reference words appear in the
//! reference message is looked up in the translation: a word of `avoid` is
//! a warning at that word, and a translation with none of `use` is a
//! warning at the message. A language's own `avoid` words are reported in
//! its messages whether or not the reference uses the term.
//!
//! A pattern is one or more words, compared without regard to case; `*` at
//! the start or end of a word stands for any letters there, so that
//! `повтор*` matches every case of the Russian noun and `*wartezeit` the
//! German compounds ending in it. It reads messages as `prose` gives them;
//! it never changes a file.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde::Deserialize;
use unic_langid::LanguageIdentifier;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::check::prose::{self, Flat};
use crate::site::check::typography::{MAX_SHOWN, read_language_data};
use crate::site::load::locales::LocaleFile;

/// The file of each language's glossary, in `locales/<lang>/`.
pub const FILE_NAME: &str = "glossary.toml";

/// One language's glossary.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Glossary {
    /// By term id (the same ids in every language).
    pub terms: BTreeMap<String, Term>,
}

/// One term in one language.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    /// The words that write the term; in the reference language, the words
    /// that show a message uses it.
    #[serde(rename = "use")]
    pub words: Vec<String>,
    /// Variants that must not stand for the term.
    #[serde(default)]
    pub avoid: Vec<String>,
}

/// The glossaries of every language that has one.
pub type Glossaries = BTreeMap<LanguageIdentifier, Glossary>;

/// Reads `locales/<lang>/glossary.toml` of every language that has one; a
/// term a translation's glossary has but the reference's does not, or a
/// term without words, is an error at that term, and a term of the
/// reference's it lacks a warning.
pub fn load(
    root: &Path,
    languages: &[LanguageIdentifier],
    reference: &LanguageIdentifier,
    diagnostics: &mut Diagnostics,
) -> Glossaries {
    let mut glossaries = Glossaries::new();
    for lang in languages {
        if let Some(glossary) = read_language_data::<Glossary>(root, lang, FILE_NAME, diagnostics) {
            glossaries.insert(lang.clone(), glossary);
        }
    }
    for (lang, glossary) in &glossaries {
        let shown = Path::new("locales").join(lang.to_string()).join(FILE_NAME);
        let source = std::fs::read_to_string(root.join(&shown)).unwrap_or_default();
        // A term left out is a term this language is never checked for.
        for id in glossaries
            .get(reference)
            .into_iter()
            .flat_map(|r| r.terms.keys())
            .filter(|id| !glossary.terms.contains_key(*id))
        {
            diagnostics.push(
                Diagnostic::warning(
                    &shown,
                    format!("the {reference} glossary's term `{id}` has no entry here"),
                )
                .with_hint(format!(
                    "add `[terms.{id}]` with the words that write it in this language"
                )),
            );
        }
        for (id, term) in &glossary.terms {
            let known = glossaries
                .get(reference)
                .is_none_or(|r| r.terms.contains_key(id));
            let problem = if !known {
                Some(format!("`{id}` is not a term of the {reference} glossary"))
            } else if term.words.is_empty()
                || term
                    .words
                    .iter()
                    .chain(&term.avoid)
                    .any(|w| w.trim().is_empty())
            {
                Some(format!(
                    "term `{id}` needs at least one word in `use`, and no empty word"
                ))
            } else {
                None
            };
            if let Some(problem) = problem {
                diagnostics.push(
                    Diagnostic::error(&shown, problem)
                        .at_text(&source, &format!("[terms.{id}]"))
                        .with_hint(format!(
                            "every term is `[terms.<id>]` with `use = [...]`, ids as in locales/{reference}/{FILE_NAME}"
                        )),
                );
            }
        }
    }
    glossaries
}

/// A word of prose: its lowercase text and where it starts in the flat text.
struct Word {
    text: String,
    at: usize,
    len: usize,
}

fn words(flat: &Flat) -> Vec<Word> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let is_word = |c: char| c.is_alphanumeric() || c == '-' || c == '’';
    for (i, c) in flat.text.char_indices() {
        if is_word(c) && !flat.is_masked(i) {
            current
                .get_or_insert_with(|| (i, String::new()))
                .1
                .extend(c.to_lowercase());
        } else if let Some((at, text)) = current.take() {
            out.push(Word {
                text,
                at,
                len: i - at,
            });
        }
    }
    if let Some((at, text)) = current {
        out.push(Word {
            text,
            at,
            len: flat.text.len() - at,
        });
    }
    out
}

/// A pattern as it is matched: its words, lowercase.
fn compile(pattern: &str) -> Vec<String> {
    pattern.split_whitespace().map(str::to_lowercase).collect()
}

/// Whether one pattern word (lowercase) matches one word of text.
fn word_matches(pattern: &str, word: &str) -> bool {
    match (pattern.strip_prefix('*'), pattern.strip_suffix('*')) {
        (Some(rest), _) if rest.ends_with('*') => word.contains(rest.trim_end_matches('*')),
        (Some(tail), None) => word.ends_with(tail),
        (None, Some(head)) => word.starts_with(head),
        _ => word == pattern,
    }
}

/// Where `pattern` (one or more words) occurs among `words`: (first word,
/// last word) of each occurrence, found as they are asked for.
fn occurrences<'w>(
    parts: &'w [String],
    words: &'w [Word],
) -> impl Iterator<Item = (&'w Word, &'w Word)> + 'w {
    let fits = !parts.is_empty() && parts.len() <= words.len();
    words
        .windows(parts.len().max(1))
        .take_while(move |_| fits)
        .filter(|window| {
            parts
                .iter()
                .zip(*window)
                .all(|(p, w)| word_matches(p, &w.text))
        })
        .map(|window| (&window[0], &window[window.len() - 1]))
}

/// Whether `pattern` occurs among `words`.
fn occurs(parts: &[String], words: &[Word]) -> bool {
    occurrences(parts, words).next().is_some()
}

/// Every word of a message (all its texts), lowercase, joined by spaces: a
/// pattern occurs in the message only if each of its words, without its
/// `*`, is a part of this text, which one substring search tells. Most
/// patterns of a glossary are in few messages, so most are ruled out here
/// before any word is compared.
fn joined<'w>(words: impl IntoIterator<Item = &'w Word>) -> String {
    let mut out = String::new();
    for word in words {
        out.push_str(&word.text);
        out.push(' ');
    }
    out
}

/// Whether `pattern` may occur in the message whose words are `joined`
/// (`false` only when it cannot).
fn may_occur(parts: &[String], joined: &str) -> bool {
    parts.iter().all(|p| joined.contains(p.trim_matches('*')))
}

/// Checks the terms of `file` against its language's glossary; `reference`
/// is the reference language's file of the same name (`None` for the
/// reference itself).
pub fn lint_file(
    file: &LocaleFile,
    reference: Option<&LocaleFile>,
    glossaries: &Glossaries,
    diagnostics: &mut Diagnostics,
) {
    let Some(glossary) = glossaries.get(&file.lang) else {
        return;
    };
    let reference_glossary = reference.and_then(|r| glossaries.get(&r.lang));
    // The reference's words by message and attribute, every variant at once.
    let mut reference_words: HashMap<String, Vec<Word>> = HashMap::new();
    if let Some(reference) = reference {
        for flat in prose::flats(reference) {
            reference_words
                .entry(flat.name.clone())
                .or_default()
                .extend(words(&flat));
        }
    }
    let flats = prose::flats(file);
    let mut by_name: BTreeMap<&str, Vec<(&Flat, Vec<Word>)>> = BTreeMap::new();
    for flat in &flats {
        by_name
            .entry(flat.name.as_str())
            .or_default()
            .push((flat, words(flat)));
    }
    let reference_joined: HashMap<&str, String> = reference_words
        .iter()
        .map(|(name, words)| (name.as_str(), joined(words)))
        .collect();
    // Each term's patterns, compiled once per file: (id, term, use, avoid,
    // the reference's words for it).
    let terms: Vec<_> = glossary
        .terms
        .iter()
        .map(|(id, term)| {
            let compiled = |words: &[String]| words.iter().map(|w| compile(w)).collect::<Vec<_>>();
            let reference_term = reference_glossary.and_then(|g| g.terms.get(id));
            (
                id,
                term,
                compiled(&term.words),
                compiled(&term.avoid),
                reference_term.map(|t| (&t.words, compiled(&t.words))),
            )
        })
        .collect();
    for (name, parts) in &by_name {
        let here = joined(parts.iter().flat_map(|(_, words)| words));
        for (id, term, use_words, avoid_words, reference_term) in &terms {
            // Avoided words, wherever they are.
            let mut avoided = false;
            // Ruled out once per id, not per definition (linear in duplicates).
            let avoid_here: Vec<_> = avoid_words.iter().filter(|a| may_occur(a, &here)).collect();
            for (flat, words) in parts {
                for avoid in &avoid_here {
                    // As many as typography reports of one text, at most.
                    for (first, last) in occurrences(avoid, words).take(MAX_SHOWN) {
                        avoided = true;
                        let start = flat.source_offset(first.at);
                        let end = flat.source_offset(last.at) + last.len;
                        diagnostics.push(file.at(
                            Diagnostic::warning(
                                &file.path,
                                format!("message `{name}`: `{}` is not the glossary's word for the term `{id}`", &flat.text[first.at..last.at + last.len]),
                            )
                            .with_hint(format!("write {}", shown(&term.words))),
                            start,
                            end.max(start + 1),
                        ));
                    }
                }
            }
            // The term in the reference message, and none of its words here.
            let Some((reference_words_of_term, reference_patterns)) = reference_term else {
                continue;
            };
            let (Some(english), Some(english_joined)) =
                (reference_words.get(*name), reference_joined.get(*name))
            else {
                continue;
            };
            let in_reference = reference_patterns
                .iter()
                .position(|p| may_occur(p, english_joined) && occurs(p, english))
                .map(|i| &reference_words_of_term[i]);
            let translated = || {
                use_words
                    .iter()
                    .filter(|w| may_occur(w, &here))
                    .any(|w| parts.iter().any(|(_, words)| occurs(w, words)))
            };
            // An avoided variant already says what to write instead.
            if let Some(used) = in_reference
                && !avoided
                && !translated()
            {
                let id_name = name.split('.').next().unwrap_or(name);
                let offset = file.definition(id_name).unwrap_or(0);
                diagnostics.push(file.at(
                    Diagnostic::warning(
                        &file.path,
                        format!(
                            "message `{name}`: the {} text says `{}`, and this one has none of the glossary's words for it",
                            reference.map_or_else(String::new, |r| r.lang.to_string()),
                            used.trim_matches('*')
                        ),
                    )
                    .with_hint(format!("write {}", shown(&term.words))),
                    offset,
                    offset + id_name.len(),
                ));
            }
        }
    }
}

/// The words of a term as a hint lists them.
fn shown(words: &[String]) -> String {
    words
        .iter()
        .map(|w| format!("`{}`", w.trim_matches('*')))
        .collect::<Vec<_>>()
        .join(" or ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::check::prose::test_file;

    fn glossaries() -> Glossaries {
        let en = "[terms.total-wait]\nuse = [\"total wait\"]\n[terms.retry]\nuse = [\"retry\", \"retries\"]\n";
        let de = "[terms.total-wait]\nuse = [\"*gesamtwartezeit*\"]\navoid = [\"kumuliert* wartezeit*\"]\n[terms.retry]\nuse = [\"*wiederholung*\"]\navoid = [\"erneut* versuch*\"]\n";
        [("en", en), ("de", de)]
            .into_iter()
            .map(|(lang, source)| (lang.parse().unwrap(), toml::from_str(source).unwrap()))
            .collect()
    }

    /// The glossary's warnings on a German message against an English one,
    /// as "message @ underlined text".
    fn findings(english: &str, german: &str) -> Vec<String> {
        let en = test_file("en", english);
        let de = test_file("de", german);
        let mut diagnostics = Diagnostics::default();
        lint_file(&de, Some(&en), &glossaries(), &mut diagnostics);
        diagnostics
            .items
            .iter()
            .map(|d| {
                let span = d.span.as_ref().unwrap();
                let at: String = span
                    .source_line
                    .chars()
                    .skip(span.location.column - 1)
                    .take(span.width)
                    .collect();
                format!("{} @ {at}", d.message)
            })
            .collect()
    }

    #[test]
    fn an_avoided_variant_is_reported_at_its_words() {
        assert_eq!(
            findings(
                "a = Total wait\n",
                "a = Kumulierte Wartezeit und Gesamtwartezeit\n"
            ),
            [
                "message `a`: `Kumulierte Wartezeit` is not the glossary's word for the term `total-wait` @ Kumulierte Wartezeit"
            ]
        );
    }

    #[test]
    fn a_term_of_the_reference_needs_one_of_the_translations_words() {
        assert_eq!(
            findings(
                "a = The longest total wait\n",
                "a = Die längste Wartezeit\n"
            ),
            [
                "message `a`: the en text says `total wait`, and this one has none of the glossary's words for it @ a"
            ]
        );
        // Compounds and any variant of a selector count.
        assert_eq!(
            findings(
                "a = { $n ->\n    [one] one retry\n   *[other] many retries\n}, total wait\n",
                "a = { $n ->\n    [one] eine Wiederholung\n   *[other] viele\n}, Gesamtwartezeiten\n"
            ),
            Vec::<String>::new()
        );
        // Attributes are compared with the same attribute; an avoided
        // variant is reported once, not also as a missing term.
        assert_eq!(
            findings(
                "a = Q\n    .answer = One retry.\n",
                "a = F\n    .answer = Ein erneuter Versuch.\n"
            ),
            [
                "message `a.answer`: `erneuter Versuch` is not the glossary's word for the term `retry` @ erneuter Versuch"
            ]
        );
        assert_eq!(
            findings(
                "a = Q\n    .answer = One retry.\n",
                "a = F\n    .answer = Einmal.\n"
            ),
            [
                "message `a.answer`: the en text says `retry`, and this one has none of the glossary's words for it @ a"
            ]
        );
    }

    #[test]
    fn words_in_code_and_math_are_not_terms() {
        assert_eq!(
            findings("a = Use `total wait`.\n", "a = Nutzen Sie `x`.\n"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn patterns_match_whole_words_with_stars_for_any_letters() {
        assert!(word_matches("повтор*", "повторов"));
        assert!(word_matches("*wartezeit", "gesamtwartezeit"));
        assert!(word_matches("*wiederholung*", "wiederholungsschleife"));
        assert!(word_matches(&compile("Plan")[0], "plan"));
        assert!(!word_matches("plan", "zeitplan"));
    }

    /// One term per concept: each variant an editor found standing beside
    /// the site's word for the same thing is refused by that language's own
    /// glossary, wherever it appears.
    #[test]
    fn the_site_glossaries_refuse_the_second_word_for_a_concept() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
        let config = crate::site::load::config::parse(Path::new("site.toml"), &config).unwrap();
        let glossaries = load(
            root,
            &config.languages,
            &config.reference,
            &mut Diagnostics::default(),
        );
        let cases = [
            ("en", "the largest allowed delay"),
            ("en", "with a base of five"),
            ("ru", "процентили"),
            ("ru", "тысяча запусков"),
            ("ru", "с фиксированным зерном"),
            ("ru", "Часто задаваемые вопросы"),
            ("ru", "стратегия повторов"),
            ("de", "Wiederholungsstrategie"),
            ("de", "eine Basis von zehn"),
            ("de", "Häufig gestellte Fragen"),
            ("de", "die Client-Bibliothek"),
            ("de", "über zehn Läufe"),
            ("de", "mit dem Seed"),
        ];
        for (lang, text) in cases {
            let file = test_file(lang, &format!("a = {text}\n"));
            let mut diagnostics = Diagnostics::default();
            lint_file(&file, None, &glossaries, &mut diagnostics);
            assert!(
                diagnostics
                    .items
                    .iter()
                    .any(|d| d.message.contains("is not the glossary's word")),
                "{lang}: {text:?} passes"
            );
        }
    }
}
