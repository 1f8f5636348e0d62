//! A repeated build keeps the pages whose inputs did not change
//! (`render/unchanged.rs`), and its output is still, byte for byte, what a
//! clean build of the same sources writes: after no change, an edit of one
//! page's Fluent file, of a site-wide file, of the stylesheet, of an output
//! file by hand, of a shared data asset by hand, after a page is deleted,
//! and with `--clean`; and nothing is kept across a change of base URL,
//! mode or program (which stands for an edit of the templates, compiled
//! in). The oracle is
//! a clean build into a new folder; each step also states how many pages
//! were kept, so that a build that keeps nothing (and so passes the
//! comparison trivially) fails too.

use crate::common;

use std::fs;
use std::path::Path;

use backoff_site::site::{self, BuildOptions, BuildSummary};

/// Builds `root` into `out`, keeping unchanged pages unless `clean`.
fn build(root: &Path, out: &Path, clean: bool) -> BuildSummary {
    site::build(&BuildOptions {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        allow_missing: false,
        base_url: None,
        clean,
    })
    .unwrap_or_else(|e| panic!("{e:?}"))
}

/// Builds `root` again into `out` and checks it against a clean build into
/// a new folder; returns how many pages the repeated build kept.
fn rebuild_matches_clean(root: &Path, out: &Path, step: &str) -> usize {
    let repeated = build(root, out, false);
    let fresh = tempfile::tempdir().unwrap();
    let clean = build(root, &fresh.path().join("dist"), true);
    assert_eq!(clean.kept, 0, "{step}: a clean build keeps nothing");
    assert_eq!(repeated.pages, clean.pages, "{step}");
    let (got, want) = (
        common::snapshot(out),
        common::snapshot(&fresh.path().join("dist")),
    );
    let names = |files: &[(std::path::PathBuf, Vec<u8>)]| {
        files.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>()
    };
    assert_eq!(names(&got), names(&want), "{step}: the same files");
    for ((path, a), (_, b)) in got.iter().zip(&want) {
        assert!(
            a == b,
            "{step}: {} differs from a clean build",
            path.display()
        );
    }
    repeated.kept
}

/// Appends `line` to `path` (under `root`).
fn append(root: &Path, path: &str, line: &str) {
    let path = root.join(path);
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, format!("{text}\n{line}\n")).unwrap();
}

/// Adds `extra`, a page outside the navigation (a copy of the schedule
/// page), so that one page's edit and deletion touch no other page's
/// navigation.
fn add_extra_page(root: &Path) {
    let toml = fs::read_to_string(root.join("content/schedule.toml")).unwrap();
    fs::write(
        root.join("content/extra.toml"),
        format!("nav = false\n{}", toml.replacen("order = ", "order = 9", 1)),
    )
    .unwrap();
    for lang in common::languages() {
        let dir = root.join("locales").join(lang);
        let text = fs::read_to_string(dir.join("schedule.ftl")).unwrap();
        // Its own URL segment in every language.
        let text: String = text
            .lines()
            .filter(|l| !l.starts_with("slug ="))
            .map(|l| format!("{l}\n"))
            .collect();
        fs::write(dir.join("extra.ftl"), text).unwrap();
    }
}

