//! Running one subcommand of the binary as a script would, and reading what
//! a successful run prints.

use assert_cmd::Command;
use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

/// `backoff-site <subcommand> <args>`, not yet run.
pub fn command(subcommand: &str, args: &[&str]) -> Command {
    let mut cmd = cargo_bin_cmd!("backoff-site");
    cmd.arg(subcommand).args(args);
    cmd
}

/// Runs a subcommand that must succeed silently on stderr; its stdout.
pub fn stdout_of(subcommand: &str, args: &[&str]) -> String {
    let output = command(subcommand, args).output().expect("the binary runs");
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty(), "{args:?} wrote to stderr");
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

/// Runs a subcommand that must succeed; its stdout read as JSON.
pub fn json_of(subcommand: &str, args: &[&str]) -> Value {
    let out = stdout_of(subcommand, args);
    serde_json::from_str(&out).unwrap_or_else(|err| panic!("{err} in {out}"))
}

/// Runs a subcommand with bad arguments and checks the failure's shape:
/// exit code 2, empty stdout, one line on stderr that starts with `error:`
/// and names `flag`; that line.
pub fn check_usage_error(subcommand: &str, args: &[&str], flag: &str) -> String {
    let output = command(subcommand, args).output().expect("the binary runs");
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

/// `schedule`'s flags for the short capped policy its option tests share:
/// first delay 100, ×2, at most 900, 6 retries, jitter `kind`, with a
/// factor of 0.3 for a kind that takes one.
pub fn short_policy(kind: &str) -> Vec<&str> {
    let mut args = vec![
        "--base",
        "100",
        "--multiplier",
        "2",
        "--max",
        "900",
        "--retries",
        "6",
        "--jitter",
        kind,
    ];
    let takes_factor = backoff_site::backoff::Jitter::KINDS
        .iter()
        .any(|k| k.name == kind && k.takes_factor);
    if takes_factor {
        args.extend(["--jitter-factor", "0.3"]);
    }
    args
}
