//! The `schedule` subcommand as a script sees it: the JSON document and the
//! table on success, and on bad arguments exit code 2, nothing on stdout and
//! exactly one line on stderr that names the offending flag.

use assert_cmd::Command;
use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

fn schedule(args: &[&str]) -> Command {
    let mut cmd = cargo_bin_cmd!("backoff-site");
    cmd.arg("schedule").args(args);
    cmd
}

/// Runs a successful `schedule` and returns its stdout.
fn stdout_of(args: &[&str]) -> String {
    let output = schedule(args).output().expect("the binary runs");
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty(), "{args:?} wrote to stderr");
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

fn json_of(args: &[&str]) -> Value {
    let out = stdout_of(args);
    serde_json::from_str(&out).unwrap_or_else(|err| panic!("{err} in {out}"))
}

/// Runs `schedule` with bad arguments and checks the failure's shape: exit
/// code 2, empty stdout, one line on stderr that starts with `error:` and
/// names `flag`.
fn check_usage_error(args: &[&str], flag: &str) -> String {
    let output = schedule(args).output().expect("the binary runs");
    let stderr = String::from_utf8(output.stderr).expect("stderr is UTF-8");
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?} wrote to stdout");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(stderr.ends_with('\n'), "{args:?}: {stderr:?}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr:?}");
    assert!(
        stderr.contains(flag),
        "{args:?}: {stderr:?} does not name {flag}"
    );
    stderr
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

/// The field names documented in `src/report.rs` (and README.md), in order.
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
    assert_eq!(keys(&doc), ["policy", "retries", "total", "distribution"]);
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
        ["1", "250", "no", "250", "250", "250", "250", "250", "250", "250", "250", "250"]
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
