//! The schedule and its distribution as plain-text tables for a terminal
//! (`schedule --format table`). Figures are written in ECMAScript's
//! notation, as in the JSON; this module lays them out and computes none.

use std::fmt::Write as _;

use super::figures::{Distribution, Method, Unit, js_number};
use crate::backoff::Schedule;
use crate::backoff::contract::ROW;
use crate::backoff::dist::fit::{Bound, PRECISION};

/// The schedule and its distribution as plain-text tables with
/// right-aligned columns, for reading in a terminal: one row per retry with
/// its cumulative wait's percentiles, the totals, how the percentiles were
/// computed, with a timeout or deadline, the attempt timeline, and with
/// `--fit-deadline`, what fits it, and with `--failure-rate`, what the
/// retries cost the server.
pub fn to_table(schedule: &Schedule, figures: &Distribution, unit: Unit) -> String {
    // The row's figures are the contract's, by their JSON keys read as
    // words; the cumulative wait's percentiles follow.
    let header: Vec<String> = ROW
        .iter()
        .map(|key| key.replace('_', " "))
        .chain(["P50", "P90", "P99"].map(|p| format!("cumulative {p}")))
        .collect();
    let mut rows: Vec<Vec<String>> = vec![header];
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
    if let Some(fit) = &figures.fit {
        let a = &fit.answers;
        let _ = writeln!(
            out,
            "\nfit to a deadline of {} (timeout per attempt {}), searched over the figures above to a relative width of {}:",
            js_number(fit.deadline),
            js_option(fit.timeout),
            js_number(PRECISION),
        );
        let _ = writeln!(
            out,
            "most retries starting before it: {} in the worst case, {} at P99, {} at P50",
            a.most_retries_worst, a.most_retries_p99, a.most_retries_p50,
        );
        for (what, bound) in [
            ("first delay", a.largest_base_p99),
            ("maximum delay", a.largest_max_delay_p99),
        ] {
            let answer = match bound {
                Bound::Any => "any".to_string(),
                Bound::UpTo(x) => format!("up to {}", js_number(x)),
                Bound::None => "none".to_string(),
            };
            let _ = writeln!(
                out,
                "{what} with which the last retry starts before it at P99: {answer}"
            );
        }
    }
    if let Some(run) = &figures.sample {
        let delays: Vec<String> = run.delays.iter().map(|d| js_number(*d)).collect();
        let _ = writeln!(
            out,
            "\nsample run ({} seeded with {}): delays {}; total {}",
            crate::backoff::rng::GENERATOR,
            run.seed,
            delays.join(", "),
            js_number(run.total),
        );
    }
    if let Some(curve) = &figures.curve {
        let points: Vec<String> = curve.iter().map(|x| js_number(*x)).collect();
        let _ = writeln!(
            out,
            "\ncurve of the total wait at p = 0, 0.01, …, 1: {}",
            points.join(", "),
        );
    }
    if let Some(c) = &figures.cost {
        let _ = writeln!(
            out,
            "\ncost at a failure rate of {} per attempt: {} attempts per request on average, success {}",
            js_number(c.failure_rate),
            js_number(c.cost.attempts),
            js_number(c.cost.success),
        );
        if c.layers > 1 {
            let _ = writeln!(
                out,
                "through {} layers: {} attempts reach the bottom per request on average, {} when every attempt fails; success {}",
                c.layers,
                js_number(c.cost.bottom_attempts),
                js_number(c.cost.bottom_attempts_worst),
                js_number(c.cost.top_success),
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

/// A number, or `null` for none.
fn js_option(x: Option<f64>) -> String {
    x.map_or("null".to_string(), js_number)
}
