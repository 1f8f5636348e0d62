//! The `storm` subcommand as a script sees it: the JSON document with every
//! documented field, the same bytes for the same seed and each run its own
//! seed, a preset's retry budget, the closed form of independent failures,
//! the table, and on bad arguments exit code 2, nothing on stdout and one
//! line on stderr that names the offending flag.

use crate::common;

use common::cli;
use serde_json::Value;

fn json_of(args: &[&str]) -> Value {
    cli::json_of("storm", args)
}

fn check_usage_error(args: &[&str], flag: &str) -> String {
    cli::check_usage_error("storm", args, flag)
}

/// `t`, then the storm contract's figures (README documents each).
fn second_fields() -> Vec<&'static str> {
    std::iter::once("t")
        .chain(backoff_site::storm::FIGURES)
        .collect()
}

#[test]
fn the_document_has_every_documented_field() {
    let doc = json_of(&["--runs", "3"]);
    assert_eq!(doc["generator"], "xoshiro256**");
    assert_eq!(
        (doc["seed"].as_u64(), doc["runs"].as_u64()),
        (Some(0), Some(3))
    );
    let s = &doc["scenario"];
    for key in [
        "duration",
        "system",
        "clients",
        "workload",
        "until",
        "server_time",
        "server_slope",
        "limit",
        "queue",
        "server_failure_rate",
        "network",
        "timeout",
        "retries",
        "backoff",
        "budget",
        "layers",
    ] {
        assert!(s.get(key).is_some(), "scenario.{key}");
    }
    // Brooker's spike, no backoff, two retries.
    assert_eq!(s["workload"]["kind"], "spike");
    assert_eq!(
        (s["retries"].as_u64(), &s["backoff"]),
        (Some(2), &Value::Null)
    );
    let seconds = doc["seconds"].as_array().unwrap();
    assert_eq!(seconds.len(), 80);
    for (t, row) in seconds.iter().enumerate() {
        let keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, second_fields(), "second {t}");
        assert_eq!(row["t"].as_u64(), Some(t as u64));
        // Attempts are first attempts and retries.
        let f = |k: &str| row[k].as_f64().unwrap();
        assert!(
            (f("attempts") - f("starts") - f("retries")).abs() < 1e-9,
            "{row}"
        );
    }
    for key in [
        "starts",
        "attempts",
        "successes",
        "amplification",
        "success_share",
        "goodput",
    ] {
        assert!(doc["summary"][key].is_number(), "summary.{key}");
    }
    let r = &doc["recovery"];
    assert_eq!(
        (r["from"].as_f64(), r["to"].as_f64()),
        (Some(20.0), Some(25.0))
    );
    let verdicts = r["recovered_runs"].as_u64().unwrap() + r["collapsed_runs"].as_u64().unwrap();
    assert_eq!(verdicts, 3);
}

#[test]
fn a_seed_names_its_runs() {
    let args = ["--runs", "2", "--seed", "41", "--duration", "30"];
    assert_eq!(
        cli::stdout_of("storm", &args),
        cli::stdout_of("storm", &args)
    );
    // Run i draws from seed + i: two runs are the mean of each alone.
    let both = json_of(&args);
    let one = |seed: &str| json_of(&["--runs", "1", "--seed", seed, "--duration", "30"]);
    let (a, b) = (one("41"), one("42"));
    for t in 0..30 {
        // (No guard: no balance, `tokens` null.)
        assert!(both["seconds"][t]["tokens"].is_null());
        for key in &second_fields()[1..11] {
            let mean = (a["seconds"][t][key].as_f64().unwrap()
                + b["seconds"][t][key].as_f64().unwrap())
                / 2.0;
            assert_eq!(both["seconds"][t][key].as_f64().unwrap(), mean, "{t} {key}");
        }
    }
}

#[test]
fn independent_failures_cost_their_closed_form() {
    // A fast server failing half the attempts, three retries at once and no
    // timeout: (1 − ½⁴) / (1 − ½) = 1.875 attempts a request.
    let doc = json_of(&[
        "--workload",
        "constant",
        "--rate",
        "200",
        "--duration",
        "60",
        "--until",
        "59",
        "--server-time",
        "0.01",
        "--server-slope",
        "0",
        "--server-failure-rate",
        "0.5",
        "--retries",
        "3",
        "--timeout",
        "30",
        "--runs",
        "4",
    ]);
    let a = doc["summary"]["amplification"].as_f64().unwrap();
    assert!((a - 1.875).abs() < 0.02, "{a}");
    assert_eq!(doc["recovery"], Value::Null);
}

