//! The broken-site suite: one folder per case under `tests/fixtures/`, each
//! a set of files laid over a small valid site (`_base/` plus the real
//! `site.toml`, `static/` and `site.ftl` files). Each case must end with
//! its expected diagnostics (`expected.txt`, compared as a whole), a
//! non-zero exit, nothing on stdout, and an existing `dist/` left
//! byte-for-byte as it was.
//!
//! `case.toml` holds `args` (the command after the binary, run in the
//! site's folder) and optionally `remove` (files to delete after the
//! overlay), optionally `exit` (the expected exit code, 1 unless said: a
//! case with `exit = 0` shows that an input is accepted) and `symlinks`
//! (`[link, target]` pairs made after the overlay, for cases a plain copy
//! cannot carry). To write the snapshots anew after a deliberate change, run
//! with `UPDATE_SNAPSHOTS=1` and review the diff.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::{copy_recursively, project_root, snapshot};

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    args: Vec<String>,
    #[serde(default)]
    remove: Vec<String>,
    #[serde(default = "failure_exit")]
    exit: i32,
    #[serde(default)]
    symlinks: Vec<[String; 2]>,
}

fn failure_exit() -> i32 {
    1
}

fn run(dir: &Path, args: &[String]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_backoff-site"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

#[test]
fn every_broken_site_fails_with_its_diagnostics_and_loses_nothing() {
    let fixtures = project_root().join("tests/fixtures");
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut failures = Vec::new();
    let mut cases: Vec<_> = fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("case.toml").is_file())
        .collect();
    cases.sort();
    assert!(cases.len() >= 15, "only {} cases", cases.len());
    for case_dir in cases {
        let name = case_dir.file_name().unwrap().to_string_lossy().into_owned();
        let case: Case =
            toml::from_str(&fs::read_to_string(case_dir.join("case.toml")).unwrap()).unwrap();
        let site = common::fixture_site();
        let built = run(site.path(), &["build".into()]);
        assert!(
            built.status.success(),
            "{name}: the base site does not build:\n{}",
            String::from_utf8_lossy(&built.stderr)
        );
        let before = snapshot(&site.path().join("dist"));
        if case_dir.join("site").is_dir() {
            copy_recursively(&case_dir.join("site"), site.path());
        }
        for file in &case.remove {
            fs::remove_file(site.path().join(file)).unwrap();
        }
        for [link, target] in &case.symlinks {
            let link = site.path().join(link);
            let _ = fs::remove_file(&link);
            std::os::unix::fs::symlink(target, &link).unwrap();
        }
        let output = run(site.path(), &case.args);
        let stderr = String::from_utf8_lossy(&output.stderr)
            .replace(&site.path().display().to_string(), "<site>");
        let expected_path = case_dir.join("expected.txt");
        if update {
            fs::write(&expected_path, &stderr).unwrap();
        }
        let expected = fs::read_to_string(&expected_path).unwrap_or_default();
        if stderr != expected {
            failures.push(format!(
                "{name}: diagnostics differ\n--- expected\n{expected}\n--- got\n{stderr}"
            ));
        }
        if output.status.code() != Some(case.exit) {
            failures.push(format!(
                "{name}: exit code {:?}, expected {}",
                output.status.code(),
                case.exit
            ));
        }
        if !output.stdout.is_empty() {
            failures.push(format!(
                "{name}: wrote to stdout: {}",
                String::from_utf8_lossy(&output.stdout)
            ));
        }
        if snapshot(&site.path().join("dist")) != before {
            failures.push(format!("{name}: dist/ changed"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
