//! The values a page definition hands its messages besides formulas: named
//! figures (`[figures]`), the figures of retry amplification
//! (`[amplification]`, computed here from the layers and attempts), and
//! code listings (`[listings.<name>]`), whose comments are messages.
//!
//! A message never types a figure: the content file holds it, with its
//! source, and the build formats it in each language. This module validates
//! those values while loading (every problem at its value in the content
//! file) and turns them into Fluent arguments while rendering. It never
//! reads a Fluent file and never decides which message gets them
//! (`content::Section::takes_page_arguments` does).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use fluent_bundle::FluentArgs;
use serde::Deserialize;
use toml::Spanned;

use crate::diagnostics::Diagnostic;
use crate::identifier::is_identifier;
use crate::site::format::texts::Texts;

/// The largest number of layers or attempts `[amplification]` takes: more
/// says nothing more, and the product stays an exact integer in an `f64`.
pub const MAX_AMPLIFICATION_FACTOR: i64 = 100;

/// The names under which `[amplification]` reaches the messages.
pub const AMPLIFICATION_ARGUMENTS: [&str; 3] = [
    "amplification-layers",
    "amplification-attempts",
    "amplification-calls",
];

/// `[amplification]`: retries at each of `layers` nested layers, each
/// making up to `attempts` calls to the layer below.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAmplification {
    layers: Spanned<i64>,
    attempts: Spanned<i64>,
}

/// `[listings.<name>]`: a code listing in `language`, whose `@message-id`
/// placeholders are comment lines taken from the page's messages.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawListing {
    language: Spanned<String>,
    source: Spanned<String>,
}

/// A validated code listing.
#[derive(Clone, Debug)]
pub struct Listing {
    pub name: String,
    /// The info string of the fenced block (`python`): the `language-…`
    /// class of its `<code>`.
    pub language: String,
    pub source: String,
}

/// The values of one page, validated.
#[derive(Clone, Debug, Default)]
pub struct PageValues {
    /// Argument name → number, the computed ones included.
    pub figures: Vec<(String, f64)>,
    pub listings: Vec<Listing>,
}

impl PageValues {
    /// The names of every argument these values give.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.figures
            .iter()
            .map(|(name, _)| name.as_str())
            .chain(self.listings.iter().map(|l| l.name.as_str()))
    }

    /// Adds the figures and the listings (as fenced Markdown blocks, their
    /// comments in the language of `texts`) to `args`.
    pub fn add_arguments<'a>(&'a self, texts: &Texts, args: &mut FluentArgs<'a>) {
        for (name, value) in &self.figures {
            args.set(name.as_str(), *value);
        }
        for listing in &self.listings {
            args.set(listing.name.as_str(), listing_markdown(texts, listing));
        }
    }
}

