//! The site configuration, `site.toml`: the base URL and the languages.
//!
//! Adding a language is one entry in `languages` plus its `locales/<code>/`
//! folder. The first language is not special; `reference` names the language
//! every other is compared against (English). Language codes are BCP 47 in
//! their canonical spelling (`de`, `pt-BR`, `zh-Hant`); `base_url` is an
//! http(s) URL with a host and a plain path. Values are read with their
//! positions (`toml::Spanned`), so every diagnostic points at the value.

use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;
use unic_langid::LanguageIdentifier;

use crate::diagnostics::{Diagnostic, toml_diagnostic};

/// `site.toml`, as written, with the place of each value.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    base_url: Spanned<String>,
    reference: Spanned<String>,
    languages: Vec<Spanned<String>>,
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
fn too_many_languages(
    path: &Path,
    source: &str,
    languages: &[Spanned<String>],
) -> Option<Diagnostic> {
    // The first code past the limit is where the list became too long.
    let first_extra = languages.get(MAX_LANGUAGES)?.span();
    Some(
        Diagnostic::error(
            path,
            format!(
                "{} languages are listed; a site may have at most {MAX_LANGUAGES}",
                languages.len()
            ),
        )
        .at(source, first_extra.start, first_extra.end)
        .with_hint("every page links to every language: split the site, or list fewer languages"),
    )
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
    let at = |message: String, span: Range<usize>| {
        Diagnostic::error(path, message).at(source, span.start, span.end)
    };
    let mut problems = Vec::new();
    let mut languages = Vec::new();
    for code in &raw.languages {
        match parse_language(code.get_ref()) {
            Ok(lang) if languages.contains(&lang) => problems.push(at(
                format!("language `{}` is listed twice", code.get_ref()),
                code.span(),
            )),
            Ok(lang) => languages.push(lang),
            Err(hint) => problems.push(
                at(
                    format!("`{}` is not a language code", code.get_ref()),
                    code.span(),
                )
                .with_hint(hint),
            ),
        }
    }
    let reference = parse_language(raw.reference.get_ref()).ok();
    match &reference {
        Some(r) if languages.contains(r) => {}
        _ => problems.push(at(
            format!(
                "the reference language `{}` is not in `languages`",
                raw.reference.get_ref()
            ),
            raw.reference.span(),
        )),
    }
    if let Err(rule) = check_base_url(raw.base_url.get_ref()) {
        problems.push(
            at(
                format!("`base_url` {rule}"),
                raw.base_url.span(),
            )
            .with_hint("write the address the site is served from, like `https://example.org/` or `https://example.org/docs/`"),
        );
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut base_url = raw.base_url.into_inner();
    if !base_url.ends_with('/') {
        base_url.push('/');
    }
    Ok(Config {
        base_url,
        reference: reference.expect("checked above"),
        languages,
    })
}

/// Whether `url` can be the base of every link of the site: an absolute
/// http(s) URL with a host, and a path of plain URL characters (no query,
/// fragment, space or control character, which would end up inside every
/// canonical link and the sitemap). `Err` completes "`base_url` …".
fn check_base_url(url: &str) -> Result<(), String> {
    let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    else {
        return Err("must be an absolute URL starting with `https://` or `http://`".into());
    };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    if authority.is_empty() {
        return Err("has no host".into());
    }
    check_authority(authority)?;
    if let Some(c) = path.chars().find(|&c| c == '?' || c == '#') {
        return Err(format!("may not have a query or fragment (`{c}`)"));
    }
    let path_ok = |c: char| c.is_ascii_alphanumeric() || "-._~/%!$&'()*+,;=:@".contains(c);
    if let Some(c) = path.chars().find(|&c| !path_ok(c)) {
        return Err(format!(
            "has the character `{}` in its path; percent-encode it",
            c.escape_debug()
        ));
    }
    // Each `%` begins an escape of two hex digits (RFC 3986, 2.1).
    let bytes = path.as_bytes();
    for (i, _) in path.match_indices('%') {
        if !bytes
            .get(i + 1..i + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
        {
            return Err("has a `%` that does not begin an escape of two hex digits".into());
        }
    }
    Ok(())
}

/// The host and optional port of a URL (RFC 3986, 3.2.2–3.2.3): a domain
/// name of labels of letters, digits and inner hyphens, an IPv4 address,
/// or an IPv6 address in brackets; a port of at most 65535.
fn check_authority(authority: &str) -> Result<(), String> {
    let bad_host = |host: &str| {
        format!(
            "has a host `{}` that is not a domain name or an address",
            host.escape_debug()
        )
    };
    let (host, port) = if let Some(inner) = authority.strip_prefix('[') {
        let (address, after) = inner.split_once(']').ok_or_else(|| bad_host(authority))?;
        if address.parse::<std::net::Ipv6Addr>().is_err() {
            return Err(bad_host(authority));
        }
        let port = match after {
            "" => None,
            _ => Some(after.strip_prefix(':').ok_or_else(|| bad_host(authority))?),
        };
        (None, port)
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (Some(host), Some(port)),
            None => (Some(authority), None),
        }
    };
    if let Some(port) = port
        && (port.is_empty()
            || !port.bytes().all(|b| b.is_ascii_digit())
            || port.parse::<u16>().is_err())
    {
        return Err(format!(
            "has the port `{}`; a port is a number up to 65535",
            port.escape_debug()
        ));
    }
    if let Some(host) = host {
        let name = host.strip_suffix('.').unwrap_or(host);
        let label_ok = |l: &str| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        };
        if name.is_empty() || name.len() > 253 || !name.split('.').all(label_ok) {
            return Err(bad_host(host));
        }
    }
    Ok(())
}

