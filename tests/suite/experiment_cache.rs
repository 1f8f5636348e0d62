//! `serve` rebuilds the site in one process on every save: the contention
//! experiment runs again only when its table changes, not after an edit of
//! a `.ftl` file.

use crate::common;

use std::fs;

use common::{build, copy_project};

/// Sets the seed of the project's `[contention]` table at `root`.
fn set_seed(root: &std::path::Path, seed: u64) {
    let toml = root.join("content/contention.toml");
    let table = fs::read_to_string(&toml).unwrap();
    let line = table
        .lines()
        .find(|l| l.trim_start().starts_with("seed"))
        .unwrap();
    fs::write(&toml, table.replace(line, &format!("seed = {seed}"))).unwrap();
}

#[test]
fn a_rebuild_after_a_text_edit_reuses_the_experiment() {
    let project = copy_project();
    let root = project.path();
    let out = tempfile::tempdir().unwrap();
    let first = build(root, &out.path().join("a"), false).unwrap_or_else(|e| panic!("{e}"));
    // A translator's edit: the experiment's table is untouched.
    let ftl = root.join("locales/en/contention.ftl");
    let text = fs::read_to_string(&ftl).unwrap();
    fs::write(&ftl, format!("{text}\n# An edit.\n")).unwrap();
    let second = build(root, &out.path().join("b"), false).unwrap_or_else(|e| panic!("{e}"));
    println!(
        "simulation: first build {:?} ms, rebuild after an edit of a .ftl file {:?} ms",
        first.simulation_millis, second.simulation_millis
    );
    assert_eq!(second.simulation_millis, Some(0));
    // The same figures either way.
    let page = |dir: &str| {
        fs::read_to_string(out.path().join(dir).join("en/contention/index.html")).unwrap()
    };
    assert_eq!(page("a"), page("b"));
    // A change of the table runs it anew.
    set_seed(root, 7);
    let third = build(root, &out.path().join("c"), false).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        third.simulation_millis.is_some_and(|ms| ms > 0),
        "{:?}",
        third.simulation_millis
    );
}

/// `build --clean` in `root` into `out`, in a process of its own (so that
/// nothing is kept in memory from one build to the next), every page
/// rendered (none kept from the last output, which would run no
/// experiment); the milliseconds its summary line gives the simulation.
fn simulation_ms(root: &std::path::Path, out: &std::path::Path) -> u64 {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_backoff-site"))
        .args(["build", "--clean", "--out"])
        .arg(out)
        .current_dir(root)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let ms = stdout
        .split("(simulation ")
        .nth(1)
        .and_then(|rest| rest.split(" ms").next())
        .unwrap_or_else(|| panic!("no simulation time in {stdout}"));
    ms.parse().unwrap()
}

/// The cache's entries of the contention experiment.
fn entries(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    let dir = root.join(backoff_site::cache::FOLDER);
    let mut found: Vec<_> = fs::read_dir(&dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    found.retain(|p| {
        p.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("contention-")
    });
    found.sort();
    found
}

/// Between builds the experiment's figures are kept on disk under a key of
/// its table and the core's sources: a second build takes them from there
/// (its summary says `simulation 0 ms`) and writes the same bytes as the
/// build that ran it; a damaged entry, one that is not JSON, and a missing
/// cache are computed anew, to the same bytes, and the entry rewritten; a
/// changed table is a new key.
#[test]
fn builds_take_the_experiment_from_the_cache_with_the_same_bytes() {
    let project = copy_project();
    let root = project.path();
    // A seed of this test's own, so that the key is new.
    set_seed(root, 4242);
    let out = tempfile::tempdir().unwrap();
    let dist = |name: &str| out.path().join(name);
    assert!(
        simulation_ms(root, &dist("fresh")) > 0,
        "the first build runs it"
    );
    let fresh = common::snapshot(&dist("fresh"));
    let [entry] = entries(root).try_into().expect("one entry");
    assert_eq!(
        simulation_ms(root, &dist("cached")),
        0,
        "the second takes it"
    );
    assert_eq!(common::snapshot(&dist("cached")), fresh);
    // One figure changed by hand (a mean of calls, which the page shows):
    // the entry's hash no longer fits it.
    let text = fs::read_to_string(&entry).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut figures: serde_json::Value =
        serde_json::from_str(value["figures"].as_str().unwrap()).unwrap();
    figures["summaries"][0][3] = 12345.0f64.to_bits().into();
    value["figures"] = figures.to_string().into();
    let damaged = value.to_string();
    for bad in [damaged.as_str(), "not json", ""] {
        fs::write(&entry, bad).unwrap();
        assert!(
            simulation_ms(root, &dist("again")) > 0,
            "{bad:?} is not taken"
        );
        assert_eq!(common::snapshot(&dist("again")), fresh);
        assert_eq!(fs::read_to_string(&entry).unwrap(), text, "rewritten");
    }
    fs::remove_dir_all(root.join(backoff_site::cache::FOLDER)).unwrap();
    assert!(simulation_ms(root, &dist("again")) > 0);
    assert_eq!(common::snapshot(&dist("again")), fresh);
    // Another table, another key: its own entry, the first one kept.
    set_seed(root, 4243);
    assert!(simulation_ms(root, &dist("other")) > 0);
    assert_eq!(entries(root).len(), 2);
    assert_ne!(common::snapshot(&dist("other")), fresh);
}
