//! The "defaults" page as a reader gets it in every language: one row per
//! preset of `content/presets.toml` with its source link, totals that are
//! the core's for that preset, a sparkline with a text alternative, a
//! section per family, and a title and description of a fitting length.

use crate::common;

use std::fs;

use backoff_site::backoff::{Jitter, Schedule};
use backoff_site::presets;
use backoff_site::report::{Distribution, js_number};
use common::pages::{between, real_site};

fn page(lang: &str) -> String {
    fs::read_to_string(real_site().join(format!("{lang}/defaults/index.html"))).unwrap()
}

/// A preset's row, from its opening tag to its end.
fn row<'a>(html: &'a str, id: &str) -> &'a str {
    between(html, &format!("<tr id=\"preset-{id}\""), "</tr>")
}

fn all_presets() -> Vec<presets::Preset> {
    presets::embedded().unwrap_or_else(|d| panic!("{d:?}"))
}

#[test]
fn every_preset_has_a_row_with_its_source_link_in_every_language() {
    let presets = all_presets();
    assert!(presets.len() >= 15);
    for lang in common::languages() {
        let html = page(lang);
        assert_eq!(
            html.matches("<tr id=\"preset-").count(),
            presets.len(),
            "{lang}"
        );
        for p in &presets {
            let row = row(&html, &p.id);
            assert!(
                row.contains(&format!("<a href=\"{}\">", p.sources[0])),
                "{lang} {}",
                p.id
            );
            assert!(row.contains(&p.name), "{lang} {}", p.id);
        }
    }
}

/// A policy's shortest, mean and longest total wait by the reference model
/// (`backoff_core_testing`: each retry's delay by formula, spread as each
/// kind is documented), summed in retry order as the core sums them.
fn reference_totals(policy: &backoff_site::backoff::Policy) -> [f64; 3] {
    if policy.jitter == Jitter::Polly {
        // Polly's formula (its port in backoff_core_testing): the
        // cumulative bounds, and the sum of the means while no cap binds.
        let figures =
            backoff_core_testing::polly::figures(policy.base, policy.max_delay, policy.retries);
        assert!(
            figures.iter().all(|f| !f.capped),
            "a capped Polly preset's mean is sampled"
        );
        let last = figures[figures.len() - 1];
        let mean = figures.iter().map(|f| f.uncapped_mean).sum();
        return [last.cumulative_lo, mean, last.cumulative_hi];
    }
    if policy.jitter == Jitter::Decorrelated {
        // `U[base, 3·previous]` from `previous = base`: each mean is
        // `(base + 3·previous mean) / 2` while no cap binds.
        let (mut totals, mut mean) = ([0.0; 3], policy.base);
        for (delay, capped) in backoff_core_testing::expected_rows(policy) {
            assert!(!capped, "a capped decorrelated preset's mean is a bound");
            mean = (policy.base + 3.0 * mean) / 2.0;
            for (total, x) in totals.iter_mut().zip([policy.base, mean, delay]) {
                *total += x;
            }
        }
        return totals;
    }
    let mut totals = [0.0; 3];
    for (delay, _) in backoff_core_testing::expected_rows(policy) {
        let (min, mean, max) = backoff_core_testing::want_spread(policy, delay);
        let mean = mean.expect("presets use the kinds whose mean is stated");
        for (total, x) in totals.iter_mut().zip([min, mean, max]) {
            *total += x;
        }
    }
    totals
}