/// A language code as the site uses it in paths and `hreflang`: a BCP 47
/// code in its canonical form, such as `de`, `pt-BR` or `zh-Hant`. Anything
/// else is refused (with a hint), so that codes are safe as folder and URL
/// segments and every language has one spelling.
fn parse_language(code: &str) -> Result<LanguageIdentifier, String> {
    let example = "use a BCP 47 code such as `en`, `ru`, `pt-BR` or `zh-Hant`";
    let lang: LanguageIdentifier = code.parse().map_err(|_| example.to_string())?;
    if lang.language.is_empty() || lang.variants().next().is_some() {
        return Err(example.into());
    }
    if lang != code {
        return Err(format!("write it as `{lang}`"));
    }
    Ok(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_need_a_host_and_plain_path() {
        for good in [
            "https://example.org",
            "https://example.org/",
            "http://localhost:8000/docs/",
            "https://[::1]:8443/a_b/~c/%20d/",
            "https://127.0.0.1:65535/",
            "https://example.org./",
        ] {
            assert_eq!(check_base_url(good), Ok(()), "{good}");
        }
        for (bad, why) in [
            ("https://", "no host"),
            ("https:///path/", "no host"),
            ("ftp://example.org/", "starting with"),
            ("example.org", "starting with"),
            ("https://example.org/?x=1", "query or fragment"),
            ("https://example.org/#top", "query or fragment"),
            ("https://example.org/a\0b/", "character"),
            ("https://example.org/a b/", "character"),
            ("https://example.org/\"><script>/", "character"),
            ("https://user@example.org/", "host"),
            ("https://exa mple.org/", "host"),
            ("https://example.org:99999/", "port"),
            ("https://example.org:/", "port"),
            ("https://example.org:8a/", "port"),
            ("https://.../", "host"),
            ("https://]]:[[/", "port"),
            ("https://]]/", "host"),
            ("https://[::g]/", "host"),
            ("https://-a.example/", "host"),
            ("https://example.org/%zz/", "escape"),
            ("https://example.org/%2/", "escape"),
        ] {
            let err = check_base_url(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }

    #[test]
    fn language_codes_are_canonical_bcp47() {
        for good in ["en", "pt-BR", "en-GB", "de-AT", "zh-Hant", "sr-Latn-RS"] {
            assert_eq!(parse_language(good).unwrap().to_string(), good);
        }
        assert_eq!(parse_language("pt-br").unwrap_err(), "write it as `pt-BR`");
        assert_eq!(parse_language("EN").unwrap_err(), "write it as `en`");
        for bad in ["", "../x", "en_US", "de-DE-1996", "und"] {
            assert!(parse_language(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn type_errors_name_what_to_write_not_a_rust_type() {
        let source = "base_url = 5\nreference = \"en\"\nlanguages = [\"en\"]\n";
        let problems = parse(Path::new("site.toml"), source).unwrap_err();
        assert_eq!(
            problems[0].message,
            "invalid type: integer `5`, expected a string"
        );
        #[derive(Debug, Deserialize)]
        struct Number {
            #[allow(dead_code)]
            n: f64,
        }
        let source = "n = \"fast\"\n";
        let err = toml::from_str::<Number>(source).unwrap_err();
        let diagnostic = toml_diagnostic(Path::new("p.toml"), source, &err);
        assert_eq!(
            diagnostic.message,
            "invalid type: string \"fast\", expected a number"
        );
        assert_eq!(diagnostic.location().unwrap().column, 5);
    }

    #[test]
    fn errors_point_at_the_value_not_at_an_earlier_match() {
        let source = "# served from fr\nbase_url = \"https://x.org/\"\nreference = \"fr\"\nlanguages = [\"en\"]\n";
        let problems = parse(Path::new("site.toml"), source).unwrap_err();
        assert_eq!(problems.len(), 1, "{problems:?}");
        let at = problems[0].location().unwrap();
        assert_eq!((at.line, at.column), (3, 13));
    }
}
