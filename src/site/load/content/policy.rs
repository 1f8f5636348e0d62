//! What a maximum delay of zero means on a page, and a policy written in a
//! page definition (the calculator's defaults, a
//! worked example) turned into one the core accepts, or a diagnostic that
//! points at the value the core refused.

use std::ops::Range;
use std::path::Path;

use toml::Spanned;

use crate::backoff::{Jitter, Policy, Schedule};
use crate::diagnostics::Diagnostic;
use serde::Deserialize;

/// What a maximum delay of zero means in a page's calculator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ZeroMax {
    /// Zero means "no limit" (the Russian source).
    Unlimited,
    /// Zero is refused: the maximum must be greater than zero (the German source).
    Refused,
}

/// The policy fields shared by the calculator's defaults and the examples,
/// with the place of each value: diagnostics point at the value itself.
/// (Not `#[serde(flatten)]`: flattening loses the positions of values and of
/// serde's own errors.)
#[derive(Clone, Debug)]
pub(super) struct RawPolicy {
    pub base: Spanned<f64>,
    pub multiplier: Spanned<f64>,
    /// Absent, or (with `zero_max = "unlimited"`) zero, for no limit.
    pub max_delay: Option<Spanned<f64>>,
    pub retries: Spanned<i64>,
    pub jitter: Spanned<String>,
    /// Where to point when the field the core refused is absent.
    pub block: Range<usize>,
}

/// The policy of `raw` in block `block` (`calculator` or an example's id),
/// a maximum of zero read by the page's rule.
pub(super) fn policy(
    path: &Path,
    source: &str,
    block: &str,
    raw: &RawPolicy,
    zero_max: ZeroMax,
) -> Result<Policy, Diagnostic> {
    let refuse = |field: &str, rule: String, span: Range<usize>| {
        Diagnostic::error(path, format!("`{block}`: `{field}` {rule}"))
            .at(source, span.start, span.end)
    };
    // A page definition's policies are of the kinds the site first offered;
    // the core knows more, which the calculator offers but a page's own
    // figures do not show.
    let jitter = Jitter::from_name(raw.jitter.get_ref(), None)
        .filter(|jitter| jitter.kind().first_offered)
        .ok_or_else(|| {
            let kinds: Vec<&str> = Jitter::KINDS
                .iter()
                .filter(|kind| kind.first_offered)
                .map(|kind| kind.name)
                .collect();
            refuse(
                "jitter",
                format!("must be one of {}", kinds.join(", ")),
                raw.jitter.span(),
            )
        })?;
    let retries = u32::try_from(*raw.retries.get_ref()).unwrap_or(0);
    let max_delay = match raw.max_delay.as_ref().map(|m| *m.get_ref()) {
        Some(m) if m == 0.0 && zero_max == ZeroMax::Unlimited => None,
        other => other,
    };
    let policy = Policy {
        base: *raw.base.get_ref(),
        multiplier: *raw.multiplier.get_ref(),
        max_delay,
        retries,
        jitter,
    };
    match Schedule::new(policy) {
        Ok(_) => Ok(policy),
        Err(err) => {
            let span = match err.field() {
                "base" => raw.base.span(),
                "multiplier" => raw.multiplier.span(),
                "retries" => raw.retries.span(),
                _ => raw
                    .max_delay
                    .as_ref()
                    .map_or(raw.block.clone(), Spanned::span),
            };
            Err(refuse(
                err.field(),
                format!("is refused by the core: {err}"),
                span,
            ))
        }
    }
}
