//! The `schedule` subcommand as a script sees it: the JSON document and the
//! table on success, and on bad arguments exit code 2, nothing on stdout and
//! exactly one line on stderr that names the offending flag. Over 500 lines:
//! one file for the one command, each flag's cases next to the others.

use crate::common;

use assert_cmd::Command;
use assert_cmd::cargo::cargo_bin_cmd;
use common::cli;
use serde_json::Value;

fn schedule(args: &[&str]) -> Command {
    cli::command("schedule", args)
}

/// Runs a successful `schedule` and returns its stdout.
fn stdout_of(args: &[&str]) -> String {
    cli::stdout_of("schedule", args)
}

fn json_of(args: &[&str]) -> Value {
    cli::json_of("schedule", args)
}

/// Runs `schedule` with bad arguments and checks the failure's shape: exit
/// code 2, empty stdout, one line on stderr that starts with `error:` and
/// names `flag`.
fn check_usage_error(args: &[&str], flag: &str) -> String {
    cli::check_usage_error("schedule", args, flag)
}

const EXAMPLE: &[&str] = &[
    "--base",
    "250",
    "--multiplier",
    "2",
    "--max",
    "2000",
    "--retries",
    "5",
];

/// The field names documented in `src/report/json.rs` (and README.md), in order.
const POLICY_FIELDS: &[&str] = &[
    "base",
    "multiplier",
    "max_delay",
    "retries",
    "jitter",
    "unit",
];
const ROW_FIELDS: &[&str] = &[
    "retry",
    "delay",
    "capped",
    "min",
    "mean",
    "max",
    "cumulative_min",
    "cumulative_mean",
    "cumulative_max",
];
const TOTAL_FIELDS: &[&str] = &["min", "mean", "max"];

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .unwrap_or_else(|| panic!("{value} is not an object"))
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn json_of_the_german_example() {
    let doc = json_of(EXAMPLE);
    // The calculator's document: the schedule alone.
    assert_eq!(keys(&doc), ["policy", "retries", "total"]);
    let with = json_of(&[EXAMPLE, &["--percentiles"]].concat());
    assert_eq!(keys(&with), ["policy", "retries", "total", "distribution"]);
    assert_eq!(keys(&doc["policy"]), POLICY_FIELDS);
    assert_eq!(
        doc["policy"],
        serde_json::json!({
            "base": 250, "multiplier": 2, "max_delay": 2000, "retries": 5,
            "jitter": "none", "unit": "ms",
        })
    );
    let rows = doc["retries"].as_array().expect("retries is an array");
    assert_eq!(rows.len(), 5);
    for row in rows {
        assert_eq!(keys(row), ROW_FIELDS);
    }
    let column = |name: &str| -> Vec<Value> { rows.iter().map(|r| r[name].clone()).collect() };
    assert_eq!(
        column("retry"),
        serde_json::json!([1, 2, 3, 4, 5]).as_array().unwrap()[..]
    );
    let delays = serde_json::json!([250, 500, 1000, 2000, 2000]);
    let delays = delays.as_array().unwrap();
    assert_eq!(column("delay"), delays[..]);
    // Without jitter the spread collapses onto the delay.
    assert_eq!(column("min"), delays[..]);
    assert_eq!(column("mean"), delays[..]);
    assert_eq!(column("max"), delays[..]);
    // The fourth delay reaches the cap exactly, so only the fifth is limited.
    assert_eq!(
        column("capped"),
        serde_json::json!([false, false, false, false, true])
            .as_array()
            .unwrap()[..]
    );
    let cumulative = serde_json::json!([250, 750, 1750, 3750, 5750]);
    for name in ["cumulative_min", "cumulative_mean", "cumulative_max"] {
        assert_eq!(column(name), cumulative.as_array().unwrap()[..], "{name}");
    }
    assert_eq!(keys(&doc["total"]), TOTAL_FIELDS);
    assert_eq!(
        doc["total"],
        serde_json::json!({"min": 5750, "mean": 5750, "max": 5750})
    );
}

#[test]
fn json_is_written_as_json_stringify_writes_it() {
    let out = stdout_of(EXAMPLE);
    // `println!` adds one newline after the document.
    let doc = out.strip_suffix('\n').expect("ends with a newline");
    assert!(!doc.ends_with('\n'));
    // Integers without a fractional part, two-space indentation, the
    // documented order: serde_json's pretty printer gives the same bytes.
    let value: Value = serde_json::from_str(doc).unwrap();
    assert_eq!(serde_json::to_string_pretty(&value).unwrap(), doc);
    assert!(doc.contains("\n  \"retries\": [\n    {\n      \"retry\": 1,\n"));
    assert!(!doc.contains(".0,") && !doc.contains(".0\n"));
}

