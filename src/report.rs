//! The schedule as a document: the JSON that `schedule` prints and the
//! calculator copies, and the plain-text table of `schedule --format table`.
//!
//! The JSON is written by hand rather than through serde because it must be
//! byte-identical to what the browser's `JSON.stringify(doc, null, 2)` writes
//! for the same schedule: numbers follow ECMAScript's `Number::toString`
//! (`250`, not `250.0`; `1e+300`, not `1e300`). `static/calculator.js`
//! mirrors this module; the browser tests compare the two.
//!
//! Field names are stable and documented in README.md. Over 500 lines with
//! its tests: the JSON document and the tables share their layout helpers
//! and are read together. The figures come
//! from the core (`Schedule` and `backoff::dist`); this module only lays
//! them out and never computes a figure of its own.

use std::fmt::Write as _;

use crate::backoff::dist::{
    self, AttemptStart, DeadlineFit, Delay, DistError, Input, Limits, Summary, decorrelated,
};
use crate::backoff::{Policy, Retry, Schedule};

/// The unit a schedule is expressed in. The core never sees it; it only
/// labels the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Milliseconds.
    Ms,
    /// Seconds.
    S,
    /// No unit: plain numbers.
    Units,
}

impl Unit {
    /// The stable name used on the command line, in JSON and in content files.
    pub const fn name(self) -> &'static str {
        match self {
            Unit::Ms => "ms",
            Unit::S => "s",
            Unit::Units => "units",
        }
    }

    /// How many milliseconds one unit is, for humanized durations; `None` for
    /// plain numbers, which have no duration to humanize.
    pub const fn milliseconds(self) -> Option<f64> {
        match self {
            Unit::Ms => Some(1.0),
            Unit::S => Some(1000.0),
            Unit::Units => None,
        }
    }
}

/// Writes `x` exactly as ECMAScript's `Number.prototype.toString()` does.
///
/// Rust's `{:e}` gives the shortest digits that round-trip, as ECMAScript
/// requires; only the layout differs, and that is rebuilt here.
pub fn js_number(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let scientific = format!("{:e}", x.abs());
    let (mantissa, exponent) = scientific
        .split_once('e')
        .expect("`{:e}` always writes an exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exponent: i32 = exponent.parse().expect("`{:e}` writes an integer exponent");
    // In ECMAScript's terms: value = digits × 10^(n − k).
    let k = digits.len() as i32;
    let n = exponent + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let e_sign = if e < 0 { '-' } else { '+' };
        if k == 1 {
            format!("{digits}e{e_sign}{}", e.abs())
        } else {
            format!("{}.{}e{e_sign}{}", &digits[..1], &digits[1..], e.abs())
        }
    };
    format!("{sign}{body}")
}

/// How the percentiles were computed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// Independent delays, convolved on a grid: no percentile is further
    /// than `step` from the exact one (`core/METHOD.md`).
    Grid { step: f64 },
    /// Decorrelated jitter, by a seeded Monte Carlo run.
    MonteCarlo {
        generator: &'static str,
        seed: u64,
        samples: u32,
        /// Retries, from the first, whose mean is exact.
        exact_mean_retries: u32,
        /// The 99 % confidence half-width of the total mean.
        mean_error: f64,
        /// The 99 % confidence interval of the total's P99.
        total_p99_low: f64,
        total_p99_high: f64,
    },
}

/// The distribution figures of a schedule and its attempt timeline, as the
/// core computes them with the site's grid and sample count.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    pub method: Method,
    /// Each retry's cumulative wait, retry 1 first.
    pub cumulative: Vec<Summary>,
    pub total: Summary,
    /// Decorrelated jitter only: each retry's mean delay (exact while the
    /// cap cannot bind, then the sample mean), which replaces the schedule's
    /// upper bound in the rows.
    pub delay_means: Option<Vec<f64>>,
    pub limits: Limits,
    /// Attempt 1 first; present when a timeout or a deadline is given.
    pub attempts: Option<Vec<AttemptStart>>,
    pub deadline: Option<DeadlineFit>,
}

