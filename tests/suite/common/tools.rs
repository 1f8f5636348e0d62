//! Running a tool the tests take as their oracle (Python with a script, a
//! compiler): a missing tool skips the test only off CI
//! (`backoff_core_testing::tools::skip`), and a failing run fails it with
//! everything the tool printed.

use std::process::Command;

/// Runs `command`, which `what` names in messages; its stdout when it
/// succeeds, `None` when the tool is missing (and skipping is allowed).
pub fn run(mut command: Command, what: &str) -> Option<String> {
    let output = match command.output() {
        Ok(output) => output,
        Err(_) => {
            backoff_core_testing::tools::skip(&format!(
                "no {what}: run scripts/test.sh, which installs every tool the tests use"
            ));
            return None;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{what} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(stdout)
}