#[test]
fn no_max_writes_null() {
    let doc = json_of(&["--base", "1", "--multiplier", "1", "--retries", "3"]);
    assert_eq!(doc["policy"]["max_delay"], Value::Null);
    assert!(
        doc["retries"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["capped"] == false)
    );
    assert_eq!(doc["total"]["max"], 3);
}

#[test]
fn table_of_the_german_example() {
    let out = stdout_of(&[EXAMPLE, &["--format", "table"]].concat());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + 5 + 2, "{out}");
    let header: Vec<&str> = lines[0]
        .split("  ")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    assert_eq!(
        header,
        [
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
            "cumulative P99"
        ]
    );
    let cells =
        |line: &str| -> Vec<String> { line.split_whitespace().map(str::to_string).collect() };
    assert_eq!(
        cells(lines[1]),
        [
            "1", "250", "no", "250", "250", "250", "250", "250", "250", "250", "250", "250"
        ]
    );
    assert_eq!(
        cells(lines[4]),
        [
            "4", "2000", "no", "2000", "2000", "2000", "3750", "3750", "3750", "3750", "3750",
            "3750"
        ]
    );
    assert_eq!(
        cells(lines[5]),
        [
            "5", "2000", "yes", "2000", "2000", "2000", "5750", "5750", "5750", "5750", "5750",
            "5750"
        ]
    );
    assert_eq!(
        lines[6],
        "total wait (ms): min 5750, mean 5750, max 5750; P50 5750, P90 5750, P99 5750"
    );
    assert!(lines[7].starts_with("percentiles: exact convolution on a grid"));
    // Right-aligned columns: every row is as wide as the header, and no line
    // ends in a space.
    for line in &lines[..6] {
        assert_eq!(line.len(), lines[0].len(), "{line:?}");
        assert_eq!(*line, line.trim_end());
    }
    assert!(out.ends_with('\n'));
}

#[test]
fn full_jitter_spreads_from_zero() {
    let doc = json_of(&[EXAMPLE, &["--jitter", "full"]].concat());
    assert_eq!(doc["policy"]["jitter"], "full");
    let rows = doc["retries"].as_array().unwrap();
    let means = [125, 250, 500, 1000, 1000];
    for (row, mean) in rows.iter().zip(means) {
        assert_eq!(row["min"], 0);
        assert_eq!(row["mean"], mean);
        assert_eq!(row["max"], row["delay"]);
    }
    assert_eq!(
        doc["total"],
        serde_json::json!({"min": 0, "mean": 2875, "max": 5750})
    );
    // Fractional means are written without a trailing zero.
    let doc = json_of(&[
        "--base",
        "1",
        "--multiplier",
        "1",
        "--retries",
        "1",
        "--jitter",
        "full",
    ]);
    assert_eq!(doc["retries"][0]["mean"], 0.5);
}

#[test]
fn equal_jitter_and_units() {
    let doc = json_of(&[EXAMPLE, &["--jitter", "equal", "--unit", "s"]].concat());
    assert_eq!(doc["policy"]["unit"], "s");
    assert_eq!(doc["retries"][0]["min"], 125);
    assert_eq!(doc["retries"][0]["mean"], 187.5);
    assert_eq!(doc["total"]["min"], 2875);
}

#[test]
fn bad_base() {
    for value in ["-1", "0", "-0", "NaN", "nan", "inf", "1e309", "abc", ""] {
        check_usage_error(
            &["--base", value, "--multiplier", "2", "--retries", "5"],
            "--base",
        );
    }
    // `=` keeps a value that looks like a flag attached to its flag.
    check_usage_error(
        &["--base=-inf", "--multiplier", "2", "--retries", "5"],
        "--base",
    );
}

#[test]
fn bad_multiplier() {
    for value in ["0.5", "0", "-2", "NaN", "inf", "1e309", "x2"] {
        check_usage_error(
            &["--base", "1", "--multiplier", value, "--retries", "5"],
            "--multiplier",
        );
    }
}