#[test]
fn a_rows_totals_are_the_cores() {
    let presets = all_presets();
    let html = page("en");
    for p in &presets {
        let schedule = Schedule::new(p.policy).unwrap();
        let mut expected = reference_totals(&p.policy).to_vec();
        // The P99 is the core's `schedule --percentiles` figure, which
        // core/tests/suite/dist_exact.rs holds to exact distributions.
        if p.policy.jitter != Jitter::None {
            expected.push(
                Distribution::new(&schedule, Default::default())
                    .unwrap()
                    .total
                    .p99,
            );
        }
        let data = between(row(&html, &p.id), "data-totals=\"", "\"");
        if p.policy.jitter == Jitter::Polly {
            // The core computes Polly's `2^t` and `tanh` itself: a few ulp
            // from std's.
            let got: Vec<f64> = data.split(' ').map(|x| x.parse().unwrap()).collect();
            assert_eq!(got.len(), expected.len(), "{}", p.id);
            for (g, e) in got.iter().zip(&expected) {
                assert!((g - e).abs() <= 1e-9 * e.abs(), "{}: {data}", p.id);
            }
            continue;
        }
        let expected: Vec<String> = expected.into_iter().map(js_number).collect();
        assert_eq!(data, expected.join(" "), "{}", p.id);
    }
    // And the reader's figures: botocore's standard mode waits 0 to 1 s, then
    // 0 to 2 s, so 1.5 s on average and 3 s at most (a no-break space before
    // the unit).
    let aws = row(&html, "aws-standard");
    assert!(
        aws.contains("<td>1.5\u{a0}s</td>") && aws.contains("<td>3\u{a0}s</td>"),
        "{aws}"
    );
    assert!(aws.contains("<td>3 attempts</td>"), "{aws}");
    // A jitter factor reads as a percentage, in each language's style.
    for (lang, cell) in [
        ("en", "±20% of the delay"),
        ("ru", "±20\u{a0}% от задержки"),
        ("de", "±20\u{a0}% der Verzögerung"),
    ] {
        let html = page(lang);
        let grpc = row(&html, "grpc-connection");
        assert!(grpc.contains(&format!("<td>{cell}</td>")), "{lang}: {grpc}");
    }
}

#[test]
fn p99_is_shown_only_where_the_jitter_is_random() {
    let html = page("en");
    for p in all_presets() {
        let cells = row(&html, &p.id).matches("<td>").count();
        let empty = row(&html, &p.id).matches("<td></td>").count();
        assert_eq!(cells, 9, "{}", p.id);
        assert_eq!(empty == 1, p.policy.jitter == Jitter::None, "{}", p.id);
    }
}

#[test]
fn sparklines_have_a_text_alternative_in_the_pages_language() {
    let ru = page("ru");
    let spark = between(row(&ru, "aws-standard"), "<svg", ">");
    assert!(spark.contains("role=\"img\""), "{spark}");
    assert!(
        spark.contains("aria-label=\"Средние задержки: 0,5\u{a0}с и 1\u{a0}с\""),
        "{spark}"
    );
}

#[test]
fn the_table_scrolls_in_its_own_region_and_each_family_has_a_section() {
    let presets = all_presets();
    for lang in common::languages() {
        let html = page(lang);
        assert!(
            html.contains("<div class=\"table-scroll\" role=\"region\""),
            "{lang}"
        );
        for group in presets::Group::ALL {
            if presets.iter().any(|p| p.group == group) {
                let id = format!("family-{}", group.name());
                assert!(
                    html.contains(&format!("<section id=\"{id}\"")),
                    "{lang} {id}"
                );
                assert!(html.contains(&format!("<a href=\"#{id}\">")), "{lang} {id}");
            }
        }
    }
}

#[test]
fn title_and_description_fit_in_every_language() {
    for lang in common::languages() {
        let html = page(lang);
        let title = between(&html, "<h1>", "</h1>");
        let description = between(&html, "<meta name=\"description\" content=\"", "\"");
        assert!(title.chars().count() <= 72, "{lang}: {title}");
        assert!(description.chars().count() <= 160, "{lang}: {description}");
        assert!(!title.is_empty() && !description.is_empty(), "{lang}");
    }
}

