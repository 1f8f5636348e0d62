//! `schedule --attempts A`: the count given as attempts, the original
//! request included. The document is the one of A − 1 retries with
//! `"count": "attempts"` after `retries`, and a preset of a library that
//! counts attempts (`counts = "attempts"` in content/presets.toml) writes
//! the same; bad counts exit 2 naming the flag.

use crate::common::cli;

const POLICY: &[&str] = &["--base", "100", "--multiplier", "2", "--max", "1000"];

fn schedule(extra: &[&str]) -> String {
    cli::stdout_of("schedule", &[POLICY, extra].concat())
}

#[test]
fn attempts_are_one_more_than_the_retries_and_the_json_says_so() {
    let retries = schedule(&["--retries", "3"]);
    let attempts = schedule(&["--attempts", "4"]);
    // The same document but for one line after `retries`.
    let line = "    \"retries\": 3,\n";
    assert_eq!(
        attempts,
        retries.replacen(line, &format!("{line}    \"count\": \"attempts\",\n"), 1)
    );
    // The table counts retries whatever the flag.
    let table = |flag: &str, n: &str| {
        cli::stdout_of(
            "schedule",
            &[POLICY, &[flag, n, "--format", "table"]].concat(),
        )
    };
    assert_eq!(table("--attempts", "4"), table("--retries", "3"));
    // The bounds: 2 to 1001 attempts.
    let most = cli::json_of("schedule", &[POLICY, &["--attempts", "1001"]].concat());
    assert_eq!(most["policy"]["retries"], 1000);
    assert_eq!(most["retries"].as_array().unwrap().len(), 1000);
}

#[test]
fn a_preset_counts_as_its_library_does() {
    let json = |args: &[&str]| cli::json_of("schedule", args);
    // resilience4j's maxAttempts = 3 counts the first call: 2 retries.
    let r4j = json(&["--preset", "resilience4j"]);
    assert_eq!(r4j["policy"]["count"], "attempts");
    assert_eq!(r4j["policy"]["retries"], 2);
    // Polly's MaxRetryAttempts = 3 counts retries: no `count`.
    let polly = json(&["--preset", "polly"]);
    assert!(polly["policy"].get("count").is_none(), "{polly}");
    assert_eq!(polly["policy"]["retries"], 3);
    // Flags override: --retries counts retries, --attempts attempts.
    let retries = json(&["--preset", "resilience4j", "--retries", "5"]);
    assert!(retries["policy"].get("count").is_none(), "{retries}");
    let attempts = json(&["--preset", "polly", "--attempts", "5"]);
    assert_eq!(attempts["policy"]["count"], "attempts");
    assert_eq!(attempts["policy"]["retries"], 4);
}

#[test]
fn bad_attempts_exit_2_naming_the_flag() {
    for n in ["1", "0", "-3", "1002", "99999999999"] {
        cli::check_usage_error(
            "schedule",
            &[POLICY, &["--attempts", n]].concat(),
            "--attempts",
        );
    }
    cli::check_usage_error(
        "schedule",
        &["--base", "1", "--multiplier", "2", "--attempts", "2.5"],
        "--attempts",
    );
    cli::check_usage_error(
        "schedule",
        &[POLICY, &["--attempts", "4", "--retries", "3"]].concat(),
        "--attempts",
    );
}