#[test]
fn bad_max() {
    for value in ["0", "-1", "-0", "NaN", "inf", "max"] {
        check_usage_error(
            &[
                "--base",
                "250",
                "--multiplier",
                "2",
                "--retries",
                "5",
                "--max",
                value,
            ],
            "--max",
        );
    }
}

#[test]
fn bad_retries() {
    for value in [
        "0",
        "1001",
        "-1",
        "1.5",
        "1e3",
        "abc",
        "4294967297",
        "99999999999999999999",
    ] {
        check_usage_error(
            &["--base", "1", "--multiplier", "2", "--retries", value],
            "--retries",
        );
    }
}

#[test]
fn bad_jitter_format_and_unit() {
    check_usage_error(&[EXAMPLE, &["--jitter", "partial"]].concat(), "--jitter");
    check_usage_error(&[EXAMPLE, &["--format", "csv"]].concat(), "--format");
    check_usage_error(&[EXAMPLE, &["--unit", "min"]].concat(), "--unit");
}

#[test]
fn unknown_and_repeated_flags() {
    check_usage_error(&[EXAMPLE, &["--cap", "3"]].concat(), "--cap");
    check_usage_error(&[EXAMPLE, &["--base", "3"]].concat(), "--base");
    check_usage_error(&["--base"], "--base");
}

#[test]
fn uncapped_overflow_points_at_max() {
    let line = check_usage_error(
        &["--base", "1e300", "--multiplier", "1e10", "--retries", "5"],
        "--max",
    );
    assert!(line.contains("retry 2"), "{line}");
    // Without a maximum, a total that overflows is the first delay's doing.
    let line = check_usage_error(
        &["--base", "1e308", "--multiplier", "1", "--retries", "5"],
        "--base",
    );
    assert!(
        line.contains("retry 2") && line.contains("smaller delays"),
        "{line}"
    );
}

/// For a missing required flag clap's first line is "error: the following
/// required arguments were not provided:", with the flags on the lines that
/// follow; the one line printed must still name them.
#[test]
fn missing_required_flag_is_named() {
    check_usage_error(&["--base", "1", "--retries", "5"], "--multiplier");
    check_usage_error(&["--multiplier", "2", "--retries", "5"], "--base");
    check_usage_error(&["--base", "1", "--multiplier", "2"], "--retries");
}

#[test]
fn missing_required_flag_fails_with_one_line() {
    for args in [
        &["--base", "1", "--retries", "5"][..],
        &["--multiplier", "2", "--retries", "5"],
        &["--base", "1", "--multiplier", "2"],
        &[],
    ] {
        check_usage_error(args, "error: ");
    }
}

/// A value that starts with `-` and is not a plain number (`-inf`, `-NaN`)
/// is still the flag's value, refused by the flag's rule, not taken for an
/// unknown flag ("unexpected argument '-i' found").
#[test]
fn negative_infinity_is_a_bad_base() {
    check_usage_error(
        &["--base", "-inf", "--multiplier", "2", "--retries", "5"],
        "--base",
    );
}

#[test]
fn help_and_version_exit_zero() {
    for args in [&["--help"][..], &["schedule", "--help"], &["--version"]] {
        let output = cargo_bin_cmd!("backoff-site")
            .args(args)
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty(), "{args:?}");
    }
    let help = schedule(&["--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for flag in [
        "--base",
        "--multiplier",
        "--max",
        "--retries",
        "--jitter",
        "--unit",
        "--format",
    ] {
        assert!(help.contains(flag), "schedule --help lacks {flag}");
    }
}

