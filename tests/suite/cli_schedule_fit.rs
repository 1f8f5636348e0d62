//! `schedule --fit-deadline D` as a script sees it: the `fit` object of the
//! JSON and the table's lines hold the closed forms of a policy without
//! jitter (every start a geometric sum), a bad deadline exits 2 naming the
//! flag, and the JSON's figures are the core's search (`dist::fit`) with
//! the site's grid, bit for bit, for every kind.

use crate::common;

use backoff_core_testing::work::WorkBuffers;
use backoff_site::backoff::dist::fit::{Bound, PRECISION, fit};
use backoff_site::backoff::{Jitter, MAX_RETRIES, Policy};
use backoff_site::report::js_number;
use common::cli;
use serde_json::{Value, json};

/// 100 ms doubling, five retries, no jitter: retry k starts at
/// k·300 + 100·(2^k − 1).
const NO_JITTER: &[&str] = &[
    "--base",
    "100",
    "--multiplier",
    "2",
    "--retries",
    "5",
    "--timeout",
    "300",
    "--fit-deadline",
    "6000",
];

#[test]
fn the_fit_of_a_policy_without_jitter_is_its_closed_form() {
    let doc = cli::json_of("schedule", NO_JITTER);
    let fit = &doc["fit"];
    let keys: Vec<&str> = fit
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "deadline",
            "timeout",
            "most_retries",
            "largest_base_p99",
            "largest_max_delay_p99",
            "precision"
        ]
    );
    assert_eq!(
        (&fit["deadline"], &fit["timeout"]),
        (&json!(6000), &json!(300))
    );
    // Starts: 400, 900, 1600, 2700, 4600, 7900: five before 6,000 however
    // it is counted (the waits are certain).
    let start = |k: u32| f64::from(k) * 300.0 + 100.0 * (2f64.powi(k as i32) - 1.0);
    let most = (1..=40).take_while(|&k| start(k) < 6000.0).count();
    assert_eq!(most, 5);
    assert_eq!(
        fit["most_retries"],
        json!({"worst": most, "p99": most, "p50": most})
    );
    // The largest first delay: (6000 − 5·300) / (1 + 2 + 4 + 8 + 16).
    let exact = (6000.0 - 1500.0) / 31.0;
    assert_eq!(fit["largest_base_p99"]["fits"], "up_to");
    let found = fit["largest_base_p99"]["value"].as_f64().unwrap();
    assert!(
        found <= exact && found >= exact * (1.0 - 2e-9),
        "{found} {exact}"
    );
    // Uncapped, the last retry starts at 4,600: any maximum delay fits.
    assert_eq!(
        fit["largest_max_delay_p99"],
        json!({"fits": "any", "value": null})
    );
    assert_eq!(fit["precision"].as_f64(), Some(PRECISION));
    // The rest of the document is the one without the flag.
    let without = cli::json_of("schedule", &NO_JITTER[..NO_JITTER.len() - 2]);
    let mut rest = doc.clone();
    rest.as_object_mut().unwrap().remove("fit");
    assert_eq!(rest, without);
}

