//! The real site, built into a temporary folder and read back as a reader
//! would: every language's pages, sections, figures and formulas.

use crate::common;

use std::fs;

use common::pages::{between, real_site, text_of};
use common::{build, copy_project, project_root, snapshot};

fn page(path: &str) -> String {
    fs::read_to_string(real_site().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const PAGES: [&str; 6] = [
    "calculator",
    "contention",
    "defaults",
    "practice",
    "schedule",
    "storms",
];

fn all_html() -> Vec<(String, String)> {
    snapshot(real_site())
        .into_iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "html"))
        .map(|(p, b)| (p.display().to_string(), String::from_utf8(b).unwrap()))
        .collect()
}

#[test]
fn every_language_has_the_whole_page_set() {
    let html: Vec<String> = all_html().into_iter().map(|(p, _)| p).collect();
    let mut expected = vec!["404.html".to_string(), "index.html".to_string()];
    for lang in common::languages() {
        expected.push(format!("{lang}/404.html"));
        expected.push(format!("{lang}/index.html"));
        for page in PAGES {
            expected.push(format!("{lang}/{page}/index.html"));
        }
    }
    expected.sort();
    assert_eq!(html, expected);
}

#[test]
fn pages_declare_their_language_and_have_localized_titles() {
    for lang in common::languages() {
        for page_name in PAGES {
            let html = page(&format!("{lang}/{page_name}/index.html"));
            assert!(
                html.contains(&format!("<html lang=\"{lang}\">")),
                "{lang}/{page_name}"
            );
            let title = between(&html, "<title>", "</title>");
            let h1 = between(&html, "<h1>", "</h1>");
            assert!(
                !h1.is_empty() && title.starts_with(h1),
                "{lang}/{page_name}: {title} / {h1}"
            );
            let cyrillic = title.chars().any(|c| ('а'..='я').contains(&c));
            assert_eq!(cyrillic, lang == "ru", "{lang}/{page_name}: {title}");
        }
    }
    let en = between(&page("en/schedule/index.html"), "<title>", "</title>").to_string();
    let de = between(&page("de/schedule/index.html"), "<title>", "</title>").to_string();
    assert_ne!(en, de);
}

#[test]
fn every_section_and_faq_entry_is_present() {
    let faq = [
        (
            "calculator",
            &[
                "what-is-backoff",
                "why-jitter",
                "which-max-delay",
                "retry-every-error",
            ][..],
        ),
        ("schedule", &["counts-original", "never-infinite"][..]),
    ];
    for lang in common::languages() {
        for (page_name, entries) in faq {
            let html = page(&format!("{lang}/{page_name}/index.html"));
            for section in [
                "intro",
                "calculator",
                "how-to",
                "formula",
                "example",
                "tips",
                "faq",
            ] {
                // The introduction has no heading: a division, not a section.
                let (tag, end) = if section == "intro" {
                    ("<div id=\"intro\"".to_string(), "</div>")
                } else {
                    (format!("<section id=\"{section}\""), "</section>")
                };
                assert!(
                    html.contains(&tag),
                    "{lang}/{page_name}: no section {section}"
                );
                let body = between(&html, &tag, end);
                assert!(
                    text_of(body).trim().len() > 40,
                    "{lang}/{page_name}: section {section} is nearly empty"
                );
            }
            for entry in entries {
                let tag = format!("<h3 id=\"faq-{entry}\">");
                assert!(html.contains(&tag), "{lang}/{page_name}: no FAQ {entry}");
            }
        }
    }
}

#[test]
fn worked_examples_use_each_languages_notation() {
    let nb = '\u{a0}';
    let cases: [(&str, &str, Vec<String>); 6] = [
        (
            "ru",
            "calculator",
            vec![
                format!("0,5; 1; 2; 4; 8 и 16{nb}с"),
                // The seed's "а 32 и 64 с обрезаются до 30 с": what the
                // formula gives (0.5 × 2^6, 0.5 × 2^7) before the cap.
                format!("расчётные 32 и 64{nb}с перед повторами 7 и 8 обрезаются до 30{nb}с"),
                format!("0,5 + 1 + 2 + 4 + 8 + 16 + 30 + 30 = 91,5{nb}с"),
                format!("1{nb}мин{nb}32{nb}с"),
                format!("45,75{nb}с"),
            ],
        ),
        (
            "de",
            "calculator",
            vec![
                format!("91,5{nb}s"),
                format!("1{nb}min{nb}32{nb}s"),
                format!("45,75{nb}s"),
                format!(
                    "0,5; 1; 2; 4; 8 und 16{nb}s. Vor den Wiederholungen 7 und 8 werden 32 und 64{nb}s auf 30{nb}s gekürzt."
                ),
            ],
        ),
        (
            "en",
            "calculator",
            vec![
                format!("91.5{nb}s"),
                format!("1{nb}min{nb}32{nb}s"),
                format!("45.75{nb}s"),
                format!(
                    "0.5, 1, 2, 4, 8, and 16{nb}s, and the 32 and 64{nb}s before retries 7 and 8 are cut to 30{nb}s."
                ),
            ],
        ),
        (
            "ru",
            "schedule",
            vec![
                format!("250, 500, 1{nb}000, 2{nb}000 и 2{nb}000"),
                "3, 3 и 3".into(),
            ],
        ),
        (
            "de",
            "schedule",
            vec![
                "250, 500, 1.000, 2.000 und 2.000".into(),
                "3, 3 und 3".into(),
            ],
        ),
        (
            "en",
            "schedule",
            vec![
                "250, 500, 1,000, 2,000, and 2,000".into(),
                "3, 3, and 3".into(),
            ],
        ),
    ];
    for (lang, page_name, figures) in cases {
        let html = page(&format!("{lang}/{page_name}/index.html"));
        let example = text_of(between(&html, "<section id=\"example\"", "</section>"));
        for figure in figures {
            assert!(
                example.contains(&figure),
                "{lang}/{page_name}: `{figure}` not in:\n{example}"
            );
        }
    }
}

