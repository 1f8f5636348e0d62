//! The retry-storms page of the real site, read back as a reader would:
//! its sections, charts and tables in every language, and its figures held
//! to independent references: the published simulators' own output (Marc
//! Brooker's `retry_sim` and `simple_collapse_sim`, kept in
//! `core/tests/data/`, which the page's tables must meet within their
//! sampling error), the closed form of retries through layers, and the
//! libraries' budgets as their sources state them.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use backoff_site::site::load::content;
use common::pages::{between, numbers, real_site, text_of, text_of_cells};
use common::project_root;

fn page(lang: &str) -> String {
    fs::read_to_string(real_site().join(lang).join("storms/index.html")).unwrap()
}

/// The page's parameters, read from its content file as the build reads
/// them.
fn storms() -> content::storms::Storms {
    let path = project_root().join("content/storms.toml");
    let source = fs::read_to_string(&path).unwrap();
    content::parse(Path::new("content/storms.toml"), &source)
        .unwrap_or_else(|problems| panic!("{problems:?}"))
        .storms
        .unwrap()
}

/// The rows of section `id`'s data table in `lang`, each cell read as a
/// number in the page's notation.
fn table(lang: &str, id: &str) -> Vec<Vec<f64>> {
    let html = page(lang);
    let section = between(&html, &format!("<section id=\"{id}\""), "</section>");
    let body = between(section, "<tbody>", "</tbody>");
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            // Each `<th …>x</th>` or `<td>x</td>`: the text after the tag.
            row.split("<t")
                .filter(|cell| cell.starts_with('h') || cell.starts_with('d'))
                .map(|cell| {
                    let inner = cell.split_once('>').map_or("", |(_, t)| t);
                    let text = text_of(inner.split('<').next().unwrap_or(""));
                    let found = numbers(&text, lang);
                    assert_eq!(found.len(), 1, "{lang}/{id}: cell `{text}`");
                    found[0]
                })
                .collect()
        })
        .collect()
}

/// Mean and standard deviation of `xs`.
fn mean_sd(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, var.sqrt())
}

#[test]
fn the_page_has_its_sections_charts_and_tables_in_every_language() {
    for lang in common::languages() {
        let html = page(lang);
        for (section, svgs, rows) in [
            ("collapse", 2, 80),
            ("systems", 1, 7),
            ("budgets", 1, 7),
            ("libraries", 1, 7),
        ] {
            let body = between(&html, &format!("<section id=\"{section}\""), "</section>");
            let drawing = between(body, "<div class=\"chart-scroll\"", "</div>");
            assert_eq!(
                drawing.matches("<svg viewBox").count(),
                svgs,
                "{lang}/{section}"
            );
            assert_eq!(
                drawing.matches(" role=\"img\" aria-label=\"").count(),
                svgs,
                "{lang}/{section}: every drawing has a name"
            );
            let caption = between(
                body,
                "<figcaption class=\"chart-summary\">",
                "</figcaption>",
            );
            assert!(text_of_cells(caption).len() > 60, "{lang}/{section}");
            assert_eq!(table(lang, section).len(), rows, "{lang}/{section}");
            // Each line is told apart without colour: its dash pattern or
            // marker, and its name in the legend.
            let legend = between(body, "<ul class=\"chart-legend\">", "</ul>");
            assert!(legend.matches("<li>").count() >= 4, "{lang}/{section}");
        }
        // The spike is shaded in both panels of the collapse chart.
        let collapse = between(&html, "<section id=\"collapse\"", "</section>");
        assert_eq!(
            collapse.matches("class=\"chart-band\"").count(),
            2,
            "{lang}"
        );
        for section in ["intro", "layers", "sources"] {
            assert!(
                html.contains(&format!("id=\"{section}\"")),
                "{lang}: {section}"
            );
        }
    }
}

/// Every language's tables hold the same figures, each in its notation.
#[test]
fn every_language_writes_the_same_figures_in_its_notation() {
    for section in ["collapse", "systems", "budgets", "libraries"] {
        let reference = table("en", section);
        for lang in common::languages() {
            assert_eq!(table(lang, section), reference, "{lang}/{section}");
        }
    }
    let de = page("de");
    let ru = page("ru");
    // A load to the hundredth, written with each language's decimal comma.
    let budgets = table("en", "budgets");
    let load = budgets.last().unwrap()[2];
    let written = format!("{load:.2}");
    assert!(de.contains(&written.replace('.', ",")), "de: {written}");
    assert!(ru.contains(&written.replace('.', ",")), "ru: {written}");
}

/// `retry_sim.py`'s names of the page's strategies, in `STRATEGIES`' order.
const RETRY_SIM_NAMES: [&str; 4] = [
    "no_retries",
    "three_retries",
    "adaptive_10pct",
    "breaker_10pct",
];