impl Distribution {
    /// Computes the figures of `schedule` under `limits`.
    pub fn new(schedule: &Schedule, limits: Limits) -> Result<Distribution, DistError> {
        limits.validate()?;
        let policy = schedule.policy();
        let n = policy.retries as usize;
        let (method, cumulative, total, delay_means, deadline) = match Input::from_policy(&policy) {
            Input::Independent(p) => {
                let mut delays = vec![Delay::fixed(0.0); n];
                let delays = dist::delays(&p, &mut delays)?;
                let mut work = vec![0.0; dist::sum::work_len(dist::sum::CELLS)];
                let mut out = vec![Summary::default(); n];
                let report = dist::independent(delays, limits, &mut work, &mut out)?;
                let method = Method::Grid {
                    step: report.grid_step,
                };
                (method, out, report.total, None, report.deadline)
            }
            Input::Decorrelated(p) => {
                let mc = decorrelated::MonteCarlo::for_retries(p.retries);
                let mut work = vec![0.0; decorrelated::work_len(mc.samples)];
                let mut rows = vec![decorrelated::Row::default(); n];
                let report = decorrelated::decorrelated(&p, mc, limits, &mut work, &mut rows)?;
                let method = Method::MonteCarlo {
                    generator: report.generator,
                    seed: report.seed,
                    samples: report.samples,
                    exact_mean_retries: report.exact_mean_retries,
                    mean_error: report.mean_error,
                    total_p99_low: report.total_p99_low,
                    total_p99_high: report.total_p99_high,
                };
                let cumulative = rows.iter().map(|r| r.cumulative).collect();
                let means = rows.iter().map(|r| r.delay_mean).collect();
                (
                    method,
                    cumulative,
                    report.total,
                    Some(means),
                    report.deadline,
                )
            }
        };
        let attempts = (limits.timeout.is_some() || limits.deadline.is_some()).then(|| {
            dist::attempt_starts(cumulative.iter().copied(), limits.timeout_or_zero()).collect()
        });
        Ok(Distribution {
            method,
            cumulative,
            total,
            delay_means,
            limits,
            attempts,
            deadline,
        })
    }

    /// The schedule's rows, with decorrelated jitter's mean delays and
    /// cumulative means taken from the distribution.
    pub fn rows(&self, schedule: &Schedule) -> Vec<Retry> {
        let mut rows: Vec<Retry> = schedule.rows().collect();
        if let Some(means) = &self.delay_means {
            for ((row, mean), cumulative) in rows.iter_mut().zip(means).zip(&self.cumulative) {
                row.mean = *mean;
                row.cumulative_mean = cumulative.mean;
            }
        }
        rows
    }

    /// The total wait, shortest / mean / longest, agreeing with the rows.
    fn totals(&self) -> (f64, f64, f64) {
        (self.total.min, self.total.mean, self.total.max)
    }
}

/// `{"min": …, "mean": …, …, "p99": …}` at `indent` spaces, without the
/// opening indent.
fn summary_json(s: &Summary, indent: usize) -> String {
    let pad = " ".repeat(indent + 2);
    let end = " ".repeat(indent);
    format!(
        "{{\n{pad}\"min\": {},\n{pad}\"mean\": {},\n{pad}\"max\": {},\n{pad}\"p50\": {},\n{pad}\"p90\": {},\n{pad}\"p99\": {}\n{end}}}",
        js_number(s.min),
        js_number(s.mean),
        js_number(s.max),
        js_number(s.p50),
        js_number(s.p90),
        js_number(s.p99),
    )
}

/// A number, or `null` for none.
fn js_option(x: Option<f64>) -> String {
    x.map_or("null".to_string(), js_number)
}

