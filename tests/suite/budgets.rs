//! Size budgets of what a reader downloads: each of the calculator's
//! WebAssembly modules (the base module, loaded at start, ≤ 6.5 KiB; the two
//! method modules, the grid's and the Monte Carlo run's, one fetched on the
//! reader's first edit, ≤ 16 KiB each: the Monte Carlo module carries every
//! correlated kind's formula, Polly's with its exponential and `tanh`, and
//! each carries the search of what fits a deadline, which the worker runs
//! on the same module the page has fetched, rather than a fit module per
//! method that would repeat the method's code, and one seeded sample run of
//! its kinds) and
//! its script as shipped (bundled
//! and minified by the build in src/site/render/bundle/mod.rs, ≤ 31 KiB),
//! uncompressed, the "as code" data of each language (fetched when the
//! reader opens that part, ≤ 6 KiB gzip-compressed), and every page with
//! everything it loads at start (≤ 40 KiB gzip-compressed, as hosts serve
//! it; a calculator page's shared data, which the script fetches at start
//! beside the base module, included). Each figure is printed (`cargo test --test budgets --
//! --nocapture`) and the test fails past its budget.
//!
//! The retry-storms page loads the lab's script at start (≤ 48 KiB with
//! everything it loads then, as the lab's page is allowed; the site's
//! 40 KiB for every page holds it too) and the storm module (≤ 16 KiB) on
//! the first interaction with the lab's form; both figures are printed.
//!
//! A reader who has done all a calculator page offers has loaded at most
//! 64 KiB: the method module of the page's default jitter kind (fetched on
//! the first edit, its island's `wasm_methods`), the other method's module
//! (on a switch to one of its kinds), the presets' data (when they go to
//! the selector) and the "as code" data. The test
//! prints the weight after each of these steps, and for each calculator
//! page what its data island adds to its gzip size, to show where the
//! page's data weighs.

use crate::common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// 6.5 KiB: the cost export carries five budgets' rules.
const WASM_BUDGET: u64 = 6656;
const METHOD_WASM_BUDGET: u64 = 16 * 1024;
/// The script as shipped (minified, before gzip); what a page loads at
/// start in all, gzip, is held by `PAGE_GZIP_BUDGET`.
const SCRIPT_BUDGET: u64 = 31 * 1024;
const CODE_DATA_GZIP_BUDGET: u64 = 6 * 1024;
const PAGE_GZIP_BUDGET: u64 = 40 * 1024;
const EVERYTHING_GZIP_BUDGET: u64 = 64 * 1024;
const LAB_PAGE_GZIP_BUDGET: u64 = 48 * 1024;
const STORM_WASM_BUDGET: u64 = 16 * 1024;

fn asset(out: &Path, prefix: &str) -> PathBuf {
    let assets = out.join("assets");
    fs::read_dir(&assets)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix}* in {}", assets.display()))
}

/// The size of `path` compressed by `gzip -9`, as a host would serve it.
fn gzip_size(path: &Path) -> u64 {
    gzip_bytes(&fs::read(path).unwrap(), &path.display().to_string())
}

