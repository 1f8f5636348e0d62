//! The "practice" page as a reader gets it in every language: its sections
//! and table of contents, the figures from `content/practice.toml` (the
//! amplification computed by the build), and the retry loop whose code is
//! the same in every language and whose comments are each language's. The
//! errors wrong page values and listing comments get are cases of the
//! broken-site suite (`tests/fixtures/page-values-*`).

use crate::common;

use std::fs;

use common::pages::{between, real_site, text_of};
use common::{build, copy_project, project_root};

const SECTIONS: [&str; 7] = [
    "retry-after",
    "retryable",
    "amplification",
    "attempts",
    "code",
    "calculator",
    "faq",
];

fn page(lang: &str) -> String {
    fs::read_to_string(real_site().join(format!("{lang}/practice/index.html"))).unwrap()
}

fn section<'a>(html: &'a str, id: &str) -> &'a str {
    between(html, &format!("<section id=\"{id}\""), "</section>")
}

#[test]
fn every_section_has_a_heading_an_entry_in_the_contents_and_text() {
    for lang in common::languages() {
        let html = page(lang);
        let toc = between(&html, "<nav class=\"toc\"", "</nav>");
        for id in SECTIONS {
            assert!(
                toc.contains(&format!("href=\"#{id}\"")),
                "{lang}: {id} not in the contents"
            );
            let body = section(&html, id);
            assert!(
                body.contains(&format!("<h2 id=\"{id}-heading\">")),
                "{lang}: {id} has no heading"
            );
            assert!(
                text_of(body).trim().len() > 200,
                "{lang}: section {id} is nearly empty"
            );
        }
        for faq in ["retry-after-too-long", "retry-post", "which-layer"] {
            assert!(
                html.contains(&format!("<h3 id=\"faq-{faq}\">")),
                "{lang}: {faq}"
            );
        }
    }
}

#[test]
fn the_amplification_is_computed_from_the_content_file() {
    // 3 layers of 3 attempts: 3^3 calls at the bottom.
    let expected = [
        ("en", "27 calls"),
        ("ru", "27 обращений"),
        ("de", "27 Aufrufe"),
    ];
    for (lang, calls) in expected {
        let text = text_of(section(&page(lang), "amplification"));
        assert!(text.contains(calls), "{lang}: {text}");
    }
    // Other layers and attempts give another product, in every language.
    let project = copy_project();
    let toml = project.path().join("content/practice.toml");
    let source = fs::read_to_string(&toml).unwrap();
    let changed = source.replace(
        "[amplification]\nlayers = 3\nattempts = 3",
        "[amplification]\nlayers = 2\nattempts = 4",
    );
    assert_ne!(changed, source, "the [amplification] table moved");
    fs::write(&toml, changed).unwrap();
    let out = project.path().join("dist");
    build(project.path(), &out, false).unwrap_or_else(|e| panic!("{e}"));
    for (lang, calls) in [
        ("en", "16 calls"),
        ("ru", "16 обращений"),
        ("de", "16 Aufrufe"),
    ] {
        let html = fs::read_to_string(out.join(format!("{lang}/practice/index.html"))).unwrap();
        let text = text_of(section(&html, "amplification"));
        assert!(text.contains(calls), "{lang}: {text}");
        assert!(!text.contains("27"), "{lang}: {text}");
    }
}

#[test]
fn figures_are_written_in_each_languages_notation() {
    // gRPC's example tokenRatio, 0.1, and Envoy's 20 % budget.
    let expected = [
        ("en", "0.1", "20%"),
        ("ru", "0,1", "20\u{a0}%"),
        ("de", "0,1", "20\u{a0}%"),
    ];
    for (lang, ratio, percent) in expected {
        let text = text_of(section(&page(lang), "amplification"));
        assert!(text.contains(ratio), "{lang}: no {ratio}");
        assert!(text.contains(percent), "{lang}: no {percent}");
    }
}

/// The listing of a page: the text of its `<pre><code>`.
fn listing(html: &str) -> String {
    text_of(between(
        html,
        "<pre><code class=\"language-python\">",
        "</code></pre>",
    ))
}

#[test]
fn the_code_is_the_same_in_every_language_and_its_comments_are_translated() {
    let listings: Vec<String> = common::languages()
        .iter()
        .map(|l| listing(&page(l)))
        .collect();
    let code_only = |listing: &str| -> Vec<String> {
        listing
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    let comments = |listing: &str| -> Vec<String> {
        listing
            .lines()
            .filter(|l| l.trim_start().starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(code_only(&listings[0]), code_only(&listings[1]));
    assert_eq!(code_only(&listings[0]), code_only(&listings[2]));
    // One comment per `# @message-id` line of the content file, each a
    // language's own.
    let source = fs::read_to_string(project_root().join("content/practice.toml")).unwrap();
    let placeholders = source.matches("# @listing-").count();
    assert!(placeholders >= 5, "{placeholders}");
    for (lang, listing) in common::languages().iter().zip(&listings) {
        assert_eq!(comments(listing).len(), placeholders, "{lang}");
        assert!(!listing.contains('@'), "{lang}: a placeholder is left");
    }
    assert!(listings[0].contains("# Never retry earlier than the server asked."));
    assert!(listings[1].contains("# Никогда не повторяем раньше, чем попросил сервер."));
    assert!(listings[2].contains("# Nie früher wiederholen, als der Server verlangt."));
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        assert_ne!(comments(&listings[a]), comments(&listings[b]));
    }
}

#[test]
fn the_loop_does_what_the_site_teaches() {
    let code = listing(&page("en"));
    for part in [
        // Capped exponential delays with full jitter.
        "random.uniform(0, min(cap, base * 2 ** (attempt - 1)))",
        // Only retryable errors.
        "except (Retryable, ConnectionError, TimeoutError)",
        "RETRYABLE_STATUSES = {429, 502, 503, 504}",
        // Never earlier than Retry-After.
        "delay = max(delay, asked)",
        // The deadline is checked before sleeping.
        "if time.monotonic() + delay > deadline:\n                raise\n            time.sleep(delay)",
    ] {
        assert!(code.contains(part), "missing: {part}\n{code}");
    }
}

/// The loop as the English page prints it, run by Python against a local
/// server (`tests/practice/run_retry_loop.py`): transient statuses retried
/// until success, final ones returned after one request, `Retry-After` in
/// seconds and as a date waited for, a wait past the deadline never
/// started, refused connections and timeouts retried as the built-in errors
/// `http.client` raises. Python's standard library is all it needs; without
/// a `python3` it skips only off CI.
#[test]
fn the_loop_runs_against_a_local_server() {
    let dir = tempfile::tempdir().unwrap();
    let code = dir.path().join("retry_loop.py");
    fs::write(&code, listing(&page("en"))).unwrap();
    let mut python = std::process::Command::new("python3");
    python
        .arg(project_root().join("tests/practice/run_retry_loop.py"))
        .arg(&code);
    let Some(stdout) = common::tools::run(python, "python3 (Python 3.10 or later)") else {
        return;
    };
    assert!(stdout.contains("passed 10 cases"), "{stdout}");
}
