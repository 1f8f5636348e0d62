//! The real site passes its own text checks: `check --deny-warnings` finds
//! nothing (typography and glossary included), and every language of
//! `site.toml` declares both, so that none is silently left unchecked. The
//! checks themselves are shown failing by the fixture cases
//! `typography-*` and `glossary-*`.

use crate::common;

use common::cli::command;
use common::project_root;

#[test]
fn the_real_site_passes_check_with_deny_warnings() {
    let output = command("check", &["--deny-warnings", "--root"])
        .arg(project_root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(stderr, "0 errors, 0 warnings\n");
}

#[test]
fn every_language_declares_its_typography_and_glossary() {
    let root = project_root();
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
    let config: toml::Table = toml::from_str(&config).unwrap();
    let languages = config["languages"].as_array().unwrap();
    assert!(languages.len() >= 3);
    for lang in languages {
        let lang = lang.as_str().unwrap();
        for name in ["typography.toml", "glossary.toml"] {
            let path = root.join("locales").join(lang).join(name);
            assert!(path.is_file(), "{} is missing", path.display());
        }
    }
}
