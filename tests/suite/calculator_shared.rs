//! Pages with one calculator profile share its costliest parts (the island,
//! the charts, the snippets, the preset selector; `calculator/shared.rs`).
//! These tests hold the sharing to what each page would get alone: a page
//! whose own file words a calculator message keeps its words, and a message
//! missing for every page is reported for every page.

use crate::common;

use std::fs;
use std::path::Path;

use common::{build, copy_project};

/// Adds `calculator-twin`, a copy of the calculator page with the same
/// calculator profile, so that the two share their parts.
fn add_twin(root: &Path) {
    let toml = fs::read_to_string(root.join("content/calculator.toml")).unwrap();
    let toml = toml.replacen("order = 1\n", "order = 99\n", 1);
    assert!(
        toml.contains("order = 99"),
        "the page's order is written so"
    );
    fs::write(root.join("content/calculator-twin.toml"), toml).unwrap();
    for lang in common::languages() {
        let dir = root.join("locales").join(lang);
        fs::copy(dir.join("calculator.ftl"), dir.join("calculator-twin.ftl")).unwrap();
    }
}

/// The pages that show the calculator, by the name of their files (every
/// page has a calculator profile).
fn calculator_pages(root: &Path) -> Vec<String> {
    let mut pages: Vec<String> = fs::read_dir(root.join("content"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .filter(|p| {
            // `presets.toml` is no page: it has no sections.
            let toml = fs::read_to_string(p).unwrap();
            toml.lines()
                .any(|l| l.starts_with("sections = ") && l.contains("\"calculator\""))
        })
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    pages
}

/// Removes the definition of `id` (one line) from each language's
/// site-wide file.
fn remove_from_site_files(root: &Path, id: &str) {
    for lang in common::languages() {
        let path = root.join("locales").join(lang).join("site.ftl");
        let text = fs::read_to_string(&path).unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{id} = ")))
            .unwrap_or_else(|| panic!("{id} is in {}", path.display()))
            .to_string();
        fs::write(&path, text.replacen(&format!("{line}\n"), "", 1)).unwrap();
    }
}

/// The calculator data's word for a copied JSON document on a built page.
fn copied_word(out: &Path, page: &str) -> String {
    let data = common::pages::calculator_data_in(out, &format!("en/{page}/index.html"));
    data["text"]["copied"]
        .as_str()
        .expect("the data's `copied`")
        .to_string()
}

#[test]
fn pages_sharing_a_profile_keep_the_words_of_their_own_files() {
    let project = copy_project();
    let root = project.path();
    add_twin(root);
    let pages = calculator_pages(root);
    assert!(pages.len() >= 4, "{pages:?}");
    // Each page's file words the message, in its own way.
    remove_from_site_files(root, "calc-copied");
    for page in &pages {
        for lang in common::languages() {
            let path = root.join("locales").join(lang).join(format!("{page}.ftl"));
            let text = fs::read_to_string(&path).unwrap();
            fs::write(&path, format!("{text}\ncalc-copied = Copied ({page})\n")).unwrap();
        }
    }
    let out = tempfile::tempdir().unwrap();
    let dist = out.path().join("dist");
    build(root, &dist, false).unwrap_or_else(|e| panic!("{e}"));
    for page in ["calculator", "calculator-twin"] {
        assert_eq!(copied_word(&dist, page), format!("Copied ({page})"));
    }
}

#[test]
fn a_message_missing_for_every_page_is_reported_for_every_page() {
    let project = copy_project();
    let root = project.path();
    add_twin(root);
    let pages = calculator_pages(root);
    remove_from_site_files(root, "calc-copied");
    let out = tempfile::tempdir().unwrap();
    let failed = build(root, &out.path().join("dist"), false).expect_err("a missing message");
    for page in &pages {
        for lang in common::languages() {
            let want = format!(
                "no message `calc-copied` in locales/{lang}/site.ftl or locales/{lang}/{page}.ftl"
            );
            let found = failed
                .diagnostics
                .iter()
                .filter(|d| d.message == want)
                .count();
            assert_eq!(found, 1, "{want}\n{failed}");
        }
    }
}
