//! The real site passes its own text checks: `check --deny-warnings` finds
//! nothing (typography and glossary included), and every language of
//! `site.toml` declares both, so that none is silently left unchecked. The
//! checks themselves are shown failing by the fixture cases
//! `typography-*` and `glossary-*`. And what the build puts into words
//! reads right on every English page: a count of one takes the singular.

use crate::common;

use common::cli::command;
use common::pages::{between, html_pages, real_page, real_site, text_of_cells};
use common::project_root;

/// A language's `typography.toml`, as data.
fn typography(lang: &str) -> toml::Table {
    let path = project_root()
        .join("locales")
        .join(lang)
        .join("typography.toml");
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

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

/// "1 retries": a message that writes a count before its noun must select
/// the noun's plural form. Read on every built English page (text and
/// islands alike, which the script fills), every "1" that stands alone
/// before a word is followed by no plural in -s of three letters or more.
#[test]
fn no_english_page_writes_one_before_a_plural() {
    let mut found = Vec::new();
    for (path, html) in html_pages(&real_site().join("en")) {
        let text = text_of_cells(&html);
        let chars: Vec<char> = text.chars().collect();
        for (i, window) in chars.windows(2).enumerate() {
            let standalone = i == 0
                || !(chars[i - 1].is_ascii_digit()
                    || matches!(chars[i - 1], '.' | ',' | '−' | '-'));
            if window != ['1', ' '] || !standalone {
                continue;
            }
            let word: String = chars[i + 2..]
                .iter()
                .take_while(|c| c.is_ascii_lowercase())
                .collect();
            if word.len() >= 4 && word.ends_with('s') && !word.ends_with("ss") {
                found.push(format!("{}: 1 {word}", path.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// The footer's pointer to the schedule's JSON stands on the pages that
/// show a schedule (those with the calculator, whose data island is
/// `calc-data`) and on no other, in every language.
#[test]
fn the_json_footer_stands_only_under_a_schedule() {
    let mut with = 0;
    for (path, html) in html_pages(real_site()) {
        let Some(footer) = html.split("<footer").nth(1) else {
            continue;
        };
        let footer = footer.split("</footer>").next().unwrap();
        let schedule = html.contains(r#"id="calc-data""#);
        assert_eq!(
            footer.contains("backoff-site schedule"),
            schedule,
            "{}",
            path.display()
        );
        with += usize::from(schedule);
    }
    assert!(
        with >= 3 * common::languages().len(),
        "{with} pages with a schedule"
    );
}

/// "2 min 0 s", "19 h 0 min": a duration in words leaves its zero parts out
/// (`format::duration::SHAPES`). Read on every built page of every
/// language: no unit of the language's `typography.toml` is followed by a
/// zero and another unit.
#[test]
fn no_duration_in_words_names_a_zero_part() {
    let mut read = 0;
    let mut found = Vec::new();
    for lang in common::languages() {
        let rules = typography(lang);
        let units: Vec<&str> = rules["units-after"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap())
            .collect();
        for (path, html) in html_pages(&real_site().join(lang)) {
            let text = text_of_cells(&html);
            read += 1;
            for first in &units {
                for second in &units {
                    let zero = format!("{first}\u{a0}0\u{a0}{second}");
                    for (at, _) in text.match_indices(&zero) {
                        let before = text[..at].chars().next_back();
                        let after = text[at + zero.len()..].chars().next();
                        if !before.is_some_and(char::is_alphabetic)
                            && !after.is_some_and(char::is_alphanumeric)
                        {
                            found.push(format!("{}: {zero}", path.display()));
                        }
                    }
                }
            }
        }
    }
    assert!(read >= 5 * common::languages().len(), "{read} pages read");
    assert!(found.is_empty(), "{found:#?}");
}

/// The home pages and the language chooser set the dash between a page's
/// name and its description as each language's `typography.toml` says: its
/// dash, closed where the dash is closed (English), with a space on each
/// side where it is spaced (German), after a no-break space where a line
/// must not start with it (Russian).
#[test]
fn the_list_dash_is_each_languages_own() {
    let chooser = std::fs::read_to_string(real_site().join("index.html")).unwrap();
    for lang in common::languages() {
        let rules = typography(lang);
        let dash = rules["dash"].as_str().unwrap();
        let forms: Vec<String> = match rules["dash-spacing"].as_str().unwrap() {
            "spaced" => vec![format!("</a> {dash} ")],
            "no-break-before" => vec![format!("</a>\u{a0}{dash} ")],
            "closed" => vec![format!("</a>{dash}")],
            other => panic!("{lang}: unknown dash-spacing {other}"),
        };
        let set = |text: &str| {
            forms
                .iter()
                .map(|f| text.matches(f.as_str()).count())
                .sum::<usize>()
        };
        let home = real_page(&format!("{lang}/index.html"));
        let list = between(&home, r#"<ul class="page-list">"#, "</ul>");
        let entries = list.matches("<li>").count();
        assert!(entries >= 5, "{lang}: {entries} pages listed");
        assert_eq!(set(list), entries, "{lang}: {list}");
        let choice = between(&chooser, &format!(r#"<li lang="{lang}">"#), "</li>");
        assert_eq!(set(choice), 1, "{lang}: {choice}");
    }
}

/// A jitter kind inside a sentence reads as words of that sentence, not as
/// the selector's capitalised label ("does not offer full jitter", not
/// "this jitter (Full)"): the code's notes take each kind's in-sentence
/// form, a noun phrase in the nominative (Russian «… джиттер», German
/// "… Jitter"), lowercase in English but for a name.
#[test]
fn jitter_kinds_read_as_words_inside_sentences() {
    let phrase = [
        (
            "en",
            "The library does not offer full jitter; the code leaves it out.",
        ),
        (
            "ru",
            "Библиотека не предлагает такой джиттер, как полный джиттер, поэтому код обходится без него.",
        ),
        (
            "de",
            "Diese Art von Jitter (Full Jitter) bietet die Bibliothek nicht; der Code lässt sie weg.",
        ),
    ];
    for (lang, note) in phrase {
        // The practice page's policy has full jitter, which some libraries lack.
        let html = real_page(&format!("{lang}/practice/index.html"));
        assert!(html.contains(note), "{lang}: no {note:?}");
        // The "as code" data the page's script fetches.
        let src = between(&html, r#"id="calc-code" data-src=""#, "\"");
        let asset = common::pages::real_site().join(src.trim_start_matches("../"));
        let data: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(asset).unwrap()).unwrap();
        for (kind, words) in data["jitters"].as_object().unwrap() {
            let words = words.as_str().unwrap();
            let ok = match lang {
                "en" => words.starts_with(|c: char| c.is_lowercase()) || words.starts_with("Polly"),
                "ru" => words.contains("джиттер"),
                _ => words.contains("Jitter"),
            };
            assert!(ok, "{lang} {kind}: {words:?}");
        }
    }
}