/// `run_sims`' ten runs of its own output: (failure rate to 3 places,
/// name) → each run's attempts per request.
fn retry_sim_loads() -> BTreeMap<(String, String), Vec<f64>> {
    let mut published: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    let data = project_root().join("core/tests/data/retry-sim");
    for run in 1..=10 {
        let text = fs::read_to_string(data.join(format!("run_sims-{run:02}.csv"))).unwrap();
        for line in text.lines().skip(1) {
            let cells: Vec<&str> = line.split(',').collect();
            let total: f64 = cells[2].parse().unwrap();
            let unique: f64 = cells[3].parse().unwrap();
            let rate: f64 = cells[0].parse().unwrap();
            published
                .entry((format!("{rate:.3}"), cells[4].to_string()))
                .or_default()
                .push(total / unique);
        }
    }
    published
}

/// The published figures of `content/storms.toml`, which the page states
/// its agreement with, are the simulators' own output: `retry_sim`'s mean
/// attempts per request to four places, and the share of
/// `simple_collapse_sim`'s runs of the spike without backoff that recovered
/// (late successes over late arrivals, from 50 s on), to four places; and
/// the page says the share.
#[test]
fn the_published_figures_are_the_simulators_output() {
    let storms = storms();
    let loads = retry_sim_loads();
    for ((id, theirs), name) in storms.published.loads.iter().zip(RETRY_SIM_NAMES) {
        for (rate, written) in storms.failure_rates.iter().zip(theirs) {
            let runs = &loads[&(format!("{rate:.3}"), name.to_string())];
            let (mean, _) = mean_sd(runs);
            assert_eq!(*written, (mean * 1e4).round() / 1e4, "{id} at {rate}");
        }
    }
    let data = project_root().join("core/tests/data/simple-collapse-sim");
    let (mut starts, mut successes) = (0.0, 0.0);
    for file in 1..=10 {
        let text = fs::read_to_string(data.join(format!("run-{file:02}.csv"))).unwrap();
        let rows: Vec<Vec<&str>> = text
            .lines()
            .skip(1)
            .map(|l| l.split(',').map(str::trim).collect())
            .filter(|cells: &Vec<&str>| cells[6] == "spike_no_backoff")
            .collect();
        for row in &rows[50..80] {
            starts += row[1].parse::<f64>().unwrap();
            successes += row[2].parse::<f64>().unwrap();
        }
    }
    let share = successes / starts;
    assert_eq!(
        storms.published.spike_share_after,
        (share * 1e4).round() / 1e4
    );
    let html = page("en");
    let collapse = numbers(
        &text_of(between(&html, "<section id=\"collapse\"", "<figure")),
        "en",
    );
    assert!(collapse.contains(&(share * 100.0).round()), "{collapse:?}");
}