/// The document of the schedule alone is what it was before the
/// distribution figures: they follow in objects of their own.
#[test]
fn the_schedule_part_of_the_document_is_unchanged() {
    let out = stdout_of(&[EXAMPLE, &["--percentiles"]].concat());
    let (head, _) = out
        .split_once(",\n  \"distribution\": {")
        .expect("the distribution follows the total");
    let rows: String = [
        (1, 250, false, 250),
        (2, 500, false, 750),
        (3, 1000, false, 1750),
        (4, 2000, false, 3750),
        (5, 2000, true, 5750),
    ]
    .iter()
    .map(|(retry, d, capped, c)| {
        format!(
            "    {{\n      \"retry\": {retry},\n      \"delay\": {d},\n      \"capped\": {capped},\n      \"min\": {d},\n      \"mean\": {d},\n      \"max\": {d},\n      \"cumulative_min\": {c},\n      \"cumulative_mean\": {c},\n      \"cumulative_max\": {c}\n    }}"
        )
    })
    .collect::<Vec<_>>()
    .join(",\n");
    let want = format!(
        "{{\n  \"policy\": {{\n    \"base\": 250,\n    \"multiplier\": 2,\n    \"max_delay\": 2000,\n    \"retries\": 5,\n    \"jitter\": \"none\",\n    \"unit\": \"ms\"\n  }},\n  \"retries\": [\n{rows}\n  ],\n  \"total\": {{\n    \"min\": 5750,\n    \"mean\": 5750,\n    \"max\": 5750\n  }}"
    );
    assert_eq!(head, want);
    // Without `--percentiles`, the schedule alone: the calculator's document.
    assert_eq!(stdout_of(EXAMPLE), format!("{want}\n}}\n"));
    // No timeline without a timeout or a deadline.
    assert!(json_of(EXAMPLE).get("timeline").is_none());
}

const SUMMARY_FIELDS: &[&str] = &["min", "mean", "max", "p50", "p90", "p99"];

/// Checks the `distribution` object: fields in order, every summary ordered
/// and inside its [min, max], cumulative rows growing; returns it.
fn checked_distribution(doc: &Value, retries: usize) -> &Value {
    let dist = &doc["distribution"];
    let summaries: Vec<&Value> = std::iter::once(&dist["total"])
        .chain(dist["cumulative"].as_array().expect("an array"))
        .collect();
    assert_eq!(summaries.len(), retries + 1);
    for s in &summaries {
        let f = |k: &str| s[k].as_f64().unwrap_or_else(|| panic!("{k} in {s}"));
        assert!(
            f("min") <= f("p50") && f("p50") <= f("p90") && f("p90") <= f("p99"),
            "{s}"
        );
        assert!(f("p99") <= f("max") && f("min") <= f("mean") && f("mean") <= f("max"));
    }
    let last = dist["cumulative"].as_array().unwrap().last().unwrap();
    assert_eq!(last["retry"], retries);
    assert_eq!(keys(&dist["total"]), SUMMARY_FIELDS);
    // The total is the last retry's cumulative wait, and agrees with `total`.
    for k in SUMMARY_FIELDS {
        assert_eq!(last[*k], dist["total"][*k], "{k}");
    }
    for k in TOTAL_FIELDS {
        assert_eq!(doc["total"][*k], dist["total"][*k], "{k}");
    }
    dist
}

#[test]
fn proportional_jitter_is_capped_before_the_jitter() {
    // gRPC's connection backoff: ±20 %.
    let doc = json_of(&[
        "--base",
        "1",
        "--multiplier",
        "2",
        "--max",
        "4",
        "--retries",
        "4",
        "--jitter",
        "proportional",
        "--jitter-factor",
        "0.2",
    ]);
    assert_eq!(doc["policy"]["jitter"], "proportional");
    assert_eq!(doc["policy"]["jitter_factor"], 0.2);
    assert_eq!(
        keys(&doc["policy"]),
        [
            "base",
            "multiplier",
            "max_delay",
            "retries",
            "jitter",
            "jitter_factor",
            "unit"
        ]
    );
    let last = &doc["retries"][3];
    assert_eq!(
        (&last["min"], &last["mean"], &last["max"]),
        (&3.2.into(), &4.into(), &4.8.into())
    );
    let dist = checked_distribution(&doc, 4);
    assert_eq!(keys(dist), ["method", "grid_step", "total", "cumulative"]);
    assert_eq!(dist["method"], "grid");
    // A sum of independent uniforms symmetric about its mean: the median is
    // the mean, to within the stated grid step.
    let step = dist["grid_step"].as_f64().unwrap();
    // The grid has hundreds of cells over the total's range, 8.8 − 5.2.
    assert!(step > 0.0 && step < 3.6 / 100.0, "{step}");
    let p50 = dist["total"]["p50"].as_f64().unwrap();
    assert!((p50 - 11.0).abs() <= step, "{p50}");
}

