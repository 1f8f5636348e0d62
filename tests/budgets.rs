//! Size budgets of what a reader downloads: the calculator's WebAssembly
//! module, its script, and one whole page with everything it loads. Each
//! figure is printed (`cargo test --test budgets -- --nocapture`) and the
//! test fails past its budget.

mod common;

use std::fs;
use std::path::Path;

const WASM_BUDGET: u64 = 6 * 1024;
const SCRIPT_BUDGET: u64 = 12 * 1024;
const PAGE_BUDGET: u64 = 60 * 1024;

fn size_of_asset(out: &Path, prefix: &str) -> u64 {
    let assets = out.join("assets");
    let entry = fs::read_dir(&assets)
        .unwrap()
        .map(|e| e.unwrap())
        .find(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix}* in {}", assets.display()));
    entry.metadata().unwrap().len()
}

#[test]
fn what_a_reader_downloads_stays_within_budget() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("dist");
    common::build(&common::project_root(), &out, false).unwrap_or_else(|e| panic!("{e}"));
    let wasm = size_of_asset(&out, "backoff.");
    let script = size_of_asset(&out, "calculator.");
    let css = size_of_asset(&out, "style.");
    let favicon = size_of_asset(&out, "favicon.");
    println!("calculator wasm: {wasm} bytes (budget {WASM_BUDGET})");
    println!("calculator script: {script} bytes (budget {SCRIPT_BUDGET})");
    let mut over = Vec::new();
    if wasm > WASM_BUDGET {
        over.push(format!("wasm {wasm} > {WASM_BUDGET}"));
    }
    if script > SCRIPT_BUDGET {
        over.push(format!("script {script} > {SCRIPT_BUDGET}"));
    }
    for lang in ["en", "ru", "de"] {
        for page in ["calculator", "schedule"] {
            let html = fs::metadata(out.join(lang).join(page).join("index.html"))
                .unwrap()
                .len();
            let total = html + css + script + wasm + favicon;
            println!(
                "{lang}/{page}: {total} bytes uncompressed (HTML {html}, CSS {css}, JS {script}, wasm {wasm}, icon {favicon}; budget {PAGE_BUDGET})"
            );
            if total > PAGE_BUDGET {
                over.push(format!("{lang}/{page}: {total} > {PAGE_BUDGET}"));
            }
        }
    }
    assert!(over.is_empty(), "over budget: {}", over.join("; "));
}
