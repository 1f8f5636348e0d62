//! The matching of a glossary's patterns in a message's words: the words
//! of prose (lowercase, with their places), a pattern word's `*` for any
//! letters, and the one Aho–Corasick automaton of a file's pattern words
//! ([`Pieces`]) that rules out, in one pass over a message, every pattern
//! not all of whose words occur in it. `mod.rs` reads the glossaries and
//! says what the matches mean.

use std::collections::HashMap;

use aho_corasick::AhoCorasick;

use crate::site::check::prose::Flat;

/// A word of prose: its lowercase text and where it starts in the flat text.
pub(super) struct Word {
    pub(super) text: String,
    pub(super) at: usize,
    pub(super) len: usize,
}

pub(super) fn words(flat: &Flat) -> Vec<Word> {
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

/// A pattern as it is matched: its words, lowercase, and the number of
/// each word's piece (the word without its `*`) in the file's [`Pieces`].
pub(super) struct Pattern {
    pub(super) words: Vec<String>,
    pieces: Vec<usize>,
}

/// Every pattern word of a file's checks without its `*`s, in one
/// Aho–Corasick automaton: one pass over a message's words tells which of
/// them occur in it, and a pattern occurs only where all of its pieces do.
/// Most patterns of a glossary are in few messages, so most are ruled out
/// by that pass before any word is compared.
pub(super) struct Pieces {
    automaton: AhoCorasick,
    count: usize,
}

impl Pieces {
    /// The pieces of `patterns` (each pattern's words), numbered in the
    /// order met; returns the automaton and each pattern compiled.
    pub(super) fn compile<'p>(
        patterns: impl IntoIterator<Item = &'p [String]>,
    ) -> (Pieces, Vec<Vec<Pattern>>) {
        let mut numbers: HashMap<String, usize> = HashMap::new();
        let mut pieces = Vec::new();
        let compiled = patterns
            .into_iter()
            .map(|words| {
                words
                    .iter()
                    .map(|pattern| {
                        let words: Vec<String> =
                            pattern.split_whitespace().map(str::to_lowercase).collect();
                        let pieces = words
                            .iter()
                            .map(|w| {
                                let piece = w.trim_matches('*').to_string();
                                let next = numbers.len();
                                *numbers.entry(piece.clone()).or_insert_with(|| {
                                    pieces.push(piece);
                                    next
                                })
                            })
                            .collect();
                        Pattern { words, pieces }
                    })
                    .collect()
            })
            .collect();
        let count = pieces.len();
        let automaton =
            AhoCorasick::new(&pieces).expect("bounded glossary words build an automaton");
        (Pieces { automaton, count }, compiled)
    }

    /// Which pieces occur in `text`.
    pub(super) fn present(&self, text: &str) -> Vec<bool> {
        let mut present = vec![false; self.count];
        for found in self.automaton.find_overlapping_iter(text) {
            present[found.pattern().as_usize()] = true;
        }
        present
    }
}

/// Whether `pattern` may occur in a message whose pieces are `present`
/// (`false` only when it cannot).
pub(super) fn may_occur(pattern: &Pattern, present: &[bool]) -> bool {
    pattern.pieces.iter().all(|&p| present[p])
}

/// Every word of a message (all its texts), lowercase, joined by spaces:
/// what [`Pieces::present`] reads.
pub(super) fn joined<'w>(words: impl IntoIterator<Item = &'w Word>) -> String {
    let mut out = String::new();
    for word in words {
        out.push_str(&word.text);
        out.push(' ');
    }
    out
}

/// Whether one pattern word (lowercase) matches one word of text.
pub(super) fn word_matches(pattern: &str, word: &str) -> bool {
    match (pattern.strip_prefix('*'), pattern.strip_suffix('*')) {
        (Some(rest), _) if rest.ends_with('*') => word.contains(rest.trim_end_matches('*')),
        (Some(tail), None) => word.ends_with(tail),
        (None, Some(head)) => word.starts_with(head),
        _ => word == pattern,
    }
}

/// Where `pattern` (one or more words) occurs among `words`: (first word,
/// last word) of each occurrence, found as they are asked for.
pub(super) fn occurrences<'w>(
    pattern: &'w Pattern,
    words: &'w [Word],
) -> impl Iterator<Item = (&'w Word, &'w Word)> + 'w {
    let parts = &pattern.words;
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
pub(super) fn occurs(pattern: &Pattern, words: &[Word]) -> bool {
    occurrences(pattern, words).next().is_some()
}