/// The timeout claims of the Java and .NET families link the lines that
/// back them, pinned to a commit like the presets' sources.
#[test]
fn timeout_claims_of_the_families_cite_pinned_sources() {
    let pinned = |link: &str, repo: &str, path: &str| {
        let rest = link
            .strip_prefix(&format!("https://github.com/{repo}/blob/"))
            .unwrap_or_else(|| panic!("{link}: not {repo}"));
        let (commit, file) = rest.split_once('/').unwrap();
        assert_eq!(commit.len(), 40, "{link}: pinned to a commit");
        assert!(commit.chars().all(|c| c.is_ascii_hexdigit()), "{link}");
        assert!(file.starts_with(path) && file.contains("#L"), "{link}");
    };
    for lang in common::languages() {
        let html = page(lang);
        let links = |id: &str| -> Vec<String> {
            let section = between(&html, &format!(r#"id="{id}""#), "</section>");
            section
                .split(r#"href=""#)
                .skip(1)
                .map(|s| s[..s.find('"').unwrap()].to_string())
                .collect()
        };
        let java = links("family-java");
        assert_eq!(java.len(), 3, "{lang}: {java:?}");
        pinned(&java[0], "resilience4j/resilience4j", "resilience4j-retry/");
        pinned(
            &java[1],
            "resilience4j/resilience4j",
            "resilience4j-timelimiter/",
        );
        pinned(
            &java[2],
            "spring-projects/spring-retry",
            "src/main/java/org/springframework/retry/policy/TimeoutRetryPolicy.java",
        );
        let dotnet = links("family-dotnet");
        assert_eq!(dotnet.len(), 1, "{lang}: {dotnet:?}");
        pinned(&dotnet[0], "App-vNext/Polly", "docs/pipelines/index.md");
    }
}

/// The value of message `id` in `locales/<lang>/<file>`, a one-line message.
fn message(lang: &str, file: &str, id: &str) -> String {
    let path = common::project_root().join(format!("locales/{lang}/{file}"));
    let text = fs::read_to_string(&path).unwrap();
    let prefix = format!("{id} = ");
    let line = text.lines().find(|l| l.starts_with(&prefix));
    line.unwrap_or_else(|| panic!("no {id} in {}", path.display()))[prefix.len()..].to_string()
}

#[test]
fn preset_notes_are_the_calculators_but_where_the_page_words_its_own() {
    for lang in common::languages() {
        let html = page(lang);
        let shared = message(lang, "site.ftl", "calc-preset-differs-cap-after-jitter");
        assert!(html.contains(&shared), "{lang}: no {shared:?}");
        let own = message(lang, "defaults.ftl", "preset-differs-polynomial");
        let calculators = message(lang, "site.ftl", "calc-preset-differs-polynomial");
        assert!(html.contains(&own), "{lang}: no {own:?}");
        assert!(!html.contains(&calculators), "{lang}: {calculators:?}");
    }
}

/// Every word a reader sees of a preset is the page's language: the
/// labels, the versions' words and the marks of rows whose figures are an
/// example or an opt-in behaviour. The English descriptors of
/// `content/presets.toml`'s libraries appear on no Russian or German page
/// (defaults table or calculator selector), and exactly the presets whose
/// values are not the plain defaults carry the page's mark.
#[test]
fn presets_speak_the_pages_language_and_mark_example_values() {
    let presets = all_presets();
    let english = [
        "retry mode",
        "connection backoff",
        "client libraries",
        "retry policy",
        "task retry",
        "job retry",
        "rate limiter",
        "stored copies",
        "main after",
        "as of",
        "main branch",
        "example values",
        "opt-in",
        " for Python",
    ];
    let marks = [
        ("en", "example values", "opt-in"),
        ("ru", "пример", "включается отдельно"),
        ("de", "Beispielwerte", "Opt-in"),
    ];
    for (lang, example, opt_in) in marks {
        let html = page(lang);
        for p in &presets {
            let mark = match p.values {
                presets::Values::Defaults => None,
                presets::Values::Example => Some(example),
                presets::Values::OptIn => Some(opt_in),
            };
            let cell = between(row(&html, &p.id), "<th scope=\"row\">", "</th>");
            let shown = cell
                .contains("values-mark")
                .then(|| between(cell, "<span class=\"values-mark\">", "</span>"));
            assert_eq!(shown, mark, "{lang} {}: {cell}", p.id);
            assert!(cell.contains(&p.name), "{lang} {}: {cell}", p.id);
        }
        if lang == "en" {
            continue;
        }
        let calculator =
            fs::read_to_string(real_site().join(format!("{lang}/calculator/index.html"))).unwrap();
        let selector = between(&calculator, "<select id=\"calc-preset\"", "</select>");
        let table = between(&html, "<tbody>", "</tbody>");
        for phrase in english {
            for (place, text) in [("table", table), ("selector", selector)] {
                // Only the words between tags: a link's address may hold anything.
                let words = common::pages::text_of(text);
                assert!(!words.contains(phrase), "{lang} {place}: {phrase:?}");
            }
        }
    }
}
