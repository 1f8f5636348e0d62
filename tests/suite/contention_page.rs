//! The contention page of the real site, read back as a reader would: its
//! sections, charts and tables in every language, its figures compared with
//! the simulation run here, directly through the core, from the parameters
//! of `content/contention.toml` (that the page prints what was computed),
//! and its tables with a literal port of the published simulator (that what
//! was computed is the post's experiment).

use crate::common;

use std::fs;
use std::path::Path;
use std::sync::OnceLock;

use backoff_site::backoff::contention::{Herd, Model, Simulator, Slot, Strategy, Summary};
use backoff_site::simulation::Experiment;
use backoff_site::site::load::content;
use backoff_site::site::sections::contention::look;
use common::pages::{between, numbers, real_site, text_of_cells};
use common::{copy_project, project_root};

fn page(lang: &str) -> String {
    fs::read_to_string(real_site().join(lang).join("contention/index.html")).unwrap()
}

/// The page's parameters, read from its content file as the build reads
/// them.
fn contention() -> content::Page {
    let path = project_root().join("content/contention.toml");
    let source = fs::read_to_string(&path).unwrap();
    content::parse(Path::new("content/contention.toml"), &source)
        .unwrap_or_else(|problems| panic!("{problems:?}"))
}

/// The experiment, run here through the simulation's own entry point.
fn results() -> &'static (Experiment, Vec<Summary>) {
    static RESULTS: OnceLock<(Experiment, Vec<Summary>)> = OnceLock::new();
    RESULTS.get_or_init(|| {
        let experiment = contention().contention.unwrap().experiment;
        let summaries = experiment.run().unwrap();
        (experiment, summaries)
    })
}

fn summary(strategy: Strategy, clients: u32) -> &'static Summary {
    results()
        .1
        .iter()
        .find(|s| s.strategy == strategy && s.clients == clients)
        .unwrap()
}

fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

#[test]
fn the_page_has_its_sections_charts_and_tables_in_every_language() {
    for lang in common::languages() {
        let html = page(lang);
        for section in ["model", "calls", "completion", "herd", "findings"] {
            let tag = format!("<section id=\"{section}\"");
            assert!(html.contains(&tag), "{lang}: no section {section}");
        }
        for (section, svgs, rows) in [("calls", 1, 5), ("completion", 1, 5), ("herd", 5, 200)] {
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
            assert!(
                text_of_cells(caption).len() > 60,
                "{lang}/{section}: {caption}"
            );
            let table = between(body, "<details class=\"sim-data\">", "</details>");
            assert!(table.contains("<summary>") && table.contains("<caption"));
            let tbody = between(table, "<tbody>", "</tbody>");
            assert_eq!(tbody.matches("<tr>").count(), rows, "{lang}/{section}");
            // A header per row and one cell per strategy.
            let first_row = between(tbody, "<tr>", "</tr>");
            assert_eq!(first_row.matches("<th scope=\"row\">").count(), 1);
            assert_eq!(first_row.matches("<td>").count(), Strategy::ALL.len());
            for strategy in Strategy::ALL {
                let class = format!("series-{}", look(strategy).colour.name());
                assert!(drawing.contains(&class), "{lang}/{section}: {class}");
            }
        }
        // Lines are told apart without colour: dash patterns and markers.
        let calls = between(&html, "<section id=\"calls\"", "</section>");
        assert!(calls.matches("stroke-dasharray").count() >= 4 * 2);
        assert!(calls.matches("class=\"marker ").count() >= 5 * 5);
    }
}

#[test]
fn the_tables_hold_the_simulations_figures() {
    let (experiment, _) = results();
    for lang in common::languages() {
        let html = page(lang);
        for section in ["calls", "completion"] {
            let body = between(&html, &format!("<section id=\"{section}\""), "</section>");
            let tbody = between(body, "<tbody>", "</tbody>");
            let mut expected = Vec::new();
            let mut clients = experiment.clients.clone();
            clients.sort_unstable();
            for &c in &clients {
                expected.push(f64::from(c));
                for strategy in Strategy::ALL {
                    let s = summary(strategy, c);
                    expected.push(if section == "calls" {
                        round(s.mean_calls, 1)
                    } else {
                        round(s.mean_completion_ms / 1000.0, 2)
                    });
                }
            }
            assert_eq!(
                numbers(&text_of_cells(tbody), lang),
                expected,
                "{lang}/{section}"
            );
        }
    }
}