/// The size of `bytes` (read from `what`) compressed by `gzip -9`.
fn gzip_bytes(bytes: &[u8], what: &str) -> u64 {
    let mut gzip = Command::new("gzip")
        .args(["-9", "-n", "-c"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gzip on the PATH");
    gzip.stdin.take().unwrap().write_all(bytes).unwrap();
    let output = gzip.wait_with_output().unwrap();
    assert!(output.status.success(), "gzip failed on {what}");
    output.stdout.len() as u64
}

/// The data island of a calculator page, with what it adds to the page's
/// gzip size (the page's size less the size without it: what the page
/// would save without it, shared text counted once).
const ISLANDS: [&str; 1] = ["calc-data"];

/// The file `src` names (a path from `page`), checked to be in the site.
fn page_asset(out: &Path, page: &Path, src: &str, name: &str) -> PathBuf {
    let file = page.parent().unwrap().join(src);
    assert!(
        file.starts_with(out) || file.canonicalize().unwrap().starts_with(out),
        "{name}: {src} is outside the site"
    );
    file
}

/// The "as code" data asset a calculator page fetches when that part is
/// opened (its `#calc-code` section's `data-src`), as a path under `out`.
fn code_data(out: &Path, html: &str, page: &Path, name: &str) -> PathBuf {
    data_src(
        out,
        html,
        page,
        name,
        "<details class=\"calc-code\" id=\"calc-code\"",
    )
}

/// The presets' data a calculator page fetches when the reader goes to the
/// selector, as a path under `out`.
fn presets_data(out: &Path, html: &str, page: &Path, name: &str) -> PathBuf {
    data_src(out, html, page, name, "<select id=\"calc-preset\"")
}

/// The `data-src` of the element that starts with `open`, as a path under `out`.
fn data_src(out: &Path, html: &str, page: &Path, name: &str, open: &str) -> PathBuf {
    let element = &html[html
        .find(open)
        .unwrap_or_else(|| panic!("{name}: no {open}"))..];
    let element = &element[..element.find('>').unwrap()];
    let attribute = " data-src=\"";
    let start = element
        .find(attribute)
        .unwrap_or_else(|| panic!("{name}: no data-src on {open}"))
        + attribute.len();
    page_asset(
        out,
        page,
        &element[start..start + element[start..].find('"').unwrap()],
        name,
    )
}

/// A calculator page's island.
fn island(html: &str, name: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"calc-data\">";
    let start = html
        .find(open)
        .unwrap_or_else(|| panic!("{name}: no island"))
        + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// The shared data a calculator page fetches at start (its island's
/// `shared`), as a path under `out`.
fn shared_data(out: &Path, html: &str, page: &Path, name: &str) -> PathBuf {
    let src = island(html, name)["shared"].as_str().unwrap().to_owned();
    page_asset(out, page, &src, name)
}

fn island_weights(html: &str, gz_html: u64, name: &str) -> String {
    ISLANDS
        .iter()
        .map(|id| {
            let open = format!("<script type=\"application/json\" id=\"{id}\">");
            let start = html
                .find(&open)
                .unwrap_or_else(|| panic!("{name}: no {id} island"));
            let end = start
                + html[start..]
                    .find("</script>")
                    .unwrap_or_else(|| panic!("{name}: {id} is not closed"));
            let without = [&html[..start], &html[end..]].concat();
            format!("{id} {}", gz_html - gzip_bytes(without.as_bytes(), name))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The file name of the method module a calculator page's first edit
/// fetches: its island's module for its default jitter kind.
fn default_method_module(html: &str, name: &str) -> String {
    let island = island(html, name);
    let kind = island["defaults"]["jitter"].as_str().unwrap();
    let path = island["wasm_methods"][kind]
        .as_str()
        .unwrap_or_else(|| panic!("{name}: no method module for {kind}"));
    path.rsplit('/').next().unwrap().to_owned()
}

fn html_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            html_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "html") {
            found.push(path);
        }
    }
}

#[test]
fn what_a_reader_downloads_stays_within_budget() {
    let out = common::pages::real_site().to_path_buf();
    let (wasm, script) = (asset(&out, "backoff."), asset(&out, "calculator."));
    let (grid, monte_carlo) = (
        asset(&out, "backoff-grid."),
        asset(&out, "backoff-monte-carlo."),
    );
    let (css, favicon) = (asset(&out, "style."), asset(&out, "favicon."));
    let (lab_script, storm) = (asset(&out, "lab."), asset(&out, "backoff-storm."));
    let size = |p: &Path| fs::metadata(p).unwrap().len();
    let mut over = Vec::new();
    for (what, module) in [
        ("wasm", &wasm),
        ("grid wasm", &grid),
        ("Monte Carlo wasm", &monte_carlo),
    ] {
        let (when, budget) = if module == &wasm {
            ("loaded at start", WASM_BUDGET)
        } else {
            (
                "fetched on the first edit with its jitter kinds",
                METHOD_WASM_BUDGET,
            )
        };
        println!(
            "calculator {what}: {} bytes (budget {budget}), {when}",
            size(module)
        );
        if size(module) > budget {
            over.push(format!("{what} {} > {budget}", size(module)));
        }
    }
    // The script is bundled from the modules of static/calculator/.
    let modules = fs::read_dir(common::project_root().join("static/calculator")).unwrap();
    let source: u64 = modules.map(|m| size(&m.unwrap().path())).sum();
    println!(
        "calculator script: {} bytes shipped, {source} bytes of source in its modules (budget {SCRIPT_BUDGET})",
        size(&script),
    );
    // The budget weighs what ships: the build's minified bundle.
    assert!(size(&script) < source, "the shipped script is minified");
    if size(&script) > SCRIPT_BUDGET {
        over.push(format!("script {} > {SCRIPT_BUDGET}", size(&script)));
    }
    println!(
        "lab script: {} bytes shipped; storm wasm: {} bytes (budget {STORM_WASM_BUDGET}), fetched on the first interaction",
        size(&lab_script),
        size(&storm)
    );
    if size(&storm) > STORM_WASM_BUDGET {
        over.push(format!("storm wasm {} > {STORM_WASM_BUDGET}", size(&storm)));
    }
    let (gz_lab, gz_storm) = (gzip_size(&lab_script), gzip_size(&storm));
    let (gz_css, gz_icon) = (gzip_size(&css), gzip_size(&favicon));
    let (gz_script, gz_wasm) = (gzip_size(&script), gzip_size(&wasm));
    let gz_method = |name: &str| {
        let file = [&grid, &monte_carlo]
            .into_iter()
            .find(|m| m.file_name().unwrap().to_string_lossy() == name)
            .unwrap_or_else(|| panic!("{name} is no method module"));
        gzip_size(file)
    };
    let gz_both = gzip_size(&grid) + gzip_size(&monte_carlo);
    println!("calculator script: {gz_script} bytes gzip-compressed, as shipped");
    let mut pages = Vec::new();
    html_files(&out, &mut pages);
    pages.sort();
    assert!(pages.len() >= 14, "every page is weighed");
    let mut largest = (0, String::new());
    let mut largest_edited = (0, String::new());
    let mut largest_switched = (0, String::new());
    for page in pages {
        let html = fs::read_to_string(&page).unwrap();
        let gz_html = gzip_size(&page);
        // The calculator's pages load its script, which loads the base
        // module at start and, on the reader's first edit, the method
        // module of the jitter kind (the page's default until the reader
        // changes it): a reader who edits has downloaded that one too, and
        // one who switches method both.
        let name = page.strip_prefix(&out).unwrap().display();
        let calculator = html.contains("id=\"calc-data\"");
        let (js, wasm, shared, dist, both, code, presets) = if calculator {
            let module = default_method_module(&html, &name.to_string());
            let shared = gzip_size(&shared_data(&out, &html, &page, &name.to_string()));
            let code = gzip_size(&code_data(&out, &html, &page, &name.to_string()));
            let presets = gzip_size(&presets_data(&out, &html, &page, &name.to_string()));
            if code > CODE_DATA_GZIP_BUDGET {
                over.push(format!(
                    "{name}: \"as code\" data {code} > {CODE_DATA_GZIP_BUDGET}"
                ));
            }
            (
                gz_script,
                gz_wasm,
                shared,
                gz_method(&module),
                gz_both,
                code,
                presets,
            )
        } else if html.contains("id=\"lab-data\"") {
            // The lab: its script at start, the storm module on the first
            // interaction (counted as its "edit").
            (gz_lab, 0, 0, gz_storm, gz_storm, 0, 0)
        } else {
            (0, 0, 0, 0, 0, 0, 0)
        };
        let total = gz_html + gz_css + gz_icon + js + wasm + shared;
        let (edited, switched) = (total + dist, total + both);
        let everything = switched + presets + code;
        println!(
            "{name}: {total} bytes gzip at start (HTML {gz_html}, CSS {gz_css}, JS {js}, wasm {wasm}, shared data {shared}, icon {gz_icon}; budget {PAGE_GZIP_BUDGET}); {edited} after the first edit (its default kind's method module {dist}); {switched} with both method modules; {everything} with the presets' data ({presets}) and the \"as code\" data ({code}) too (budget {EVERYTHING_GZIP_BUDGET})"
        );
        if everything > EVERYTHING_GZIP_BUDGET {
            over.push(format!(
                "{name}: {everything} > {EVERYTHING_GZIP_BUDGET} with everything it loads"
            ));
        }
        if calculator {
            println!(
                "  of its HTML, islands: {}",
                island_weights(&html, gz_html, &name.to_string())
            );
        }
        largest_edited = largest_edited.max((edited, name.to_string()));
        largest_switched = largest_switched.max((switched, name.to_string()));
        largest = largest.max((total, name.to_string()));
        if total > PAGE_GZIP_BUDGET {
            over.push(format!("{name}: {total} > {PAGE_GZIP_BUDGET} at start"));
        }
        if html.contains("id=\"lab-data\"") {
            println!(
                "  the lab's page: {total} bytes gzip at start (budget {LAB_PAGE_GZIP_BUDGET}), {edited} after the first interaction"
            );
            if total > LAB_PAGE_GZIP_BUDGET {
                over.push(format!("{name}: {total} > {LAB_PAGE_GZIP_BUDGET} at start"));
            }
        }
    }
    let (total, name) = largest;
    println!("largest page at start: {name}, {total} bytes gzip (budget {PAGE_GZIP_BUDGET})");
    let (edited, name) = largest_edited;
    println!(
        "largest page after the first edit: {name}, {edited} bytes gzip (budget {EVERYTHING_GZIP_BUDGET} with everything)"
    );
    let (switched, name) = largest_switched;
    println!(
        "largest page with both method modules: {name}, {switched} bytes gzip (budget {EVERYTHING_GZIP_BUDGET} with everything)"
    );
    assert!(over.is_empty(), "over budget: {}", over.join("; "));
}