#[test]
fn the_table_states_the_fit_in_words() {
    let table = cli::stdout_of(
        "schedule",
        &[NO_JITTER, &["--max", "1000", "--format", "table"]].concat(),
    );
    let tail: Vec<&str> = table.lines().rev().take(4).collect();
    // Capped at 1,000, retry k starts at k·300 plus the delays 100, 200,
    // 400, 800, then 1,000 each: 400, 900, 1600, 2700, 4000, 5300, 6600.
    let start = |k: u32| {
        let delays: f64 = (0..k)
            .map(|i| (100.0 * 2f64.powi(i as i32)).min(1000.0))
            .sum();
        f64::from(k) * 300.0 + delays
    };
    let most = (1..=40).take_while(|&k| start(k) < 6000.0).count();
    assert_eq!(most, 6);
    assert_eq!(
        tail[2],
        format!(
            "most retries starting before it: {most} in the worst case, {most} at P99, {most} at P50"
        )
    );
    assert!(
        tail[3].starts_with("fit to a deadline of 6000 (timeout per attempt 300)"),
        "{tail:?}"
    );
    // Five delays must take less than 6,000 − 5·300 = 4,500. Uncapped they
    // take 3,100: any maximum delay fits. With the cap of 1,000, a first
    // delay x gives x + 2x + 3·1,000 (from x = 500 on, the third delay is
    // capped): 4,500 at x = 500 exactly.
    let first = tail[1]
        .strip_prefix("first delay with which the last retry starts before it at P99: up to ")
        .unwrap_or_else(|| panic!("{tail:?}"));
    let first: f64 = first.parse().unwrap();
    assert!((500.0 * (1.0 - 2e-9)..=500.0).contains(&first), "{first}");
    assert_eq!(
        tail[0],
        "maximum delay with which the last retry starts before it at P99: any"
    );
}

#[test]
fn a_bad_fit_deadline_exits_2_naming_the_flag() {
    for (deadline, timeout) in [
        ("0", None),
        ("-5", None),
        ("nan", None),
        ("100", Some("500")),
    ] {
        let mut args = vec!["--base", "100", "--multiplier", "2", "--retries", "3"];
        args.extend(["--fit-deadline", deadline]);
        if let Some(t) = timeout {
            args.extend(["--timeout", t]);
        }
        let output = cli::command("schedule", &args).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: --fit-deadline: "), "{stderr}");
    }
}

/// The bound as the JSON writes it, each number in ECMAScript's notation.
fn bound_text(bound: Bound) -> String {
    match bound {
        Bound::Any => r#"{ "fits": "any", "value": null }"#.to_string(),
        Bound::UpTo(x) => format!(r#"{{ "fits": "up_to", "value": {} }}"#, js_number(x)),
        Bound::None => r#"{ "fits": "none", "value": null }"#.to_string(),
    }
}

/// The object at `key` of the pretty JSON `text`, on one line, spaces
/// collapsed: the numbers as written, not as a parser rounds them.
fn object_text(text: &str, key: &str) -> String {
    let at = text
        .find(&format!("\"{key}\": {{"))
        .unwrap_or_else(|| panic!("{key}"));
    let rest = &text[at + key.len() + 4..];
    let end = rest.find('}').unwrap();
    rest[..=end]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_json_holds_the_core_s_search_for_every_kind() {
    let n = MAX_RETRIES as usize;
    for jitter in Jitter::KINDS.map(|k| k.name) {
        let mut args = vec![
            "--base",
            "100",
            "--multiplier",
            "1.5",
            "--max",
            "3000",
            "--retries",
            "8",
            "--jitter",
            jitter,
            "--timeout",
            "250",
            "--fit-deadline",
            "9000",
        ];
        if jitter == "proportional" {
            args.extend(["--jitter-factor", "0.3"]);
        }
        let text = cli::stdout_of("schedule", &args);
        let doc: Value = serde_json::from_str(&text).unwrap();
        let kind = Jitter::parse(jitter, (jitter == "proportional").then_some(0.3)).unwrap();
        let policy = Policy {
            base: 100.0,
            multiplier: 1.5,
            max_delay: Some(3000.0),
            retries: 8,
            jitter: kind,
        };
        let want = fit(&policy, Some(250.0), 9000.0, WorkBuffers::new(n).work()).unwrap();
        let got = &doc["fit"];
        assert_eq!(
            got["most_retries"],
            json!({
                "worst": want.most_retries_worst,
                "p99": want.most_retries_p99,
                "p50": want.most_retries_p50,
            }),
            "{jitter}"
        );
        for (key, bound) in [
            ("largest_base_p99", want.largest_base_p99),
            ("largest_max_delay_p99", want.largest_max_delay_p99),
        ] {
            assert_eq!(object_text(&text, key), bound_text(bound), "{jitter} {key}");
        }
    }
}
