//! The one rule for the names the site builds paths and message ids from:
//! page slugs, preset ids, value names and translated slugs alike.

/// Whether `s` is a safe slug or id: lowercase ASCII letters, digits and
/// inner hyphens. This keeps slugs safe as folder names and URL segments
/// (no `..`, no `/`), and ids valid as Fluent identifiers.
pub fn is_identifier(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && s.as_bytes()[0].is_ascii_lowercase()
        && !s.ends_with('-')
}
