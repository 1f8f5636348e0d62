//! The worked examples of a page: each example's policy through the core,
//! and its figures as the Fluent arguments of its message.
//!
//! Nothing here computes a delay: it asks the core, then formats what the
//! core returns through `intl`. Translators never type these figures.

use std::collections::HashMap;
use std::sync::Mutex;

use fluent_bundle::FluentArgs;

use crate::backoff::{Jitter, Policy, Schedule};
use crate::report::Unit;
use crate::site::format::duration::humanize;
use crate::site::format::intl::Intl;
use crate::site::format::texts::Texts;

/// The arguments every worked-example message receives (the list is in
/// TRANSLATING.md). `schedule` must be the schedule of `policy`.
pub fn example_args(
    schedule: &Schedule,
    unit: Unit,
    intl: &Intl,
    texts: &Texts,
) -> FluentArgs<'static> {
    let policy: Policy = schedule.policy();
    let rows: Vec<_> = schedule.rows().collect();
    let figures =
        |xs: &mut dyn Iterator<Item = f64>| xs.map(|x| intl.number(x)).collect::<Vec<String>>();
    let delays = figures(&mut rows.iter().map(|r| r.delay));
    let uncapped = figures(&mut rows.iter().filter(|r| !r.capped).map(|r| r.delay));
    let capped_retries = figures(&mut rows.iter().filter(|r| r.capped).map(|r| r.retry as f64));

    let mut args = FluentArgs::new();
    args.set("base", policy.base);
    args.set("multiplier", policy.multiplier);
    if let Some(max) = policy.max_delay {
        args.set("max", max);
    }
    args.set("retries", policy.retries);
    args.set("delays", intl.and_list(&delays));
    args.set("uncapped-delays", intl.and_list(&uncapped));
    args.set("uncapped-count", uncapped.len());
    args.set("capped-retries", intl.and_list(&capped_retries));
    args.set("capped-count", capped_retries.len());
    if let Some(first) = rows.iter().find(|r| r.capped) {
        args.set("first-capped-retry", first.retry);
    }
    // What the formula gives before the cap for the capped retries (the 32
    // and 64 s that become 30 s): the core's schedule of the same policy
    // without a cap. One that outgrows the numbers has no such figures.
    if let Ok(uncapped_schedule) = Schedule::new(Policy {
        max_delay: None,
        jitter: Jitter::None,
        ..policy
    }) {
        let nominal = figures(
            &mut uncapped_schedule
                .rows()
                .zip(&rows)
                .filter(|(_, capped)| capped.capped)
                .map(|(row, _)| row.delay),
        );
        args.set("capped-nominal-delays", intl.and_list(&nominal));
    }
    args.set("sum", delays.join(" + "));
    let total = schedule.totals().max;
    args.set("total", total);
    if let Some(human) = humanize(total, unit, texts) {
        args.set("total-human", human);
    }
    for (name, jitter) in [
        ("mean-total-full", Jitter::Full),
        ("mean-total-equal", Jitter::Equal),
    ] {
        let jittered = Schedule::new(Policy { jitter, ..policy })
            .expect("jitter changes no rule the policy already passed");
        args.set(name, jittered.totals().mean);
    }
    if let Some(last) = rows.last() {
        args.set("last-delay", last.delay);
    }
    add_percentile_args(schedule, &mut args);
    args
}

/// The percentiles of the example's total wait under its own jitter, as
/// `schedule --percentiles` computes them (`total-p50`, …), and the
/// percentiles' numbers themselves (`p50` is 50), so that no message types
/// them.
fn add_percentile_args(schedule: &Schedule, args: &mut FluentArgs<'static>) {
    let [p50, p90, p99] = total_percentiles(schedule);
    for (name, percentile, x) in [("p50", 50, p50), ("p90", 90, p90), ("p99", 99, p99)] {
        args.set(name, percentile);
        args.set(format!("total-{name}"), x);
    }
}

/// P50, P90 and P99 of `schedule`'s total wait as the calculator shows them
/// (`shown_percentiles`), computed once per policy in
/// this process: every language of a page, and often many pages, show the
/// same example, and the distribution is the costliest part of its
/// arguments. The figures depend on the policy alone (and on the core
/// compiled into this process); the key is the policy's `Debug` form, which
/// writes every field and each double so that it reads back to the same
/// bits.
fn total_percentiles(schedule: &Schedule) -> [f64; 3] {
    /// Policies kept at most: a site with more distinct examples computes
    /// the others each time.
    const KEPT: usize = 1024;
    static KNOWN: Mutex<Option<HashMap<String, [f64; 3]>>> = Mutex::new(None);
    let lock = || KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let key = format!("{:?}", schedule.policy());
    if let Some(known) = lock().as_ref().and_then(|m| m.get(&key)) {
        return *known;
    }
    let dist = crate::report::Distribution::new(schedule, Default::default())
        .expect("an example's policy passed the core's rules when loaded");
    // Rounded as the calculator shows them: to the power of ten at or
    // below the method's error, so that prose claims no digit it cannot
    // vouch for (74.97 s, not 74.971 s, where the grid's step is 0.016 s).
    let found = crate::site::sections::calculator::distribution::shown_percentiles(&dist);
    let mut known = lock();
    let known = known.get_or_insert_with(HashMap::new);
    if known.len() < KEPT {
        known.insert(key, found);
    }
    found
}

/// The variables a worked example's message (`example-<id>`) receives.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    id.starts_with("example-").then_some(EXAMPLE_ARGUMENTS)
}

/// The names of the arguments [`example_args`] provides.
pub const EXAMPLE_ARGUMENTS: &[&str] = &[
    "base",
    "multiplier",
    "max",
    "retries",
    "delays",
    "uncapped-delays",
    "uncapped-count",
    "capped-retries",
    "capped-count",
    "capped-nominal-delays",
    "first-capped-retry",
    "sum",
    "total",
    "total-human",
    "mean-total-full",
    "mean-total-equal",
    "last-delay",
    "p50",
    "p90",
    "p99",
    "total-p50",
    "total-p90",
    "total-p99",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Remembered percentiles are those of the very policy asked for: two
    /// policies that differ in one field alone, asked in turn, each read
    /// back as computed afresh.
    #[test]
    fn remembered_percentiles_are_those_of_the_policy() {
        let full = Policy {
            base: 0.25,
            multiplier: 3.0,
            max_delay: Some(20.0),
            retries: 6,
            jitter: Jitter::Full,
        };
        let equal = Policy {
            jitter: Jitter::Equal,
            ..full
        };
        for _ in 0..2 {
            for policy in [full, equal] {
                let schedule = Schedule::new(policy).unwrap();
                let fresh =
                    crate::report::Distribution::new(&schedule, Default::default()).unwrap();
                assert_eq!(
                    total_percentiles(&schedule),
                    crate::site::sections::calculator::distribution::shown_percentiles(&fresh)
                );
            }
        }
        let a = total_percentiles(&Schedule::new(full).unwrap());
        let b = total_percentiles(&Schedule::new(equal).unwrap());
        assert_ne!(a, b);
    }
}
