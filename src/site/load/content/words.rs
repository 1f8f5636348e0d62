//! The `@message-id` holes of formulas and code listings, where a message's
//! words go: one rule for the skeleton checked while loading and the text
//! rendered in each language.

/// A formula's LaTeX with each `@message-id` replaced by `word(id)`.
pub fn fill_words(latex: &str, word: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(latex.len() * 2);
    let mut rest = latex;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
            .unwrap_or(after.len());
        out.push_str(&word(&after[..len]));
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}
