//! Whether a test may go without a tool it needs (Node, the wasm32 target,
//! a Python environment): on a developer's machine it says so and passes;
//! under CI, and wherever `scripts/test.sh` runs the suite, it fails, so
//! that no run that counts passes without testing.

use std::io::Write as _;

/// The variable `scripts/test.sh` sets: every tool must be there.
pub const REQUIRE_TOOLS: &str = "BACKOFF_SITE_REQUIRE_TOOLS";

/// Whether this run must have every tool its tests use: under CI (`CI` set)
/// or with [`REQUIRE_TOOLS`] set to `1`.
pub fn required() -> bool {
    std::env::var_os("CI").is_some() || std::env::var_os(REQUIRE_TOOLS).is_some_and(|v| v == "1")
}

/// A test that cannot run here for want of a tool (`why`, which names it
/// and how to install it): panics where tools are [`required`], otherwise
/// writes `skipped: why` to stderr so that the caller can return.
pub fn skip(why: &str) {
    assert!(
        !required(),
        "required here ({REQUIRE_TOOLS} or CI is set): {why}"
    );
    // Straight to stderr: the harness captures `eprintln!` of a passing test.
    let _ = writeln!(std::io::stderr(), "skipped: {why}");
}