#[test]
fn proportional_factor_one_is_irwin_hall() {
    // Factor 1 with a multiplier of 1: each delay is uniform on [0, 2], so
    // the total of 3 is twice an Irwin–Hall(3) variable, whose P90 is
    // 2.32036… (the root of (3 − x)³ = 0.6 on [2, 3]: x = 3 − 0.6^(1/3)).
    let doc = json_of(&[
        "--base",
        "1",
        "--multiplier",
        "1",
        "--retries",
        "3",
        "--jitter",
        "proportional",
        "--jitter-factor",
        "1",
    ]);
    let dist = checked_distribution(&doc, 3);
    let step = dist["grid_step"].as_f64().unwrap();
    let p90 = dist["total"]["p90"].as_f64().unwrap();
    let want = 2.0 * (3.0 - 0.6f64.cbrt());
    assert!((p90 - want).abs() <= step, "{p90} vs {want} (step {step})");
}

const DECORRELATED: &[&str] = &[
    "--base",
    "100",
    "--multiplier",
    "2",
    "--max",
    "1000",
    "--retries",
    "6",
    "--jitter",
    "decorrelated",
];

#[test]
fn decorrelated_jitter_names_its_generator_seed_and_samples() {
    let doc = json_of(DECORRELATED);
    let dist = checked_distribution(&doc, 6);
    assert_eq!(
        keys(dist),
        [
            "method",
            "generator",
            "seed",
            "samples",
            "exact_mean_retries",
            "mean_error",
            "total_p99_low",
            "total_p99_high",
            "total",
            "cumulative"
        ]
    );
    assert_eq!(dist["method"], "monte_carlo");
    assert_eq!(dist["generator"], "xoshiro256**");
    assert_eq!(dist["seed"], 0x2015_0304);
    assert_eq!(dist["samples"], 16_384);
    // 100·3² = 900 <= 1000 < 2700: the cap cannot bind before retry 3.
    assert_eq!(dist["exact_mean_retries"], 2);
    let rows = doc["retries"].as_array().unwrap();
    // Exact: E[s1] = (100 + 300) / 2, E[s2] = (100 + 3 · 200) / 2.
    assert_eq!(
        (&rows[0]["mean"], &rows[1]["mean"]),
        (&200.into(), &350.into())
    );
    // Delays run from base to min(cap, base·3^k); the multiplier plays no part.
    let bounds: Vec<(f64, f64)> = rows
        .iter()
        .map(|r| (r["min"].as_f64().unwrap(), r["max"].as_f64().unwrap()))
        .collect();
    assert_eq!(
        bounds[..3],
        [(100.0, 300.0), (100.0, 900.0), (100.0, 1000.0)]
    );
    let other_multiplier = json_of(&[&DECORRELATED[..3], &["5"], &DECORRELATED[4..]].concat());
    assert_eq!(other_multiplier["distribution"], doc["distribution"]);
    // The rows' means are the distribution's, so the two agree.
    for (row, c) in rows
        .iter()
        .zip(doc["distribution"]["cumulative"].as_array().unwrap())
    {
        assert_eq!(row["cumulative_mean"], c["mean"]);
    }
    // The same seed gives the same bytes on every run.
    assert_eq!(stdout_of(DECORRELATED), stdout_of(DECORRELATED));
    let low = dist["total_p99_low"].as_f64().unwrap();
    let high = dist["total_p99_high"].as_f64().unwrap();
    let p99 = dist["total"]["p99"].as_f64().unwrap();
    assert!(low <= p99 && p99 <= high, "{low} {p99} {high}");
}

#[test]
fn timeline_of_a_fixed_schedule_by_hand() {
    // Delays 1, 2, 4; each attempt runs 10 before failing: attempts start
    // at 0, 10 + 1, 20 + 3, 30 + 7.
    let args = [
        "--base",
        "1",
        "--multiplier",
        "2",
        "--retries",
        "3",
        "--timeout",
        "10",
        "--deadline",
    ];
    let doc = json_of(&[&args[..], &["25"]].concat());
    let timeline = &doc["timeline"];
    assert_eq!(
        keys(timeline),
        ["timeout", "deadline", "attempts", "deadline_fit"]
    );
    assert_eq!(
        (&timeline["timeout"], &timeline["deadline"]),
        (&10.into(), &25.into())
    );
    let starts: Vec<(u64, f64, f64, f64)> = timeline["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let f = |k: &str| a[k].as_f64().unwrap();
            (a["attempt"].as_u64().unwrap(), f("min"), f("p50"), f("max"))
        })
        .collect();
    assert_eq!(
        starts,
        [
            (1, 0.0, 0.0, 0.0),
            (2, 11.0, 11.0, 11.0),
            (3, 23.0, 23.0, 23.0),
            (4, 37.0, 37.0, 37.0)
        ]
    );
    assert_eq!(
        timeline["deadline_fit"],
        serde_json::json!({
            "retries_worst": 2, "retries_p50": 2, "retries_best": 2,
            "last_retry_probability": 0,
        })
    );
    let roomy = json_of(&[&args[..], &["40"]].concat());
    assert_eq!(roomy["timeline"]["deadline_fit"]["retries_worst"], 3);
    assert_eq!(
        roomy["timeline"]["deadline_fit"]["last_retry_probability"],
        1
    );
    // A timeout alone gives the starts but no deadline fit.
    let doc = json_of(&args[..8]);
    assert_eq!(doc["timeline"]["deadline"], Value::Null);
    assert_eq!(doc["timeline"]["deadline_fit"], Value::Null);
    assert_eq!(doc["timeline"]["attempts"][3]["max"], 37);
}

