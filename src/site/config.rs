//! The site configuration, `site.toml`: the base URL and the languages.
//!
//! Adding a language is one entry in `languages` plus its `locales/<code>/`
//! folder. The first language is not special; `reference` names the language
//! every other is compared against (English).

use std::path::Path;

use serde::Deserialize;
use unic_langid::LanguageIdentifier;

use crate::diagnostics::Diagnostic;

/// `site.toml`, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    base_url: String,
    reference: String,
    languages: Vec<String>,
}

/// The validated configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// Absolute URL of the site's root, always ending in `/`.
    pub base_url: String,
    /// The language every other is compared against.
    pub reference: LanguageIdentifier,
    /// All languages, in the order the language switcher lists them.
    pub languages: Vec<LanguageIdentifier>,
}

/// The most languages a site may list. Every page links to every language
/// (switcher, hreflang alternates, sitemap), so the output grows with the
/// square of their number; 250 is more than any site translates into.
pub const MAX_LANGUAGES: usize = 250;

/// The error for a `languages` list longer than [`MAX_LANGUAGES`], found
/// before the codes are checked one against another.
fn too_many_languages(path: &Path, source: &str, languages: &[String]) -> Option<Diagnostic> {
    if languages.len() <= MAX_LANGUAGES {
        return None;
    }
    let error = Diagnostic::error(
        path,
        format!(
            "{} languages are listed; a site may have at most {MAX_LANGUAGES}",
            languages.len()
        ),
    )
    .with_hint("every page links to every language: split the site, or list fewer languages");
    // The `languages` key, at the start of its line.
    let key = source
        .match_indices("languages")
        .find(|&(i, _)| i == 0 || source.as_bytes()[i - 1] == b'\n');
    Some(match key {
        Some((start, key)) => error.at(source, start, start + key.len()),
        None => error,
    })
}

/// Reads and validates `site.toml`; every problem becomes a diagnostic.
pub fn parse(path: &Path, source: &str) -> Result<Config, Vec<Diagnostic>> {
    let raw: RawConfig = match toml::from_str(source) {
        Ok(raw) => raw,
        Err(err) => return Err(vec![toml_diagnostic(path, source, &err)]),
    };
    if let Some(problem) = too_many_languages(path, source, &raw.languages) {
        return Err(vec![problem]);
    }
    let mut problems = Vec::new();
    let mut languages = Vec::new();
    for code in &raw.languages {
        match parse_language(code) {
            Some(lang) if languages.contains(&lang) => problems.push(
                Diagnostic::error(path, format!("language `{code}` is listed twice"))
                    .at_text(source, code),
            ),
            Some(lang) => languages.push(lang),
            None => problems.push(
                Diagnostic::error(path, format!("`{code}` is not a language code"))
                    .at_text(source, code)
                    .with_hint("use a lowercase BCP 47 code such as `en`, `ru` or `pt-BR`"),
            ),
        }
    }
    let reference = parse_language(&raw.reference);
    match &reference {
        Some(r) if languages.contains(r) => {}
        _ => problems.push(
            Diagnostic::error(
                path,
                format!(
                    "the reference language `{}` is not in `languages`",
                    raw.reference
                ),
            )
            .at_text(source, &raw.reference),
        ),
    }
    let base_url_ok = (raw.base_url.starts_with("https://") || raw.base_url.starts_with("http://"))
        && !raw.base_url.contains(char::is_whitespace);
    if !base_url_ok {
        problems.push(
            Diagnostic::error(path, "`base_url` must be an absolute http(s) URL")
                .at_text(source, &raw.base_url),
        );
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut base_url = raw.base_url;
    if !base_url.ends_with('/') {
        base_url.push('/');
    }
    Ok(Config {
        base_url,
        reference: reference.expect("checked above"),
        languages,
    })
}

/// A language code as the site uses it in paths: lowercase language, with an
/// optional region (`pt-BR`). Anything else is refused, so that codes are
/// safe as folder and URL segments.
fn parse_language(code: &str) -> Option<LanguageIdentifier> {
    let lang: LanguageIdentifier = code.parse().ok()?;
    (lang == code && !lang.language.is_empty()).then_some(lang)
}

/// A TOML error with the location toml reports.
pub fn toml_diagnostic(path: &Path, source: &str, err: &toml::de::Error) -> Diagnostic {
    let message = err.message().to_string();
    let diagnostic = Diagnostic::error(path, message);
    match err.span() {
        Some(span) => diagnostic.at(source, span.start, span.end),
        None => diagnostic,
    }
}

impl Diagnostic {
    /// Points at the first occurrence of `needle` in `source` (a value the
    /// deserializer no longer has a position for), or at the file when it is
    /// not found.
    pub fn at_text(self, source: &str, needle: &str) -> Diagnostic {
        match source.find(needle) {
            Some(start) if !needle.is_empty() => self.at(source, start, start + needle.len()),
            _ => self,
        }
    }
}
