//! The stylesheet as it ships: the `minifier` crate's CSS minifier (the one
//! rustdoc uses) takes out its comments and the whitespace between tokens,
//! which the source keeps for its readers. A stylesheet that is not UTF-8,
//! or that the minifier cannot read, is an error naming the file; nothing
//! else in it changes (`tests/e2e/stylesheet.test.js` has Chromium read
//! the same rules from both).

use std::path::Path;

use crate::diagnostics::Diagnostic;

/// `source`, the file `static/<name>`, minified.
pub fn minified(name: &str, source: &[u8]) -> Result<Vec<u8>, Diagnostic> {
    let path = Path::new("static").join(name);
    let text = std::str::from_utf8(source)
        .map_err(|_| Diagnostic::error(&path, "the stylesheet is not UTF-8"))?;
    let css = minifier::css::minify(text).map_err(|why| {
        Diagnostic::error(&path, format!("the stylesheet cannot be minified: {why}"))
    })?;
    Ok(css.to_string().trim().as_bytes().to_vec())
}