#[test]
fn layers_multiply_what_reaches_the_server() {
    // Every attempt failing at once, three layers of three attempts: 27 at
    // the server for each request.
    let doc = json_of(&[
        "--layers",
        "3",
        "--workload",
        "constant",
        "--rate",
        "20",
        "--duration",
        "30",
        "--until",
        "25",
        "--server-failure-rate",
        "1",
        "--server-time",
        "0.01",
        "--network",
        "0.001",
        "--timeout",
        "20",
        "--runs",
        "1",
    ]);
    let sum = |key: &str| {
        doc["seconds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s[key].as_f64().unwrap())
            .sum::<f64>()
    };
    assert_eq!(doc["scenario"]["layers"], 3);
    assert_eq!(sum("offered"), 27.0 * sum("starts"));
    assert_eq!(sum("attempts"), 3.0 * sum("starts"));
}

#[test]
fn a_preset_brings_its_budget_and_delays_in_seconds() {
    let doc = json_of(&[
        "--preset",
        "aws-standard",
        "--runs",
        "1",
        "--duration",
        "10",
    ]);
    let s = &doc["scenario"];
    assert_eq!(s["budget"], "aws-retry-quota");
    // botocore's standard mode: 1 s doubling to 20 s, full jitter, 2 retries.
    assert_eq!(s["backoff"]["base"], 1.0);
    assert_eq!(s["backoff"]["max"], 20.0);
    assert_eq!(s["retries"], 2);
    let doc = json_of(&[
        "--preset",
        "aws-standard",
        "--budget",
        "none",
        "--runs",
        "1",
        "--duration",
        "10",
    ]);
    assert_eq!(doc["scenario"]["budget"], "none");
    let doc = json_of(&[
        "--bucket",
        "0.1,5",
        "--retries",
        "20",
        "--runs",
        "1",
        "--duration",
        "10",
    ]);
    assert_eq!(doc["scenario"]["budget"], "bucket");
}

#[test]
fn the_table_has_a_row_a_second_and_the_verdict() {
    let out = cli::stdout_of("storm", &["--runs", "2", "--format", "table"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].split_whitespace().eq(second_fields()),
        "{}",
        lines[0]
    );
    let rows = lines[1..].iter().take_while(|l| !l.is_empty()).count();
    assert_eq!(rows, 80);
    assert!(out.contains("2 run(s): "), "{out}");
    assert!(out.contains("recovered in "), "{out}");
}

#[test]
fn bad_arguments_name_their_flag() {
    for (args, flag) in [
        (&["--timeout", "0"][..], "--timeout"),
        (&["--runs", "0"], "--runs"),
        (&["--runs", "1001"], "--runs"),
        (&["--clients", "0"], "--clients"),
        (&["--rate", "-1"], "--rate"),
        (&["--peak", "0"], "--peak"),
        (&["--at", "-5"], "--at"),
        (&["--length", "nan"], "--length"),
        (&["--workload", "ramp", "--slope", "-1"], "--slope"),
        (&["--until", "1e9"], "--until"),
        (&["--layers", "11"], "--layers"),
        (&["--layers", "0"], "--layers"),
        (&["--duration", "1e9"], "--duration"),
        (&["--server-failure-rate", "2"], "--server-failure-rate"),
        (&["--server-time", "-1"], "--server-time"),
        (&["--network", "-0.1"], "--network"),
        (&["--retries", "1001"], "--retries"),
        (&["--base", "0", "--multiplier", "2"], "--base"),
        (&["--bucket", "1"], "--bucket"),
        (&["--breaker", "2"], "--breaker"),
        (&["--bucket", "-1,5"], "--bucket"),
        (&["--preset", "nope"], "--preset"),
        (
            &[
                "--workload",
                "constant",
                "--rate",
                "10000",
                "--duration",
                "3600",
            ],
            "--rate",
        ),
    ] {
        check_usage_error(args, flag);
    }
}