#[test]
fn timeline_with_full_jitter_counts_retries_at_p50() {
    // Full jitter on 100, 200, 400 with no timeout: the last retry starts
    // at the total wait, uniform sums with mean 350; a deadline of 350
    // is met about half the time.
    let doc = json_of(&[
        "--base",
        "100",
        "--multiplier",
        "2",
        "--retries",
        "3",
        "--jitter",
        "full",
        "--deadline",
        "350",
        "--format",
        "json",
    ]);
    let fit = &doc["timeline"]["deadline_fit"];
    assert_eq!(fit["retries_best"], 3);
    // Longest waits 100, 200, 400: two retries start by 300 < 350.
    assert_eq!(fit["retries_worst"], 2);
    let p = fit["last_retry_probability"].as_f64().unwrap();
    assert!((0.4..0.6).contains(&p), "{p}");
    assert_eq!(doc["timeline"]["timeout"], Value::Null);
}

#[test]
fn table_shows_percentiles_method_and_timeline() {
    let out = stdout_of(
        &[
            DECORRELATED,
            &["--timeout", "50", "--deadline", "2000", "--format", "table"],
        ]
        .concat(),
    );
    assert!(
        out.contains("percentiles: Monte Carlo, 16384 paths of xoshiro256** seeded with 538247940"),
        "{out}"
    );
    assert!(
        out.contains("timeline: timeout per attempt 50, deadline 2000"),
        "{out}"
    );
    assert!(
        out.contains("retries starting before the deadline: "),
        "{out}"
    );
    let attempt_header = out
        .lines()
        .find(|l| l.starts_with("attempt"))
        .expect("a timeline table");
    assert_eq!(
        attempt_header
            .split("  ")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>(),
        ["attempt", "start min", "start P50", "start max"]
    );
}

#[test]
fn bad_jitter_factor() {
    let base = ["--base", "1", "--multiplier", "2", "--retries", "3"];
    for value in ["0", "-0.5", "1.5", "NaN", "inf", "x"] {
        check_usage_error(
            &[
                &base[..],
                &["--jitter", "proportional", "--jitter-factor", value],
            ]
            .concat(),
            "--jitter-factor",
        );
    }
    // Proportional jitter needs its factor; the other kinds take none.
    check_usage_error(
        &[&base[..], &["--jitter", "proportional"]].concat(),
        "--jitter-factor",
    );
    check_usage_error(
        &[&base[..], &["--jitter", "full", "--jitter-factor", "0.5"]].concat(),
        "--jitter-factor",
    );
}

#[test]
fn bad_timeout_and_deadline() {
    let base = ["--base", "1", "--multiplier", "2", "--retries", "3"];
    for value in ["-1", "NaN", "inf", "x"] {
        check_usage_error(&[&base[..], &["--timeout", value]].concat(), "--timeout");
    }
    for value in ["0", "-1", "NaN", "inf", "x"] {
        check_usage_error(&[&base[..], &["--deadline", value]].concat(), "--deadline");
    }
    // A deadline shorter than the first attempt.
    let err = check_usage_error(
        &[&base[..], &["--timeout", "5", "--deadline", "4"]].concat(),
        "--deadline",
    );
    assert!(err.contains("timeout of the first attempt"), "{err}");
    // Attempt starts beyond the largest finite number.
    check_usage_error(
        &[&base[..], &["--max", "1", "--timeout", "1e308"]].concat(),
        "--timeout",
    );
}