#[test]
fn repeated_builds_keep_unchanged_pages_and_match_a_clean_build() {
    let project = common::copy_project();
    let root = project.path();
    add_extra_page(root);
    let languages = common::languages().len();
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("dist");
    let first = build(root, &out, false);
    assert_eq!(first.kept, 0, "nothing to keep at first");
    let explainers = fs::read_dir(root.join("content"))
        .unwrap()
        .filter(|e| {
            let path = e.as_ref().unwrap().path();
            path.extension().is_some_and(|x| x == "toml")
                && path.file_stem().is_some_and(|s| s != "presets")
        })
        .count()
        * languages;

    let kept = rebuild_matches_clean(root, &out, "no change");
    assert_eq!(kept, explainers, "no change: every explainer page kept");

    // One page's own text: that page alone renders again, in every language.
    append(
        root,
        "locales/de/extra.ftl",
        "# a comment of the translator",
    );
    let kept = rebuild_matches_clean(root, &out, "a comment in one page's file");
    assert_eq!(kept, explainers - languages, "one page's file");
    let ftl = root.join("locales/ru/extra.ftl");
    let text = fs::read_to_string(&ftl).unwrap();
    let title = text.lines().find(|l| l.starts_with("title = ")).unwrap();
    fs::write(&ftl, text.replacen(title, &format!("{title} (изд.)"), 1)).unwrap();
    let kept = rebuild_matches_clean(root, &out, "one page's title");
    assert_eq!(kept, explainers - languages, "one page's title");

    // A site-wide file: every page renders again.
    append(root, "locales/en/site.ftl", "# a site-wide comment");
    assert_eq!(rebuild_matches_clean(root, &out, "site.ftl"), 0);
    let css = root.join("static/style.css");
    let text = fs::read_to_string(&css).unwrap();
    fs::write(&css, text.replacen("}", ";color:inherit}", 1)).unwrap();
    assert_eq!(rebuild_matches_clean(root, &out, "style.css"), 0);
    let kept = rebuild_matches_clean(root, &out, "no change after style.css");
    assert_eq!(kept, explainers);

    // An output file edited by hand is put right; the rest is kept.
    let page = out.join("en/calculator/index.html");
    let html = fs::read_to_string(&page).unwrap();
    fs::write(&page, html.replacen("<main", "<main data-edited", 1)).unwrap();
    let kept = rebuild_matches_clean(root, &out, "an output file edited");
    assert_eq!(kept, explainers - languages, "an output file edited");
    // A data asset shared by many pages, edited by hand: it is put right,
    // and every page that names it renders again (the record stamps each
    // asset once, for all of them).
    let asset = fs::read_dir(out.join("assets"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .find(|name| name.starts_with("calc-shared."))
        .expect("a shared calculator asset");
    // Each page is kept or rendered in all its languages at once.
    let naming = common::snapshot(&out)
        .iter()
        .filter(|(path, html)| {
            path.extension().is_some_and(|x| x == "html")
                && path.components().count() == 3
                && String::from_utf8_lossy(html).contains(&asset)
        })
        .map(|(path, _)| path.components().nth(1).unwrap().as_os_str().to_owned())
        .collect::<std::collections::BTreeSet<_>>()
        .len()
        * languages;
    assert!(naming > 0 && naming < explainers, "{asset}: {naming} pages");
    let json = out.join("assets").join(&asset);
    let text = fs::read_to_string(&json).unwrap();
    fs::write(&json, text.replacen('{', "{ ", 1)).unwrap();
    let kept = rebuild_matches_clean(root, &out, "a shared asset edited");
    assert_eq!(kept, explainers - naming, "a shared asset edited");
    // The record kept beside the output, damaged, keeps nothing.
    fs::write(out_dir.path().join(".dist.pages"), b"{\"format\":2,").unwrap();
    assert_eq!(rebuild_matches_clean(root, &out, "a damaged record"), 0);

    // A page deleted: its files go; the others are kept.
    fs::remove_file(root.join("content/extra.toml")).unwrap();
    for lang in common::languages() {
        fs::remove_file(root.join("locales").join(lang).join("extra.ftl")).unwrap();
    }
    let kept = rebuild_matches_clean(root, &out, "a page deleted");
    assert_eq!(kept, explainers - languages, "a page deleted");
    assert!(!out.join("en/extra").exists());

    // `--clean` keeps nothing, and writes the same.
    assert_eq!(build(root, &out, true).kept, 0, "--clean");
    let kept = rebuild_matches_clean(root, &out, "after --clean");
    assert_eq!(kept, explainers - languages);
}

#[test]
fn a_page_with_a_warning_is_rendered_and_warns_on_every_build() {
    let project = common::copy_project();
    let root = project.path();
    // A message the German page lacks: a warning when falling back.
    let ftl = root.join("locales/de/schedule.ftl");
    let text = fs::read_to_string(&ftl).unwrap();
    let line = text.lines().find(|l| l.starts_with("title = ")).unwrap();
    fs::write(&ftl, text.replacen(&format!("{line}\n"), "", 1)).unwrap();
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("dist");
    let options = BuildOptions {
        root: root.to_path_buf(),
        out: out.clone(),
        allow_missing: true,
        base_url: None,
        clean: false,
    };
    let first = site::build(&options).unwrap_or_else(|e| panic!("{e:?}"));
    let second = site::build(&options).unwrap_or_else(|e| panic!("{e:?}"));
    let about_schedule = |summary: &BuildSummary| {
        summary
            .warnings
            .iter()
            .filter(|w| w.path.ends_with("de/schedule.ftl"))
            .count()
    };
    assert!(about_schedule(&first) > 0, "{:?}", first.warnings);
    assert_eq!(about_schedule(&second), about_schedule(&first));
    assert!(second.kept > 0, "the other pages are kept");
}

#[test]
fn a_build_with_another_base_url_or_mode_keeps_nothing() {
    let project = common::copy_project();
    let root = project.path();
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("dist");
    let with = |allow_missing: bool, base_url: Option<&str>, out: &Path| {
        site::build(&BuildOptions {
            root: root.to_path_buf(),
            out: out.to_path_buf(),
            allow_missing,
            base_url: base_url.map(str::to_string),
            clean: false,
        })
        .unwrap_or_else(|e| panic!("{e:?}"))
    };
    let first = with(false, None, &out);
    let explainers = with(false, None, &out).kept;
    assert!(explainers > 0, "the same options keep pages");
    // Every page names the base URL (canonical links, hreflang), and the
    // mode decides what a missing message becomes: a change of either is a
    // change of every page.
    for (allow_missing, base_url, step) in [
        (false, Some("http://127.0.0.1:9/"), "another base URL"),
        (true, Some("http://127.0.0.1:9/"), "another mode"),
    ] {
        let changed = with(allow_missing, base_url, &out);
        assert_eq!(changed.kept, 0, "{step}: nothing kept");
        assert_eq!(changed.pages, first.pages, "{step}");
        let fresh = tempfile::tempdir().unwrap();
        with(allow_missing, base_url, &fresh.path().join("dist"));
        assert!(
            common::snapshot(&out) == common::snapshot(&fresh.path().join("dist")),
            "{step}: the output is a clean build's"
        );
        let again = with(allow_missing, base_url, &out);
        assert_eq!(again.kept, explainers, "{step}: then kept again");
    }
}

/// The program is part of every page's key (its templates and code are
/// compiled in): a build by another program file keeps nothing, and its
/// output is a clean build's. Two copies of the binary stand for two
/// builds of it (each copy is a new file, as every new build is).
#[test]
fn a_build_by_another_program_keeps_nothing() {
    let project = common::copy_project();
    let root = project.path();
    let programs = tempfile::tempdir().unwrap();
    let copy = |name: &str| {
        let path = programs.path().join(name);
        fs::copy(env!("CARGO_BIN_EXE_backoff-site"), &path).unwrap();
        path
    };
    let (one, other) = (copy("one"), copy("other"));
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("dist");
    // The pages kept, from the line the build prints ("…, 12 unchanged)").
    let build_with = |program: &Path, out: &Path| -> usize {
        let output = std::process::Command::new(program)
            .args(["build", "--root"])
            .arg(root)
            .arg("--out")
            .arg(out)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{text}");
        let line = text
            .lines()
            .find(|l| l.starts_with("built "))
            .unwrap_or_else(|| panic!("{text}"));
        line.split_once(" unchanged)").map_or(0, |(before, _)| {
            before.rsplit(' ').next().unwrap().parse().unwrap()
        })
    };
    assert_eq!(build_with(&one, &out), 0);
    let explainers = build_with(&one, &out);
    assert!(explainers > 0, "the same program keeps pages");
    assert_eq!(build_with(&other, &out), 0, "another program keeps nothing");
    let fresh = tempfile::tempdir().unwrap();
    build_with(&other, &fresh.path().join("dist"));
    assert!(
        common::snapshot(&out) == common::snapshot(&fresh.path().join("dist")),
        "the output is a clean build's"
    );
    assert_eq!(build_with(&other, &out), explainers, "then kept again");
}