/// The schedule and its distribution as pretty-printed JSON, two spaces per
/// level, ending without a newline (as `JSON.stringify(doc, null, 2)` does).
///
/// The document of the schedule alone (see [`to_json`]) comes first,
/// unchanged but for `policy.jitter_factor` with proportional jitter and
/// decorrelated jitter's means; the new figures follow in two objects of
/// their own, `distribution` and (with a timeout or deadline) `timeline`.
pub fn to_json_with(schedule: &Schedule, figures: &Distribution, unit: Unit) -> String {
    let rows = figures.rows(schedule);
    let mut out = document(schedule, &rows, figures.totals(), unit);
    // Reopen the document: it ends with a newline and the closing brace.
    out.truncate(out.len() - "\n}".len());
    let _ = write!(out, ",\n  \"distribution\": {{\n");
    match figures.method {
        Method::Grid { step } => {
            let _ = write!(
                out,
                "    \"method\": \"grid\",\n    \"grid_step\": {},\n",
                js_number(step)
            );
        }
        Method::MonteCarlo {
            generator,
            seed,
            samples,
            exact_mean_retries,
            mean_error,
            total_p99_low,
            total_p99_high,
        } => {
            let _ = write!(
                out,
                "    \"method\": \"monte_carlo\",\n    \"generator\": \"{generator}\",\n    \"seed\": {seed},\n    \"samples\": {samples},\n    \"exact_mean_retries\": {exact_mean_retries},\n    \"mean_error\": {},\n    \"total_p99_low\": {},\n    \"total_p99_high\": {},\n",
                js_number(mean_error),
                js_number(total_p99_low),
                js_number(total_p99_high),
            );
        }
    }
    let _ = write!(
        out,
        "    \"total\": {},\n    \"cumulative\": [",
        summary_json(&figures.total, 4)
    );
    for (i, s) in figures.cumulative.iter().enumerate() {
        let _ = write!(
            out,
            "{}\n      {{\n        \"retry\": {},\n        \"min\": {},\n        \"mean\": {},\n        \"max\": {},\n        \"p50\": {},\n        \"p90\": {},\n        \"p99\": {}\n      }}",
            if i == 0 { "" } else { "," },
            i + 1,
            js_number(s.min),
            js_number(s.mean),
            js_number(s.max),
            js_number(s.p50),
            js_number(s.p90),
            js_number(s.p99),
        );
    }
    out.push_str("\n    ]\n  }");
    if let Some(attempts) = &figures.attempts {
        let _ = write!(
            out,
            ",\n  \"timeline\": {{\n    \"timeout\": {},\n    \"deadline\": {},\n    \"attempts\": [",
            js_option(figures.limits.timeout),
            js_option(figures.limits.deadline),
        );
        for (i, a) in attempts.iter().enumerate() {
            let _ = write!(
                out,
                "{}\n      {{\n        \"attempt\": {},\n        \"min\": {},\n        \"p50\": {},\n        \"max\": {}\n      }}",
                if i == 0 { "" } else { "," },
                a.attempt,
                js_number(a.min),
                js_number(a.p50),
                js_number(a.max),
            );
        }
        out.push_str("\n    ],\n    \"deadline_fit\": ");
        match figures.deadline {
            Some(fit) => {
                let _ = write!(
                    out,
                    "{{\n      \"retries_worst\": {},\n      \"retries_p50\": {},\n      \"retries_best\": {},\n      \"last_retry_probability\": {}\n    }}",
                    fit.retries_worst,
                    fit.retries_p50,
                    fit.retries_best,
                    js_number(fit.last_retry_probability),
                );
            }
            None => out.push_str("null"),
        }
        out.push_str("\n  }");
    }
    out.push_str("\n}");
    out
}

/// The schedule as pretty-printed JSON, two spaces per level, ending without
/// a newline (as `JSON.stringify(doc, null, 2)` does).
pub fn to_json(schedule: &Schedule, unit: Unit) -> String {
    let rows: Vec<Retry> = schedule.rows().collect();
    let totals = schedule.totals();
    document(schedule, &rows, (totals.min, totals.mean, totals.max), unit)
}

