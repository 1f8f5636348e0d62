//! A fourth language is data only: the real site copied, the English files
//! under a new code and its one line in `site.toml`, and nothing else. The
//! code is `hi`, whose figures group as 12,34,567, unlike any language of
//! the site. The copy must build without a problem and pass the checks the
//! real site passes: every page in every language, links, hreflang, the
//! sitemap, and the number cases (the notation the pages hand the script is
//! ICU4X's, and the script reads back every figure as the pages print it,
//! by `tests/e2e/number.test.js` run on the copy).

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::common;
use crate::hosting;

/// The new language: a grouping of its own, and not one of the site's.
const NEW: &str = "hi";

#[test]
fn a_fourth_language_is_data_only() {
    assert!(
        !common::languages().contains(&NEW),
        "{NEW} is already a language of the site"
    );
    let site = common::copy_project();
    let root = site.path();
    let config = fs::read_to_string(root.join("site.toml")).unwrap();
    fs::write(root.join("site.toml"), common::with_language(&config, NEW)).unwrap();
    common::copy_recursively(&root.join("locales/en"), &root.join("locales").join(NEW));
    let out = root.join("dist");
    let summary = common::build(root, &out, false).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        summary.warnings.is_empty(),
        "warnings: {:?}",
        summary
            .warnings
            .iter()
            .map(|w| w.render(false))
            .collect::<Vec<_>>()
    );

    let languages = common::languages_of(root);
    let languages: Vec<&str> = languages.iter().map(String::as_str).collect();
    assert_eq!(languages.last(), Some(&NEW));
    every_page_in_every_language(&out, &languages);
    hosting::links_resolve(&out);
    hosting::hreflang_complete(&out, &languages);
    hosting::sitemap_complete(&out);
    number_cases_hold(&out);
}

/// Every page of the reference language has its twin in every language,
/// which declares its language.
fn every_page_in_every_language(out: &Path, languages: &[&str]) {
    let reference = out.join(languages[0]);
    let mut pages = 0;
    for entry in walkdir::WalkDir::new(&reference) {
        let entry = entry.unwrap();
        if entry.path().extension().is_none_or(|e| e != "html") {
            continue;
        }
        let relative = entry.path().strip_prefix(&reference).unwrap();
        for lang in languages {
            // The English files are copied, so the slugs are the same.
            let twin = out.join(lang).join(relative);
            let html =
                fs::read_to_string(&twin).unwrap_or_else(|e| panic!("{}: {e}", twin.display()));
            assert!(
                html.contains(&format!("<html lang=\"{lang}\">")),
                "{}",
                twin.display()
            );
        }
        pages += 1;
    }
    assert!(pages >= 6, "only {pages} pages");
}

/// The browser tests' number cases, run on the copy: they read the
/// languages and each one's notation from the built pages.
fn number_cases_hold(out: &Path) {
    if !common::project_root()
        .join("node_modules/playwright-core")
        .is_dir()
    {
        backoff_core_testing::tools::skip(
            "the number cases need the npm packages of package-lock.json (npm ci)",
        );
        return;
    }
    let node = Command::new("node")
        .arg("--test")
        .arg("tests/e2e/number.test.js")
        .current_dir(common::project_root())
        .env("DIST", out)
        .output();
    let Ok(node) = node else {
        backoff_core_testing::tools::skip("the number cases need node, which is not on PATH");
        return;
    };
    let stdout = String::from_utf8_lossy(&node.stdout);
    assert!(
        node.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&node.stderr)
    );
    assert!(stdout.contains("# fail 0"), "{stdout}");
}
