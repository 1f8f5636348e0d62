//! `serve` rebuilds the site in one process on every save: the contention
//! experiment runs again only when its table changes, not after an edit of
//! a `.ftl` file.

use crate::common;

use std::fs;

use common::{build, copy_project};

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
    let toml = root.join("content/contention.toml");
    let table = fs::read_to_string(&toml).unwrap();
    let seed = table
        .lines()
        .find(|l| l.trim_start().starts_with("seed"))
        .unwrap();
    fs::write(&toml, table.replace(seed, "seed = 7")).unwrap();
    let third = build(root, &out.path().join("c"), false).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        third.simulation_millis.is_some_and(|ms| ms > 0),
        "{:?}",
        third.simulation_millis
    );
}