/// The document of [`to_json`] for the given rows and totals.
fn document(schedule: &Schedule, rows: &[Retry], totals: (f64, f64, f64), unit: Unit) -> String {
    let policy: Policy = schedule.policy();
    let mut out = String::new();
    let max_delay = policy.max_delay.map_or("null".to_string(), js_number);
    // Only proportional jitter has a factor; the other kinds' documents
    // stay as they were.
    let factor = policy.jitter.factor().map_or(String::new(), |f| {
        format!(",\n    \"jitter_factor\": {}", js_number(f))
    });
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        "{{\n  \"policy\": {{\n    \"base\": {},\n    \"multiplier\": {},\n    \"max_delay\": {},\n    \"retries\": {},\n    \"jitter\": \"{}\"{factor},\n    \"unit\": \"{}\"\n  }},\n  \"retries\": [",
        js_number(policy.base),
        js_number(policy.multiplier),
        max_delay,
        policy.retries,
        policy.jitter.name(),
        unit.name(),
    );
    for (i, row) in rows.iter().enumerate() {
        let _ = write!(
            out,
            "{}\n    {{\n      \"retry\": {},\n      \"delay\": {},\n      \"capped\": {},\n      \"min\": {},\n      \"mean\": {},\n      \"max\": {},\n      \"cumulative_min\": {},\n      \"cumulative_mean\": {},\n      \"cumulative_max\": {}\n    }}",
            if i == 0 { "" } else { "," },
            row.retry,
            js_number(row.delay),
            row.capped,
            js_number(row.min),
            js_number(row.mean),
            js_number(row.max),
            js_number(row.cumulative_min),
            js_number(row.cumulative_mean),
            js_number(row.cumulative_max),
        );
    }
    let _ = write!(
        out,
        "\n  ],\n  \"total\": {{\n    \"min\": {},\n    \"mean\": {},\n    \"max\": {}\n  }}\n}}",
        js_number(totals.0),
        js_number(totals.1),
        js_number(totals.2),
    );
    out
}

/// The schedule and its distribution as plain-text tables with
/// right-aligned columns, for reading in a terminal: one row per retry with
/// its cumulative wait's percentiles, the totals, how the percentiles were
/// computed and, with a timeout or deadline, the attempt timeline.
pub fn to_table(schedule: &Schedule, figures: &Distribution, unit: Unit) -> String {
    let header = [
        "retry",
        "delay",
        "capped",
        "min",
        "mean",
        "max",
        "cumulative min",
        "cumulative mean",
        "cumulative max",
        "cumulative P50",
        "cumulative P90",
        "cumulative P99",
    ];
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
    for (row, c) in figures.rows(schedule).iter().zip(&figures.cumulative) {
        rows.push(vec![
            row.retry.to_string(),
            js_number(row.delay),
            if row.capped { "yes" } else { "no" }.to_string(),
            js_number(row.min),
            js_number(row.mean),
            js_number(row.max),
            js_number(row.cumulative_min),
            js_number(row.cumulative_mean),
            js_number(row.cumulative_max),
            js_number(c.p50),
            js_number(c.p90),
            js_number(c.p99),
        ]);
    }
    let mut out = aligned(&rows);
    let t = figures.total;
    let _ = writeln!(
        out,
        "total wait ({}): min {}, mean {}, max {}; P50 {}, P90 {}, P99 {}",
        unit.name(),
        js_number(t.min),
        js_number(t.mean),
        js_number(t.max),
        js_number(t.p50),
        js_number(t.p90),
        js_number(t.p99),
    );
    match figures.method {
        Method::Grid { step } => {
            let _ = writeln!(
                out,
                "percentiles: exact convolution on a grid, each within {} of the exact value",
                js_number(step)
            );
        }
        Method::MonteCarlo {
            generator,
            seed,
            samples,
            exact_mean_retries,
            mean_error,
            total_p99_low,
            total_p99_high,
        } => {
            let _ = writeln!(
                out,
                "percentiles: Monte Carlo, {samples} paths of {generator} seeded with {seed}; \
                 means exact for the first {exact_mean_retries} retries, total mean ± {} \
                 and total P99 in [{}, {}] at 99 % confidence",
                js_number(mean_error),
                js_number(total_p99_low),
                js_number(total_p99_high),
            );
        }
    }
    if let Some(attempts) = &figures.attempts {
        let mut rows = vec![
            ["attempt", "start min", "start P50", "start max"]
                .map(String::from)
                .to_vec(),
        ];
        for a in attempts {
            rows.push(vec![
                a.attempt.to_string(),
                js_number(a.min),
                js_number(a.p50),
                js_number(a.max),
            ]);
        }
        let _ = writeln!(
            out,
            "\ntimeline: timeout per attempt {}, deadline {}",
            js_option(figures.limits.timeout),
            js_option(figures.limits.deadline),
        );
        out.push_str(&aligned(&rows));
        if let Some(fit) = figures.deadline {
            let _ = writeln!(
                out,
                "retries starting before the deadline: {} in the worst case, {} at P50, {} in the best case; \
                 the last retry starts before it with probability {}",
                fit.retries_worst,
                fit.retries_p50,
                fit.retries_best,
                js_number(fit.last_retry_probability),
            );
        }
    }
    out
}

