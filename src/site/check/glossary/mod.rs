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
//!
//! A glossary holds at most [`MAX_TERMS`] terms and [`MAX_PATTERNS`]
//! patterns, each of at most [`MAX_PATTERN_WORDS`] words and
//! [`MAX_PATTERN_BYTES`] bytes, so that its checks stay quick: every
//! pattern's words are found in a message by one pass of one automaton
//! ([`Pieces`]), and only the patterns all of whose words occur are
//! compared word by word.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde::Deserialize;
use unic_langid::LanguageIdentifier;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::check::prose::{self, Flat};

mod patterns;
use crate::site::check::typography::{MAX_SHOWN, read_language_data};
use crate::site::load::locales::LocaleFile;
#[cfg(test)]
use patterns::word_matches;
use patterns::{Pieces, Word, joined, may_occur, occurrences, occurs, words};

/// The file of each language's glossary, in `locales/<lang>/`.
pub const FILE_NAME: &str = "glossary.toml";

/// The most terms a glossary may hold (the site's have two dozen).
pub const MAX_TERMS: usize = 500;
/// The most patterns (`use` and `avoid` together) a glossary may hold.
pub const MAX_PATTERNS: usize = 2_000;
/// The most words one pattern may have.
pub const MAX_PATTERN_WORDS: usize = 6;
/// The longest pattern, in bytes.
pub const MAX_PATTERN_BYTES: usize = 100;

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
    let mut truncated = Vec::new();
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
        let mut patterns = 0;
        let mut refused = Vec::new();
        for (index, (id, term)) in glossary.terms.iter().enumerate() {
            let known = glossaries
                .get(reference)
                .is_none_or(|r| r.terms.contains_key(id));
            let all = || term.words.iter().chain(&term.avoid);
            patterns += term.words.len() + term.avoid.len();
            let problem = if index == MAX_TERMS {
                Some(format!(
                    "the glossary holds more than {MAX_TERMS} terms; this one and those after it are not checked"
                ))
            } else if patterns > MAX_PATTERNS {
                Some(format!(
                    "the glossary holds more than {MAX_PATTERNS} words and variants by here; this term and those after it are not checked"
                ))
            } else if !known {
                Some(format!("`{id}` is not a term of the {reference} glossary"))
            } else if term.words.is_empty() || all().any(|w| w.trim_matches(['*', ' ']).is_empty())
            {
                Some(format!(
                    "term `{id}` needs at least one word in `use`, and no empty word"
                ))
            } else {
                all()
                    .find(|w| {
                        w.len() > MAX_PATTERN_BYTES
                            || w.split_whitespace().count() > MAX_PATTERN_WORDS
                    })
                    .map(|long| {
                        format!(
                            "term `{id}`: `{}` is longer than a glossary word may be ({MAX_PATTERN_WORDS} words, {MAX_PATTERN_BYTES} bytes)",
                            long.chars().take(40).collect::<String>()
                        )
                    })
            };
            if let Some(problem) = problem {
                diagnostics.push(
                    Diagnostic::error(&shown, problem)
                        .at_text(&source, &format!("[terms.{id}]"))
                        .with_hint(format!(
                            "every term is `[terms.<id>]` with `use = [...]`, ids as in locales/{reference}/{FILE_NAME}"
                        )),
                );
                if index >= MAX_TERMS || patterns > MAX_PATTERNS {
                    refused.extend(glossary.terms.keys().skip(index).cloned());
                    break;
                }
            }
        }
        if !refused.is_empty() {
            truncated.push((lang.clone(), refused));
        }
    }
    // Past a bound, the rest of a glossary is not checked (each error
    // above says so), so that a huge one costs no more than a bounded one.
    for (lang, refused) in truncated {
        if let Some(glossary) = glossaries.get_mut(&lang) {
            for id in refused {
                glossary.terms.remove(&id);
            }
        }
    }
    glossaries
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
    // the reference's words for it), their pieces in one automaton.
    let reference_terms: Vec<_> = glossary
        .terms
        .keys()
        .map(|id| reference_glossary.and_then(|g| g.terms.get(id)))
        .collect();
    let (pieces, compiled) =
        Pieces::compile(glossary.terms.values().zip(&reference_terms).flat_map(
            |(term, reference)| {
                [
                    term.words.as_slice(),
                    term.avoid.as_slice(),
                    reference.map_or(&[][..], |t| t.words.as_slice()),
                ]
            },
        ));
    let mut compiled = compiled.into_iter();
    let terms: Vec<_> = glossary
        .terms
        .iter()
        .zip(&reference_terms)
        .map(|((id, term), reference)| {
            let (use_words, avoid_words, reference_words) = (
                compiled.next().expect("use"),
                compiled.next().expect("avoid"),
                compiled.next().expect("reference"),
            );
            (
                id,
                term,
                use_words,
                avoid_words,
                reference.map(|t| (&t.words, reference_words)),
            )
        })
        .collect();
    let reference_present: HashMap<&str, Vec<bool>> = reference_joined
        .iter()
        .map(|(name, text)| (*name, pieces.present(text)))
        .collect();
    for (name, parts) in &by_name {
        let here = pieces.present(&joined(parts.iter().flat_map(|(_, words)| words)));
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
            let (Some(english), Some(english_present)) =
                (reference_words.get(*name), reference_present.get(*name))
            else {
                continue;
            };
            let in_reference = reference_patterns
                .iter()
                .position(|p| may_occur(p, english_present) && occurs(p, english))
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
        let (_, compiled) = Pieces::compile([&["Plan".to_string()][..]]);
        assert!(word_matches(&compiled[0][0].words[0], "plan"));
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