/// Validates a page's figures, amplification and listings; every problem
/// points at its value in `source`. `formulas` are the page's formula
/// names, which the same messages get as arguments.
pub fn parse(
    path: &Path,
    source: &str,
    formulas: &[&str],
    figures: &BTreeMap<Spanned<String>, Spanned<f64>>,
    amplification: Option<&RawAmplification>,
    listings: &BTreeMap<Spanned<String>, RawListing>,
    problems: &mut Vec<Diagnostic>,
) -> PageValues {
    let at = |message: String, span: Range<usize>| {
        Diagnostic::error(path, message).at(source, span.start, span.end)
    };
    let mut values = PageValues::default();
    for (name, value) in figures {
        if !is_identifier(name.get_ref()) {
            problems.push(at(
                format!("`{}` cannot be a figure name", name.get_ref()),
                name.span(),
            ));
        } else if !value.get_ref().is_finite() || *value.get_ref() < 0.0 {
            problems.push(
                at(
                    format!(
                        "figure `{}` must be a finite number of zero or more",
                        name.get_ref()
                    ),
                    value.span(),
                )
                .with_hint("figures are counts, sizes and ratios of published defaults"),
            );
        } else if AMPLIFICATION_ARGUMENTS.contains(&name.get_ref().as_str()) {
            problems.push(
                at(
                    format!(
                        "figure `{}` is computed from `[amplification]`",
                        name.get_ref()
                    ),
                    name.span(),
                )
                .with_hint("give `layers` and `attempts` under `[amplification]` instead"),
            );
        } else {
            values
                .figures
                .push((name.get_ref().clone(), *value.get_ref()));
        }
    }
    if let Some(raw) = amplification {
        let factor = |field: &str, value: &Spanned<i64>| {
            let n = *value.get_ref();
            if (1..=MAX_AMPLIFICATION_FACTOR).contains(&n) {
                Ok(n)
            } else {
                Err(at(
                    format!(
                        "`amplification`: `{field}` must be a whole number from 1 to {MAX_AMPLIFICATION_FACTOR}"
                    ),
                    value.span(),
                ))
            }
        };
        match (
            factor("layers", &raw.layers),
            factor("attempts", &raw.attempts),
        ) {
            (Ok(layers), Ok(attempts)) => match calls_at_the_bottom(layers, attempts) {
                Some(calls) => {
                    values.figures.extend(
                        AMPLIFICATION_ARGUMENTS
                            .iter()
                            .zip([layers as f64, attempts as f64, calls as f64])
                            .map(|(name, value)| (name.to_string(), value)),
                    );
                }
                None => problems.push(at(
                    format!(
                        "`amplification`: {attempts} attempts over {layers} layers make more calls than a page can state exactly"
                    ),
                    raw.layers.span(),
                )),
            },
            (layers, attempts) => problems.extend(layers.err().into_iter().chain(attempts.err())),
        }
    }
    for (name, raw) in listings {
        let language = raw.language.get_ref();
        if !is_identifier(name.get_ref()) {
            problems.push(at(
                format!("`{}` cannot be a listing name", name.get_ref()),
                name.span(),
            ));
        }
        if language.is_empty() || !language.chars().all(|c| c.is_ascii_alphanumeric()) {
            problems.push(
                at(
                    format!("listing `{}`: `language` must be one word", name.get_ref()),
                    raw.language.span(),
                )
                .with_hint("ASCII letters and digits, like `python`"),
            );
        }
        if let Some(problem) = placeholder_problem(raw.source.get_ref()) {
            problems.push(
                at(
                    format!("listing `{}`: {problem}", name.get_ref()),
                    raw.source.span(),
                )
                .with_hint("a comment line is `# @message-id`; the listing holds no other `@`"),
            );
        }
        values.listings.push(Listing {
            name: name.get_ref().clone(),
            language: language.clone(),
            source: raw.source.get_ref().trim_end().to_string(),
        });
    }
    // Formulas, figures and listings are arguments of the same messages:
    // one name cannot stand for two of them. The error points at the later
    // one (listings come last), by its key in the content file.
    let mut names = formulas.to_vec();
    for name in values.names() {
        if names.contains(&name) {
            let message = format!(
                "`{name}` names two values: formulas, figures and listings need names of their own"
            );
            let key = listings
                .keys()
                .chain(figures.keys())
                .find(|key| key.get_ref() == name);
            problems.push(match key {
                Some(key) => at(message, key.span()),
                None => Diagnostic::error(path, message),
            });
        }
        names.push(name);
    }
    values
}

/// The calls the bottom layer receives when each of `layers` nested
/// layers makes up to `attempts` calls to the one below: attempts^layers.
/// `None` beyond 2^53, where an `f64` would no longer hold it exactly.
pub fn calls_at_the_bottom(layers: i64, attempts: i64) -> Option<u64> {
    let calls = u64::try_from(attempts)
        .ok()?
        .checked_pow(u32::try_from(layers).ok()?)?;
    (calls <= 1 << 53).then_some(calls)
}

/// Why a listing's `@` placeholders are unusable: an `@` not followed by a
/// message id (which would swallow code, as a decorator would).
fn placeholder_problem(source: &str) -> Option<String> {
    source.match_indices('@').find_map(|(at, _)| {
        let id: String = source[at + 1..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
            .collect();
        (id.is_empty()).then(|| format!("`@` at byte {at} is not followed by a message id"))
    })
}

/// A listing as a fenced Markdown block, each `@message-id` replaced by
/// that message's text. A comment must stay on its line: a message with a
/// line break, or none at all, is reported against the message.
pub fn listing_markdown(texts: &Texts, listing: &Listing) -> String {
    let code = crate::site::load::content::words::fill_words(&listing.source, |id| {
        let text = texts.get(id, None);
        if text.contains(['\n', '\r']) {
            texts.problem(
                id,
                None,
                "a comment of a code listing must be one line, with no line break",
            );
            return String::new();
        }
        text
    });
    // A fence longer than any run of backticks in the code, so that no
    // comment can close it.
    let longest = code.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}{}\n{code}\n{fence}", listing.language)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amplification_is_attempts_to_the_power_of_layers() {
        assert_eq!(calls_at_the_bottom(3, 3), Some(27));
        assert_eq!(calls_at_the_bottom(1, 5), Some(5));
        assert_eq!(calls_at_the_bottom(2, 4), Some(16));
        // 2^53 is exact in an f64; 2^54 is refused.
        assert_eq!(calls_at_the_bottom(53, 2), Some(1 << 53));
        assert_eq!(calls_at_the_bottom(54, 2), None);
        assert_eq!(calls_at_the_bottom(100, 100), None);
    }

    #[test]
    fn a_stray_at_sign_is_refused() {
        assert_eq!(placeholder_problem("x = 1\n# @listing-a\n"), None);
        assert_eq!(
            placeholder_problem("a = b @ c").as_deref(),
            Some("`@` at byte 6 is not followed by a message id")
        );
        assert!(placeholder_problem("# @").is_some());
    }
}