/// Rows of cells as lines of right-aligned columns two spaces apart.
fn aligned(rows: &[Vec<String>]) -> String {
    let columns = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell:>width$}"))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::Jitter;

    #[test]
    fn numbers_are_written_as_ecmascript_writes_them() {
        // Expected values are what `String(x)` gives in a browser console.
        let cases = [
            (250.0, "250"),
            (0.5, "0.5"),
            (45.75, "45.75"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (123456789012345680000.0, "123456789012345680000"),
            (1e300, "1e+300"),
            (1.5e300, "1.5e+300"),
            (0.000001, "0.000001"),
            (0.0000001, "1e-7"),
            (1.25e-7, "1.25e-7"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (0.0, "0"),
            (-2.5, "-2.5"),
        ];
        for (x, want) in cases {
            assert_eq!(js_number(x), want, "{x:e}");
        }
    }

    #[test]
    fn json_document_has_the_documented_shape() {
        let schedule = Schedule::new(Policy {
            base: 250.0,
            multiplier: 2.0,
            max_delay: Some(2000.0),
            retries: 2,
            jitter: Jitter::Full,
        })
        .unwrap();
        let json = to_json(&schedule, Unit::Ms);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["policy"]["max_delay"], 2000);
        assert_eq!(value["policy"]["jitter"], "full");
        assert_eq!(value["retries"][1]["delay"], 500);
        assert_eq!(value["retries"][1]["mean"], 250);
        assert_eq!(value["retries"][1]["cumulative_max"], 750);
        assert_eq!(value["total"]["mean"], 375);
        // Re-serialized by serde_json with the same layout, only the number
        // spelling could differ, and these numbers are all integers.
        assert_eq!(serde_json::to_string_pretty(&value).unwrap(), json);
    }

    #[test]
    fn the_document_with_figures_begins_with_the_schedule_document() {
        for jitter in [Jitter::None, Jitter::Full, Jitter::Equal] {
            let schedule = Schedule::new(Policy {
                base: 250.0,
                multiplier: 2.0,
                max_delay: Some(2000.0),
                retries: 6,
                jitter,
            })
            .unwrap();
            let figures = Distribution::new(&schedule, Limits::default()).unwrap();
            let alone = to_json(&schedule, Unit::Ms);
            let with = to_json_with(&schedule, &figures, Unit::Ms);
            let head = alone.strip_suffix("\n}").unwrap();
            assert!(with.starts_with(head), "{jitter:?}");
            assert!(with[head.len()..].starts_with(",\n  \"distribution\": {\n"));
            let value: serde_json::Value = serde_json::from_str(&with).unwrap();
            assert_eq!(value["distribution"]["method"], "grid");
        }
    }
}