/// `--preset ID` is the preset's policy, in milliseconds: AWS's standard
/// mode is 2 retries of full jitter on 1 s, 2 s (cap 20 s).
#[test]
fn preset_is_the_libraries_policy() {
    let doc = json_of(&["--preset", "aws-standard"]);
    assert_eq!(doc["policy"]["base"], 1000);
    assert_eq!(doc["policy"]["multiplier"], 2);
    assert_eq!(doc["policy"]["max_delay"], 20000);
    assert_eq!(doc["policy"]["retries"], 2);
    assert_eq!(doc["policy"]["jitter"], "full");
    let maxima: Vec<&Value> = doc["retries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["max"])
        .collect();
    assert_eq!(maxima, [1000, 2000]);
}

/// Explicit flags override the preset's fields, one by one; the others stay.
#[test]
fn flags_override_the_presets_fields() {
    let doc = json_of(&[
        "--preset",
        "aws-standard",
        "--retries",
        "4",
        "--max",
        "3000",
    ]);
    assert_eq!(doc["policy"]["base"], 1000);
    assert_eq!(doc["policy"]["retries"], 4);
    assert_eq!(doc["policy"]["max_delay"], 3000);
    assert_eq!(doc["retries"][3]["max"], 3000);
    let doc = json_of(&[
        "--preset",
        "aws-standard",
        "--jitter",
        "none",
        "--base",
        "10",
    ]);
    assert_eq!(doc["policy"]["jitter"], "none");
    assert_eq!(doc["retries"][1]["min"], 20);
    // A factor alone replaces the factor of a proportional preset.
    let doc = json_of(&["--preset", "grpc-connection", "--jitter-factor", "0.5"]);
    assert_eq!(doc["policy"]["jitter"], "proportional");
    assert_eq!(doc["policy"]["jitter_factor"], 0.5);
    assert_eq!(doc["retries"][0]["min"], 500);
}

/// With `--unit s` the preset's milliseconds become seconds.
#[test]
fn preset_in_seconds() {
    let doc = json_of(&["--preset", "polly", "--unit", "s"]);
    assert_eq!(doc["policy"]["base"], 2);
    assert_eq!(doc["policy"]["unit"], "s");
    assert_eq!(doc["total"]["max"], 6);
}

#[test]
fn bad_presets_are_named() {
    let line = check_usage_error(&["--preset", "no-such-library"], "--preset");
    assert!(line.contains("no-such-library"), "{line}");
    check_usage_error(&["--preset", "polly", "--unit", "units"], "--unit");
    // Polly's jitter is none: a factor alone has nothing to apply to.
    check_usage_error(
        &["--preset", "polly", "--jitter-factor", "0.2"],
        "--jitter-factor",
    );
    // An override the core refuses is named as without a preset.
    check_usage_error(&["--preset", "polly", "--retries", "0"], "--retries");
}

/// `--preset list`: every group heading, then its presets with versions;
/// `--format json` gives the data the page and the selector read.
#[test]
fn preset_list_is_grouped_with_versions() {
    let text = stdout_of(&["--preset", "list"]);
    let headings: Vec<&str> = text.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(
        headings,
        [
            "python",
            "java",
            "dotnet",
            "go",
            "rust",
            "ruby",
            "javascript",
            "protocol"
        ]
    );
    let polly = text
        .lines()
        .find(|l| l.trim_start().starts_with("polly "))
        .unwrap();
    assert!(polly.contains("8.7.0"), "{polly}");
    let urllib3 = text
        .lines()
        .find(|l| l.trim_start().starts_with("urllib3 "))
        .unwrap();
    assert!(urllib3.ends_with("(example values)"), "{urllib3}");

    let doc = json_of(&["--preset", "list", "--format", "json"]);
    let all = doc.as_array().unwrap();
    assert!(all.len() >= 15, "{} presets", all.len());
    let kafka = all.iter().find(|p| p["id"] == "kafka").unwrap();
    assert_eq!(kafka["policy"]["jitter_factor"], 0.2);
    assert_eq!(kafka["counts"], "time");
    assert_eq!(kafka["count"], Value::Null);
    assert_eq!(kafka["differs"][1], "cap-after-jitter");
}

/// Without a preset, base, multiplier and retries stay required.
#[test]
fn without_a_preset_the_policy_flags_are_required() {
    check_usage_error(&["--jitter", "full"], "--base");
}