/// One precision per table, zeros kept, so that a column's figures line up:
/// calls to the tenth (149.0 beside 151.8), completion to the hundredth.
#[test]
fn each_table_has_one_precision() {
    for lang in common::languages() {
        let decimal = if lang == "en" { '.' } else { ',' };
        let html = page(lang);
        for (section, digits) in [("calls", 1), ("completion", 2)] {
            let body = between(&html, &format!("<section id=\"{section}\""), "</section>");
            let tbody = between(body, "<tbody>", "</tbody>");
            for row in tbody.split("<tr>").skip(1) {
                for cell in row.split("<td>").skip(1) {
                    let cell = cell.split("</td>").next().unwrap();
                    let fraction = cell.rsplit_once(decimal).map(|(_, f)| f.len());
                    assert_eq!(fraction, Some(digits), "{lang}/{section}: {cell:?}");
                }
            }
        }
    }
}

/// The tables against the published simulator itself (its literal port,
/// `backoff_core_testing::contention_reference`), not against a rerun of
/// the code that drew them: at the fewest and the most clients, each
/// strategy's mean calls and mean completion, as the English tables print
/// them, lie within four standard errors of the port's means over runs of
/// its own (and half the printed unit).
#[test]
fn the_tables_agree_with_the_published_simulator() {
    use backoff_core_testing::contention_reference::{self, mean_and_standard_error};
    const PORT_RUNS: u32 = 200;
    let (experiment, _) = results();
    assert_eq!(
        experiment.model,
        Model::AWS,
        "the port has the post's numbers"
    );
    let html = page("en");
    let rows = |section: &str| -> Vec<Vec<f64>> {
        let body = between(&html, &format!("<section id=\"{section}\""), "</section>");
        let tbody = between(body, "<tbody>", "</tbody>");
        let figures = numbers(&text_of_cells(tbody), "en");
        figures
            .chunks(1 + Strategy::ALL.len())
            .map(<[f64]>::to_vec)
            .collect()
    };
    let (calls, completion) = (rows("calls"), rows("completion"));
    let fewest = *experiment.clients.iter().min().unwrap();
    let most = *experiment.clients.iter().max().unwrap();
    let mut rng = backoff_site::backoff::rng::Xoshiro256::new(0x2015_1203);
    let mut compared = 0;
    for clients in [fewest, most] {
        let row = |table: &[Vec<f64>]| -> Vec<f64> {
            table
                .iter()
                .find(|r| r[0] == f64::from(clients))
                .unwrap_or_else(|| panic!("no row for {clients} clients"))[1..]
                .to_vec()
        };
        let (page_calls, page_seconds) = (row(&calls), row(&completion));
        for (i, strategy) in Strategy::ALL.into_iter().enumerate() {
            let (mut port_calls, mut port_seconds) = (Vec::new(), Vec::new());
            for _ in 0..PORT_RUNS {
                let (c, t) =
                    contention_reference::run(&Model::AWS, strategy, clients as usize, &mut rng);
                port_calls.push(f64::from(c));
                port_seconds.push(t / 1000.0);
            }
            for (what, shown, port, unit) in [
                ("calls", page_calls[i], &port_calls, 0.1),
                ("completion (s)", page_seconds[i], &port_seconds, 0.01),
            ] {
                let (mean, se) = mean_and_standard_error(port);
                // The page's mean is of `runs` runs, the port's of
                // PORT_RUNS, both with the port's spread.
                let sd = se * f64::from(PORT_RUNS).sqrt();
                let both = (1.0 / f64::from(experiment.runs) + 1.0 / f64::from(PORT_RUNS)).sqrt();
                let tolerance = 4.0 * sd * both + unit / 2.0;
                assert!(
                    (shown - mean).abs() <= tolerance,
                    "{} at {clients} clients, {what}: the page shows {shown}, the port {mean:.3} (± {tolerance:.3})",
                    strategy.name()
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 2 * 2 * Strategy::ALL.len());
}

#[test]
fn the_texts_figures_are_the_simulations() {
    let (experiment, _) = results();
    let max = *experiment.clients.iter().max().unwrap();
    let calls: Vec<f64> = Strategy::ALL
        .iter()
        .map(|&s| summary(s, max).mean_calls.round())
        .collect();
    let seconds: Vec<f64> = Strategy::ALL
        .iter()
        .map(|&s| round(summary(s, max).mean_completion_ms / 1000.0, 1))
        .collect();
    let full = summary(Strategy::Full, max);
    let exponential = summary(Strategy::Exponential, max);
    for lang in common::languages() {
        let html = page(lang);
        let caption = |section: &str| {
            let body = between(&html, &format!("<section id=\"{section}\""), "</section>");
            text_of_cells(between(
                body,
                "<figcaption class=\"chart-summary\">",
                "</figcaption>",
            ))
        };
        let mut expected = vec![f64::from(max)];
        expected.extend(&calls);
        assert_eq!(numbers(&caption("calls"), lang), expected, "{lang}");
        let mut expected = vec![f64::from(max)];
        expected.extend(&seconds);
        assert_eq!(numbers(&caption("completion"), lang), expected, "{lang}");
        // "13 times as long": exponential's completion over full jitter's.
        let findings = text_of_cells(between(&html, "<section id=\"findings\"", "</section>"));
        let ratio = (exponential.mean_completion_ms / full.mean_completion_ms).round();
        assert!(
            numbers(&findings, lang).contains(&ratio),
            "{lang}: {ratio} not in {findings}"
        );
        let calls_text = text_of_cells(between(&html, "<section id=\"calls\"", "<figure"));
        let share = (100.0 * full.mean_calls / summary(Strategy::None, max).mean_calls).round();
        for figure in [calls[0], calls[1], calls[3], share] {
            assert!(
                numbers(&calls_text, lang).contains(&figure),
                "{lang}: {figure} not in {calls_text}"
            );
        }
    }
}

#[test]
fn the_herds_peaks_are_those_of_one_run_of_the_core() {
    let page_definition = contention();
    let c = page_definition.contention.unwrap();
    let simulator = Simulator::new(Model::AWS).unwrap();
    let mut peaks = Vec::new();
    for strategy in Strategy::ALL {
        let mut buckets = vec![0u32; c.herd_buckets];
        let mut herd = Herd::new(&mut buckets, c.herd_bucket_ms).unwrap();
        let mut slots = vec![Slot::EMPTY; c.herd_clients as usize];
        simulator
            .run(
                strategy,
                c.herd_clients,
                c.experiment.seed,
                0,
                &mut slots,
                Some(&mut herd),
            )
            .unwrap();
        let from = (c.herd_after_ms / c.herd_bucket_ms).ceil() as usize;
        peaks.push(f64::from(*herd.buckets[from..].iter().max().unwrap()));
    }
    // The post's picture: after the first rounds, exponential backoff
    // without jitter still comes in bursts; full jitter is spread out.
    assert!(peaks[1] > 2.0 * peaks[3], "{peaks:?}");
    let window_seconds = c.herd_bucket_ms * c.herd_buckets as f64 / 1000.0;
    for lang in common::languages() {
        let html = page(lang);
        let body = between(&html, "<section id=\"herd\"", "</section>");
        let caption = text_of_cells(between(
            body,
            "<figcaption class=\"chart-summary\">",
            "</figcaption>",
        ));
        let mut expected = vec![window_seconds, c.herd_after_ms, c.herd_bucket_ms];
        expected.extend(&peaks);
        assert_eq!(numbers(&caption, lang), expected, "{lang}: {caption}");
    }
}

#[test]
fn the_build_states_the_simulations_time() {
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_backoff-site"))
        .args(["build", "--root"])
        .arg(project_root())
        .arg("--out")
        .arg(dir.path().join("out"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains(" ms (simulation ") && stdout.trim_end().ends_with(" ms)"),
        "{stdout}"
    );
}

#[test]
fn a_contention_section_needs_its_table_and_sound_bounds() {
    let path = Path::new("content/contention.toml");
    let source = fs::read_to_string(project_root().join(path)).unwrap();
    let without = source.split("[contention]").next().unwrap().to_string();
    let problems = content::parse(path, &without).unwrap_err();
    assert!(
        problems.iter().any(|p| p
            .message
            .contains("`model` section but has no `[contention]` table")),
        "{problems:?}"
    );
    for (from, to, says) in [
        ("runs = 100", "runs = 0", "runs"),
        ("runs = 100", "runs = 10000", "a page's limit"),
        (
            "herd_window_ms = 2000",
            "herd_window_ms = 2005",
            "whole number of buckets",
        ),
        (
            "herd_after_ms = 500",
            "herd_after_ms = 2000",
            "`herd_after_ms`",
        ),
        ("herd_clients = 50", "herd_clients = 0", "`herd_clients`"),
    ] {
        assert!(source.contains(from), "{from}");
        let problems = content::parse(path, &source.replace(from, to)).unwrap_err();
        assert!(
            problems.iter().any(|p| p.message.contains(says)),
            "{to}: {problems:?}"
        );
    }
}

#[test]
fn a_page_without_contention_sections_needs_no_table_and_a_calculator_section_needs_its_profile() {
    let project = copy_project();
    let path = Path::new("content/calculator.toml");
    let source = fs::read_to_string(project.path().join(path)).unwrap();
    let page = content::parse(path, &source).unwrap();
    assert!(page.contention.is_none() && page.calculator.is_some());
    let without = source.split("[calculator]").next().unwrap();
    let problems = content::parse(path, without).unwrap_err();
    assert!(
        problems.iter().any(|p| p
            .message
            .contains("`calculator` section but has no `[calculator]` table")),
        "{problems:?}"
    );
}