/// A figure and its unit, or `№` and its number, never break across lines:
/// the space between them is a no-break space in every language.
#[test]
fn no_ordinary_space_between_a_figure_and_its_unit() {
    const UNITS: [&str; 12] = [
        "ms", "s", "min", "h", "d", "y", "a", "мс", "с", "мин", "ч", "дн.",
    ];
    let mut found = Vec::new();
    for (path, html) in all_html() {
        let body = between(&html, "<main", "</main>");
        let text = text_of(body);
        let words: Vec<&str> = text.split(' ').collect();
        for pair in words.windows(2) {
            let (before, after) = (pair[0], pair[1]);
            let unit = after.trim_end_matches([',', ';', ':', ')', '.']);
            let is_unit = UNITS.contains(&unit) || UNITS.contains(&after);
            if (is_unit && before.ends_with(|c: char| c.is_ascii_digit())) || before.ends_with('№')
            {
                found.push(format!("{path}: \"{before} {after}\""));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Search engines cut a description after about 160 characters and a title
/// after about 70; every page stays within both in every language.
#[test]
fn titles_and_descriptions_fit_search_results() {
    for (path, html) in all_html() {
        let title = text_of(between(&html, "<title>", "</title>"));
        assert!(
            title.chars().count() <= 72,
            "{path}: title of {} characters: {title}",
            title.chars().count()
        );
        if html.contains("<meta name=\"description\"") {
            let description = between(&html, "<meta name=\"description\" content=\"", "\"");
            let length = text_of(description).chars().count();
            assert!(length <= 160, "{path}: description of {length} characters");
        }
    }
}

/// The words of the title and of the structured data are each language's
/// own: the title's separator, what the calculator requires, and the
/// application's name (the page's title, without the site's name).
#[test]
fn title_separator_and_structured_data_speak_the_pages_language() {
    let cases = [
        ("en", " — ", "Requires JavaScript and WebAssembly"),
        ("ru", "\u{a0}— ", "Нужны JavaScript и WebAssembly"),
        ("de", " – ", "Erfordert JavaScript und WebAssembly"),
    ];
    for (lang, separator, requirements) in cases {
        let html = page(&format!("{lang}/calculator/index.html"));
        let title = text_of(between(&html, "<title>", "</title>"));
        let h1 = text_of(between(&html, "<h1", "</h1>"));
        let h1 = h1.split_once('>').map_or(h1.as_str(), |(_, t)| t);
        assert!(
            title.starts_with(&format!("{h1}{separator}")),
            "{lang}: {title}"
        );
        assert!(
            html.contains(&format!("\"browserRequirements\":\"{requirements}\"")),
            "{lang}: browserRequirements"
        );
        assert!(
            html.contains(&format!("\"@type\":\"WebApplication\",\"name\":\"{h1}\"")),
            "{lang}: the application's name is not `{h1}`"
        );
    }
}

#[test]
fn plurals_follow_each_language() {
    // The calculator's table caption counts eight retries, the schedule's five.
    let caption = |path: &str| text_of(between(&page(path), "<caption>", "</caption>"));
    assert!(caption("ru/calculator/index.html").contains("8 повторов"));
    assert!(caption("ru/schedule/index.html").contains("5 повторов"));
    assert!(caption("de/schedule/index.html").contains("5 Wiederholungen"));
    assert!(caption("en/calculator/index.html").contains("8 retries"));
}

#[test]
fn static_table_shows_the_calculators_defaults() {
    let nb = '\u{a0}';
    let html = page("ru/calculator/index.html");
    let table = between(&html, "<tbody>", "</tbody>");
    assert_eq!(table.matches("<tr>").count(), 8);
    assert!(
        table.contains(&format!(
            "<td>30{nb}000{nb}мс</td><td>да</td><td>91{nb}500{nb}мс</td>"
        )),
        "{table}"
    );
    let html = page("de/schedule/index.html");
    let table = between(&html, "<tbody>", "</tbody>");
    assert!(
        table.contains("<td>2.000</td><td>ja</td><td>5.750</td>"),
        "{table}"
    );
}

#[test]
fn formulas_are_well_formed_mathml_with_localized_words() {
    for (path, html) in all_html() {
        let mut rest = html.as_str();
        while let Some(start) = rest.find("<math") {
            let end =
                rest[start..].find("</math>").expect("unclosed <math>") + start + "</math>".len();
            let fragment = &rest[start..end];
            roxmltree::Document::parse(fragment)
                .unwrap_or_else(|e| panic!("{path}: {e}\n{fragment}"));
            rest = &rest[end..];
        }
    }
    let formula = |lang: &str| {
        between(
            &page(&format!("{lang}/calculator/index.html")),
            "<math display=\"block\">",
            "</math>",
        )
        .to_string()
    };
    assert!(formula("ru").contains("<mtext>первая задержка</mtext>"));
    assert!(formula("de").contains("<mtext>Maximum</mtext>"));
    assert!(formula("en").contains("<mtext>multiplier</mtext>"));
}

#[test]
fn no_isolation_marks_placeholders_or_double_escapes() {
    for (path, html) in all_html() {
        assert!(
            !html.contains(['\u{2068}', '\u{2069}']),
            "{path}: bidi isolation mark"
        );
        assert!(
            !html.contains("__serve"),
            "{path}: the preview server's reload script"
        );
        assert!(
            !html.contains("{ $") && !html.contains("{$"),
            "{path}: unresolved placeable"
        );
        for double in [
            "&amp;nbsp;",
            "&amp;amp;",
            "&amp;lt;",
            "&amp;gt;",
            "&amp;#",
            "&amp;quot;",
        ] {
            assert!(!html.contains(double), "{path}: double escape {double}");
        }
        // A message the build could not find is shown as `[id]`.
        let text = text_of(&html);
        for word in text.split_whitespace() {
            let bare = word
                .trim_matches(|c: char| !c.is_alphanumeric() && c != '[' && c != ']' && c != '-');
            let looks_like_id = bare.starts_with('[')
                && bare.ends_with(']')
                && bare[1..bare.len() - 1]
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c == '.');
            assert!(!looks_like_id, "{path}: unresolved message {bare}");
        }
    }
}

#[test]
fn two_builds_of_the_same_input_are_identical() {
    let dir = tempfile::tempdir().unwrap();
    build(&project_root(), &dir.path().join("a"), false).unwrap();
    build(&project_root(), &dir.path().join("b"), false).unwrap();
    let a = snapshot(&dir.path().join("a"));
    assert!(a.len() > 10);
    assert_eq!(a, snapshot(&dir.path().join("b")));
}

#[test]
fn a_failed_build_leaves_the_previous_output_untouched() {
    let project = copy_project();
    let out = project.path().join("dist");
    build(project.path(), &out, false).unwrap();
    let before = snapshot(&out);
    let ftl = project.path().join("locales/ru/calculator.ftl");
    let text = fs::read_to_string(&ftl).unwrap();
    fs::write(&ftl, text.replacen("title =", "title = { $", 1)).unwrap();
    let failed = build(project.path(), &out, false).unwrap_err().to_string();
    assert!(failed.contains("locales/ru/calculator.ftl:"), "{failed}");
    assert_eq!(snapshot(&out), before);
    // No staging folder is left behind either.
    let leftovers: Vec<_> = fs::read_dir(project.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(
        leftovers
            .iter()
            .all(|n| !n.to_string_lossy().contains("staging")),
        "{leftovers:?}"
    );
}

#[test]
fn a_missing_message_fails_unless_allowed() {
    let project = copy_project();
    let ftl = project.path().join("locales/de/schedule.ftl");
    let text = fs::read_to_string(&ftl).unwrap();
    let without: String = remove_message(&text, "tips-heading");
    fs::write(&ftl, without).unwrap();
    let out = project.path().join("dist");
    let failed = build(project.path(), &out, false).unwrap_err().to_string();
    assert!(
        failed.contains("locales/de/schedule.ftl") && failed.contains("`tips-heading`"),
        "{failed}"
    );
    assert!(!out.exists());
    let summary = build(project.path(), &out, true).unwrap();
    assert!(
        summary
            .warnings
            .iter()
            .any(|w| w.to_string().contains("`tips-heading`"))
    );
    let english = between(
        &page("en/schedule/index.html"),
        "<h2 id=\"tips-heading\">",
        "</h2>",
    )
    .to_string();
    let html = fs::read_to_string(out.join("de/schedule/index.html")).unwrap();
    assert_eq!(between(&html, "<h2 id=\"tips-heading\">", "</h2>"), english);
}

/// `source` without the message `id` (its line and indented continuation lines).
fn remove_message(source: &str, id: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in source.lines() {
        if line.starts_with(&format!("{id} =")) {
            skipping = true;
            continue;
        }
        if skipping && (line.starts_with(' ') || line.is_empty()) {
            continue;
        }
        skipping = false;
        out.push_str(line);
        out.push('\n');
    }
    out
}
