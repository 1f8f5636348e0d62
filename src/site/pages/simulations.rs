//! A page's simulations as its sections receive them: the contention
//! experiment and the retry storms, run once for all its languages by the
//! render stage, their time added to the build's total, a run that stopped
//! recorded against the page.

use std::path::Path;

use fluent_bundle::FluentArgs;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::simulation::ExperimentError;
use crate::site::pages::context::Renderer;
use crate::site::sections::contention::experiment::Results;
use crate::site::sections::storms::runs::StormResults;

/// A page's simulations, run once for all its languages: its contention
/// experiment and its retry storms, each when the page has its table.
pub struct PageRuns {
    pub contention: Option<Result<Results, ExperimentError>>,
    pub storms: Option<Result<StormResults, String>>,
}

/// A page's simulations' results, for its sections.
#[derive(Clone, Copy, Default)]
pub(super) struct Ran<'a> {
    pub contention: Option<&'a Results>,
    pub storms: Option<&'a StormResults>,
}

impl<'a> Ran<'a> {
    /// The results of `runs`, or `None` with the problem recorded when one
    /// stopped; each run's time is added to the render's.
    pub(super) fn of(
        r: &Renderer,
        path: &Path,
        runs: Option<&'a PageRuns>,
        diagnostics: &mut Diagnostics,
    ) -> Option<Ran<'a>> {
        // Each run's results, or the problem recorded; its time added.
        fn take<'a, T, E: std::fmt::Display>(
            found: Option<&'a Result<T, E>>,
            elapsed: impl Fn(&T) -> std::time::Duration,
            what: &str,
            r: &Renderer,
            path: &Path,
            diagnostics: &mut Diagnostics,
        ) -> Result<Option<&'a T>, ()> {
            match found {
                None => Ok(None),
                Some(Ok(results)) => {
                    let mut total = r
                        .simulation
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                    *total = Some(total.unwrap_or_default() + elapsed(results));
                    Ok(Some(results))
                }
                Some(Err(error)) => {
                    diagnostics.push(Diagnostic::error(path, format!("{what} stopped: {error}")));
                    Err(())
                }
            }
        }
        let contention = runs.and_then(|runs| runs.contention.as_ref());
        let storms = runs.and_then(|runs| runs.storms.as_ref());
        let ran = Ran {
            contention: take(
                contention,
                |r: &Results| r.elapsed,
                "the contention experiment",
                r,
                path,
                diagnostics,
            )
            .ok()?,
            storms: take(
                storms,
                |r: &StormResults| r.elapsed,
                "the retry-storm scenarios",
                r,
                path,
                diagnostics,
            )
            .ok()?,
        };
        Some(ran)
    }
}

/// The experiment's arguments and results, which a page with a contention
/// section always has (`content` refuses the section without its table).
pub(super) fn contention_parts<'a>(
    results: Option<&'a Results>,
    args: &'a Option<FluentArgs<'static>>,
) -> (&'a FluentArgs<'static>, &'a Results) {
    match (args, results) {
        (Some(args), Some(results)) => (args, results),
        _ => unreachable!("a contention section without its experiment passed loading"),
    }
}

/// The storms' arguments and results, which a page with a storm section
/// always has (`content` refuses the section without its table).
pub(super) fn storm_parts<'a>(
    results: Option<&'a StormResults>,
    args: &'a Option<FluentArgs<'static>>,
) -> (&'a FluentArgs<'static>, &'a StormResults) {
    match (args, results) {
        (Some(args), Some(results)) => (args, results),
        _ => unreachable!("a storm section without its scenarios passed loading"),
    }
}
