//! The `simulate` subcommand as a script sees it: the JSON document with
//! every documented field, the same bytes for the same seed, the table, and
//! on bad arguments exit code 2, nothing on stdout and exactly one line on
//! stderr that names the offending flag.

use crate::common;

use common::cli;
use serde_json::Value;

/// Runs a successful `simulate` and returns its stdout.
fn stdout_of(args: &[&str]) -> String {
    cli::stdout_of("simulate", args)
}

fn json_of(args: &[&str]) -> Value {
    cli::json_of("simulate", args)
}

/// Runs `simulate` with bad arguments and checks the failure's shape.
fn check_usage_error(args: &[&str], flag: &str) -> String {
    cli::check_usage_error("simulate", args, flag)
}

/// A small experiment: quick in a debug build.
const SMALL: &[&str] = &["--clients", "5,10", "--runs", "10", "--seed", "7"];

const RESULT_FIELDS: [&str; 11] = [
    "strategy",
    "clients",
    "runs",
    "mean_calls",
    "calls_p50",
    "calls_p90",
    "calls_p99",
    "mean_completion_ms",
    "completion_ms_p50",
    "completion_ms_p90",
    "completion_ms_p99",
];

#[test]
fn json_has_the_documented_fields_for_every_strategy_and_client_count() {
    let doc = json_of(SMALL);
    let top: Vec<&str> = doc
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(top, ["generator", "seed", "model", "results"]);
    assert_eq!(doc["generator"], "xoshiro256**");
    assert_eq!(doc["seed"], 7);
    let model: Vec<&str> = doc["model"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        model,
        [
            "base_ms",
            "cap_ms",
            "multiplier",
            "decorrelated_factor",
            "latency_mean_ms",
            "latency_sd_ms",
            "max_attempts"
        ]
    );
    // The post's parameters are the defaults.
    assert_eq!(doc["model"]["base_ms"], 5);
    assert_eq!(doc["model"]["cap_ms"], 2000);
    assert_eq!(doc["model"]["multiplier"], 2);
    assert_eq!(doc["model"]["latency_mean_ms"], 10);
    assert_eq!(doc["model"]["latency_sd_ms"], 2);

    let results = doc["results"].as_array().unwrap();
    let cases: Vec<(String, u64)> = results
        .iter()
        .map(|r| {
            let keys: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys, RESULT_FIELDS);
            (
                r["strategy"].as_str().unwrap().to_string(),
                r["clients"].as_u64().unwrap(),
            )
        })
        .collect();
    let mut want = Vec::new();
    for s in ["none", "exponential", "equal", "full", "decorrelated"] {
        for c in [5, 10] {
            want.push((s.to_string(), c));
        }
    }
    assert_eq!(cases, want);
    for r in results {
        assert_eq!(r["runs"], 10);
        let f = |k: &str| r[k].as_f64().unwrap();
        // Every client writes at least once; percentiles are ordered.
        assert!(f("mean_calls") >= f("clients"), "{r}");
        assert!(f("calls_p50") <= f("calls_p90") && f("calls_p90") <= f("calls_p99"));
        assert!(
            f("completion_ms_p50") <= f("completion_ms_p90")
                && f("completion_ms_p90") <= f("completion_ms_p99")
        );
        assert!(f("mean_completion_ms") > 0.0);
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_another_seed_other_ones() {
    let a = stdout_of(SMALL);
    assert_eq!(a, stdout_of(SMALL));
    let other = stdout_of(&["--clients", "5,10", "--runs", "10", "--seed", "8"]);
    assert_ne!(a, other);
    // Only the seed line and the figures differ: the shape is the same.
    assert_eq!(a.lines().count(), other.lines().count());
}

#[test]
fn a_case_is_the_same_alone_as_among_others() {
    let all = json_of(SMALL);
    let alone = json_of(&[
        "--clients",
        "10",
        "--runs",
        "10",
        "--seed",
        "7",
        "--strategy",
        "full",
    ]);
    let in_all = all["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["strategy"] == "full" && r["clients"] == 10)
        .unwrap();
    assert_eq!(&alone["results"][0], in_all);
}

#[test]
fn strategies_and_parameters_come_from_the_flags() {
    let doc = json_of(&[
        "--clients",
        "4",
        "--runs",
        "3",
        "--strategy",
        "decorrelated",
        "--strategy",
        "none",
        "--base",
        "2.5",
        "--max",
        "100",
        "--multiplier",
        "3",
    ]);
    let names: Vec<&str> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["strategy"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["decorrelated", "none"]);
    assert_eq!(doc["model"]["base_ms"], 2.5);
    assert_eq!(doc["model"]["cap_ms"], 100);
    assert_eq!(doc["model"]["multiplier"], 3);
    assert_eq!(doc["seed"], 2015);
}

#[test]
fn the_table_has_a_row_per_case_under_the_model_line() {
    let out = stdout_of(&["--clients", "3,6", "--runs", "5", "--format", "table"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("base 5 ms, cap 2000 ms, multiplier 2"),
        "{out}"
    );
    assert!(lines[0].ends_with("xoshiro256** seed 2015"), "{out}");
    assert!(lines[1].starts_with("strategy") && lines[1].contains("mean calls"));
    assert_eq!(lines.len(), 2 + 5 * 2, "{out}");
    assert!(
        lines[2].starts_with("none") && lines[2].contains(" 3 "),
        "{out}"
    );
    assert!(lines[11].starts_with("decorrelated"), "{out}");
}

#[test]
fn bad_arguments_name_their_flag() {
    check_usage_error(&["--clients", "0"], "--clients");
    check_usage_error(&["--clients", "10001"], "--clients");
    check_usage_error(&["--clients", "10,10"], "--clients");
    check_usage_error(&["--clients", "ten"], "--clients");
    check_usage_error(&["--clients", "-5"], "--clients");
    check_usage_error(&["--runs", "0"], "--runs");
    check_usage_error(&["--runs", "10001"], "--runs");
    check_usage_error(&["--runs", "1.5"], "--runs");
    check_usage_error(&["--seed", "-1"], "--seed");
    check_usage_error(&["--seed", "18446744073709551616"], "--seed");
    check_usage_error(&["--strategy", "linear"], "--strategy");
    check_usage_error(&["--strategy", "full", "--strategy", "full"], "--strategy");
    check_usage_error(&["--base", "0"], "--base");
    check_usage_error(&["--base", "-5"], "--base");
    check_usage_error(&["--base", "NaN"], "--base");
    check_usage_error(&["--max", "inf"], "--max");
    check_usage_error(&["--max", "0"], "--max");
    check_usage_error(&["--multiplier", "0.5"], "--multiplier");
    check_usage_error(&["--format", "xml"], "--format");
    check_usage_error(&["--runs", "--seed", "3"], "--runs");
}

#[test]
fn the_work_is_bounded_before_anything_runs() {
    // 10,000 clients are allowed, but 5 strategies × 3 runs of them are
    // 1.5 × 10⁹ units, above the limit of 10⁹.
    let err = check_usage_error(&["--clients", "10000", "--runs", "3"], "--runs");
    assert!(err.contains("1500000000"), "{err}");
    assert!(err.contains("1000000000"), "{err}");
}
