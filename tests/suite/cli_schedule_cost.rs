//! `schedule --failure-rate P [--layers L]` as a script sees it: the `cost`
//! object of the JSON and the table's lines hold the closed forms
//! (`(1 − p^(N+1)) / (1 − p)` attempts, `1 − p^(N+1)` success, `(N + 1)^L`
//! attempts at the bottom when every attempt fails), and a bad value exits
//! 2 naming its flag.

use crate::common;

use common::cli;
use serde_json::json;

const POLICY: &[&str] = &["--base", "100", "--multiplier", "2", "--retries", "2"];

#[test]
fn the_cost_of_two_retries_at_one_half_is_its_closed_form() {
    let doc = cli::json_of("schedule", &[POLICY, &["--failure-rate", "0.5"]].concat());
    // 1 + 0.5 + 0.25 attempts; all three fail with probability 1/8.
    assert_eq!(
        doc["cost"],
        json!({
            "failure_rate": 0.5,
            "layers": 1,
            "attempts": 1.75,
            "success": 0.875,
            "bottom_attempts": 1.75,
            "bottom_attempts_worst": 3,
            "top_success": 0.875,
        })
    );
}

#[test]
fn three_layers_of_three_attempts_send_27_to_the_bottom_when_all_fail() {
    let args = [POLICY, &["--failure-rate", "1", "--layers", "3"]].concat();
    let cost = &cli::json_of("schedule", &args)["cost"];
    assert_eq!(cost["bottom_attempts"], 27);
    assert_eq!(cost["bottom_attempts_worst"], 27);
    assert_eq!(
        (&cost["success"], &cost["top_success"]),
        (&json!(0), &json!(0))
    );
    // At p = 0.5 the layer above the failing service sees its requests
    // fail 1/8 of the time, the next 1/512: 1.75 × (1 + 1/8 + 1/64) ×
    // (1 + 1/512 + 1/512²) attempts at the bottom.
    let args = [
        POLICY,
        &[
            "--failure-rate",
            "0.5",
            "--layers",
            "3",
            "--format",
            "table",
        ],
    ]
    .concat();
    let table = cli::stdout_of("schedule", &args);
    let expected = 1.75 * (1.0 + 0.125 + 0.015625) * (1.0 + 1.0 / 512.0 + 1.0 / 262_144.0);
    let line = table.lines().last().unwrap();
    let figure: f64 = line
        .strip_prefix("through 3 layers: ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("{line}"))
        .parse()
        .unwrap();
    assert!(
        (figure - expected).abs() <= 1e-15 * expected,
        "{figure} {expected}"
    );
    assert!(line.contains("27 when every attempt fails"), "{line}");
}

#[test]
fn a_bad_failure_rate_or_layer_count_exits_2_naming_the_flag() {
    for (extra, flag) in [
        (&["--failure-rate", "1.5"][..], "--failure-rate"),
        (&["--failure-rate", "-0.1"], "--failure-rate"),
        (&["--failure-rate", "nan"], "--failure-rate"),
        (&["--failure-rate", "0.5", "--layers", "0"], "--layers"),
        (&["--failure-rate", "0.5", "--layers", "11"], "--layers"),
        (
            &["--failure-rate", "0.5", "--layers", "99999999999"],
            "--layers",
        ),
        (&["--layers", "3"], "--failure-rate"),
    ] {
        let args = [POLICY, extra].concat();
        let output = cli::command("schedule", &args).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(
            stderr.lines().next().unwrap().contains(flag),
            "{args:?}: {stderr}"
        );
    }
}

/// A preset whose library has a retry budget adds `cost.budget`, held to
/// the sources' figures and the closed forms of `backoff::budget`; a preset
/// without one, and a policy without a preset, have none.
#[test]
fn a_presets_retry_budget_is_its_closed_form() {
    let cost = |args: &[&str]| cli::json_of("schedule", args)["cost"].clone();
    // botocore: 500 at 5 a retry, 2 retries a call; at p the quota holds
    // 1 + min(p + p², (1 − p) / (5p)) attempts.
    for p in [0.1_f64, 0.5, 0.9] {
        let c = cost(&["--preset", "aws-standard", "--failure-rate", &p.to_string()]);
        let b = &c["budget"];
        assert_eq!(b["name"], "aws-retry-quota");
        assert_eq!(
            (
                b["retries_from_full"].as_u64(),
                b["calls_from_full"].as_u64()
            ),
            (Some(100), Some(50))
        );
        let want = 1.0 + (p + p * p).min((1.0 - p) / (5.0 * p));
        let got = b["held_attempts"].as_f64().unwrap();
        assert!((got - want).abs() < 1e-12, "{p}: {got} against {want}");
        assert!(b["edge"].is_null());
    }
    // Under AWS_NEW_RETRIES_2026 a retry costs 14: 35 retries from 500.
    let c = cost(&["--preset", "aws-standard-2026", "--failure-rate", "1"]);
    assert_eq!(c["budget"]["retries_from_full"], 35);
    assert_eq!(c["budget"]["held_attempts"], 1.0);
    // gRFC A6's example (10 tokens, ratio 0.1): the policy's 3 retries from
    // full, its own attempts below the edge 1/11, one attempt above it.
    let c = cost(&["--preset", "grpc-retry-policy", "--failure-rate", "0.05"]);
    assert_eq!(c["budget"]["retries_from_full"], 3);
    assert_eq!(c["budget"]["held_attempts"], c["attempts"]);
    // (serde_json's default parser may miss the last bit of a double.)
    let edge = c["budget"]["edge"].as_f64().unwrap();
    assert!((edge - 0.1 / 1.1).abs() < 1e-15, "{edge}");
    let c = cost(&["--preset", "grpc-retry-policy", "--failure-rate", "0.2"]);
    assert_eq!(c["budget"]["held_attempts"], 1.0);
    // Envoy's retry budget (20 % of attempts in flight): no count from full
    // (null), and its one retry a request held to 0.25 under load: at
    // failure rate p the policy's own 1 + p, at most 1.25.
    for (p, want) in [(0.1, 1.1), (0.5, 1.25), (1.0, 1.25)] {
        let c = cost(&["--preset", "envoy", "--failure-rate", &p.to_string()]);
        let b = &c["budget"];
        assert_eq!(b["name"], "envoy-retry-budget");
        assert!(
            b["retries_from_full"].is_null()
                && b["calls_from_full"].is_null()
                && b["edge"].is_null()
        );
        assert_eq!(b["held_attempts"], want, "{p}");
    }
    // Finagle's retry budget from an idle client: a reserve of
    // 10 × 10 × 5,000 tokens, each request depositing 1,000 and each retry
    // taking 5,000; with 2 retries a request 9,000 net, so
    // ⌊500,000 / 9,000⌋ = 55 requests get both and the 56th gets
    // ⌊(500,000 − 495,000 + 1,000) / 5,000⌋ = 1. Under load it holds
    // 1,000 / 5,000 = 0.2 retries a request, below which the policy keeps
    // its own 1 + p + p².
    for (p, want) in [(0.1, 1.11), (0.5, 1.2), (1.0, 1.2)] {
        let c = cost(&["--preset", "finagle", "--failure-rate", &p.to_string()]);
        let b = &c["budget"];
        assert_eq!(b["name"], "finagle-retry-budget");
        assert_eq!(
            (&b["retries_from_full"], &b["calls_from_full"]),
            (&json!(111), &json!(55))
        );
        assert!(b["edge"].is_null());
        let held = b["held_attempts"].as_f64().unwrap();
        assert!((held - want).abs() < 1e-12, "{p}: {held}");
    }
    // No budget: no key.
    assert!(
        cost(&["--preset", "polly", "--failure-rate", "0.5"])
            .get("budget")
            .is_none()
    );
    assert!(
        cost(&[POLICY, &["--failure-rate", "0.5"]].concat())
            .get("budget")
            .is_none()
    );
}
