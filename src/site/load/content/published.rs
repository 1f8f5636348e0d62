//! What the published simulators printed, as a storms page's
//! `[storms.published]` table holds it (`storms.rs` reads the page): the
//! figures the page states its own figures' agreement with, checked while
//! loading, each problem at its value.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostics::Diagnostic;

/// `[storms.published]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPublished {
    spike_share_after: Spanned<f64>,
    loads: BTreeMap<Spanned<String>, Spanned<Vec<f64>>>,
}

/// What the published simulators printed, which the page states its own
/// figures' agreement with: `simple_collapse_sim`'s successes per new
/// request from 25 s after its spike without backoff, over its runs, and `retry_sim`'s attempts per
/// request of each of [`STRATEGIES`] at each of the page's failure rates.
#[derive(Clone, Debug, PartialEq)]
pub struct Published {
    pub spike_share_after: f64,
    pub loads: Vec<(&'static str, Vec<f64>)>,
}

/// `[storms.published]`, checked: a share from 0 to 1, and for each of
/// `ids` (the strategies the page sweeps) a load (at least one attempt per
/// request) per failure rate.
pub(super) fn published(
    raw: &Spanned<RawPublished>,
    ids: &[&'static str],
    rates: usize,
    at: &dyn Fn(String, Range<usize>) -> Diagnostic,
    problems: &mut Vec<Diagnostic>,
) -> Published {
    let raw_published = raw.get_ref();
    let share = &raw_published.spike_share_after;
    if !(0.0..=1.0).contains(share.get_ref()) {
        problems.push(at(
            "`published.spike_share_after` must be a share from 0 to 1".into(),
            share.span(),
        ));
    }
    let mut loads = Vec::new();
    for &id in ids {
        let found = raw_published.loads.iter().find(|(k, _)| k.get_ref() == id);
        match found {
            Some((_, values))
                if values.get_ref().len() == rates
                    && values.get_ref().iter().all(|x| (1.0..=1000.0).contains(x)) =>
            {
                loads.push((id, values.get_ref().clone()));
            }
            Some((_, values)) => problems.push(at(
                format!(
                    "`published.loads.{id}` must hold one load per failure rate ({rates}), \
                     each from 1 to 1000 attempts per request"
                ),
                values.span(),
            )),
            None => problems.push(at(format!("`published.loads` has no `{id}`"), raw.span())),
        }
    }
    for key in raw_published.loads.keys() {
        if !ids.contains(&key.get_ref().as_str()) {
            problems.push(at(
                format!(
                    "`published.loads.{}` is none of the strategies ({})",
                    key.get_ref(),
                    ids.join(", ")
                ),
                key.span(),
            ));
        }
    }
    Published {
        spike_share_after: *share.get_ref(),
        loads,
    }
}