/// Brooker's `retry_sim.py` (`run_sims`), ten runs of its own output: for
/// each failure rate the page shows, the page's attempts per request of
/// each strategy within four standard errors of the published mean (the
/// error of the difference of the page's mean of `sweep_runs` runs and the
/// published mean of ten, from the published runs' spread), plus the
/// table's rounding.
#[test]
fn the_strategies_table_agrees_with_the_published_simulator() {
    let published = retry_sim_loads();
    let storms = storms();
    let page_runs = f64::from(storms.sweep_runs);
    let rows = table("en", "budgets");
    let mut compared = 0;
    for (row, rate) in rows.iter().zip(&storms.failure_rates) {
        assert_eq!(row[0], (rate * 100.0).round(), "the row's failure rate");
        for (i, name) in RETRY_SIM_NAMES.iter().enumerate() {
            let Some(runs) = published.get(&(format!("{rate:.3}"), name.to_string())) else {
                continue;
            };
            let (mean, sd) = mean_sd(runs);
            let tolerance = 4.0 * sd * (1.0 / runs.len() as f64 + 1.0 / page_runs).sqrt() + 0.005;
            let shown = row[i + 1];
            assert!(
                (shown - mean).abs() <= tolerance,
                "{name} at {rate}: the page shows {shown}, the simulator {mean:.4} (± {tolerance:.4})"
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 4 * storms.failure_rates.len());
}

/// Brooker's `simple_collapse_sim`, a hundred runs of its own output: the
/// page's spike with backoff, every ten-second window of new requests,
/// successes, retries and timeouts a second within four standard errors
/// of the published mean (the page's mean of `runs` runs; each published
/// file is a mean of ten runs, so the files' spread is that of a mean of
/// ten), and half a request a second for figures that hardly vary. Without
/// backoff the run is bistable, so only the windows before the spike are
/// held to it.
#[test]
fn the_collapse_table_agrees_with_the_published_simulator() {
    let data = project_root().join("core/tests/data/simple-collapse-sim");
    // (run name, column) → each file's per-second figures.
    let mut published: BTreeMap<(String, usize), Vec<Vec<f64>>> = BTreeMap::new();
    for file in 1..=10 {
        let text = fs::read_to_string(data.join(format!("run-{file:02}.csv"))).unwrap();
        let mut columns: BTreeMap<(String, usize), Vec<f64>> = BTreeMap::new();
        for line in text.lines().skip(1) {
            let cells: Vec<&str> = line.split(',').map(str::trim).collect();
            for column in 1..=4 {
                columns
                    .entry((cells[6].to_string(), column))
                    .or_default()
                    .push(cells[column].parse().unwrap());
            }
        }
        for (key, values) in columns {
            published.entry(key).or_default().push(values);
        }
    }
    let storms = storms();
    let page_runs = f64::from(storms.runs);
    let rows = table("en", "collapse");
    // The table: the second, then starts, successes, retries, timeouts of
    // the spike without backoff, then of the spike with it.
    for (name, offset, windows) in [
        ("spike_no_backoff", 1, 0..2),
        ("spike_backoff_and_jitter", 5, 0..8),
    ] {
        for column in 1..=4 {
            let files = &published[&(name.to_string(), column)];
            for window in windows.clone() {
                let seconds = window * 10..window * 10 + 10;
                let window_mean =
                    |values: &[f64]| values[seconds.clone()].iter().sum::<f64>() / 10.0;
                let per_file: Vec<f64> = files.iter().map(|f| window_mean(f)).collect();
                let (mean, sd_of_ten) = mean_sd(&per_file);
                let sd_run = sd_of_ten * 10f64.sqrt();
                let tolerance = 4.0 * sd_run * (1.0 / 100.0 + 1.0 / page_runs).sqrt() + 0.5;
                let shown = rows[seconds.clone()]
                    .iter()
                    .map(|row| row[offset + column - 1])
                    .sum::<f64>()
                    / 10.0;
                assert!(
                    (shown - mean).abs() <= tolerance,
                    "{name}, column {column}, seconds {seconds:?}: the page {shown:.2}, \
                     the simulator {mean:.2} (± {tolerance:.2})"
                );
            }
        }
    }
}

/// Three layers of three attempts over a server that fails every attempt:
/// (retries + 1)^layers attempts reach it for each request, and the page
/// says so in every language.
#[test]
fn the_layers_figure_is_the_product_of_each_layers_attempts() {
    let storms = storms();
    let layers = storms.scenarios.iter().find(|s| s.id == "layers").unwrap();
    let input = |key: &str| {
        let i = backoff_site::backoff::contract::storm::input(key);
        layers.inputs[i]
    };
    let product = (input("retries") + 1.0).powf(input("layers"));
    assert_eq!(product, 27.0);
    for lang in common::languages() {
        let html = page(lang);
        let section = text_of(between(&html, "<section id=\"layers\"", "</section>"));
        assert!(
            numbers(&section, lang).contains(&product),
            "{lang}: {section}"
        );
    }
}

/// The text's figures are the tables': the loads at the highest failure
/// rate, the closed and open rates, each as the table shows it.
#[test]
fn the_texts_figures_are_the_tables() {
    let budgets = table("en", "budgets");
    let systems = table("en", "systems");
    let libraries = table("en", "libraries");
    let html = page("en");
    let text = |id: &str| {
        let section = between(&html, &format!("<section id=\"{id}\""), "<figure");
        numbers(&text_of(section), "en")
    };
    let high = budgets.last().unwrap();
    for load in &high[1..] {
        assert!(text("budgets").contains(load), "budgets: {load}");
    }
    for rate in &systems.last().unwrap()[1..] {
        assert!(text("systems").contains(rate), "systems: {rate}");
    }
    assert!(text("systems").contains(&systems[0][1]), "the healthy rate");
    for load in &libraries.last().unwrap()[1..] {
        assert!(text("libraries").contains(load), "libraries: {load}");
    }
}

/// The libraries' budgets as their sources state them: gRFC A6's example
/// (10 tokens, a ratio of 0.1: retries stop above a failure rate of
/// r / (1 + r) = 9.1 %, and three retries a request get three through from
/// a full bucket, the fourth attempt's failure leaving 5 = 10 / 2), and
/// the AWS quota (500, 5 a retry: 100 retries from full).
#[test]
fn the_libraries_figures_are_their_sources() {
    let html = page("en");
    let text = numbers(
        &text_of(between(&html, "<section id=\"libraries\"", "<figure")),
        "en",
    );
    for figure in [10.0, 0.1, 3.0, 9.1, 500.0, 5.0, 100.0, 20.0] {
        assert!(text.contains(&figure), "{figure}: {text:?}");
    }
}
