//! The render stage's assets: the static files, the calculator's script
//! (its modules bundled and minified) and its WebAssembly modules, each
//! under a content-hashed name, and the names the pages link them by.

use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::site::load::Site;
use crate::site::output::Sink;
use crate::site::pages::context::AssetNames;
use crate::site::urls::hashed_name;

use super::{bundle, stylesheet};

/// Writes the static files, the calculator's script (its modules bundled
/// and minified) and its two WebAssembly modules (the base one and the
/// distribution one) under content-hashed names, through `put`.
pub(super) fn assets(site: &Site, sink: &dyn Sink) -> (AssetNames, Vec<Diagnostic>) {
    let mut problems = Vec::new();
    let mut refused = Vec::new();
    let mut add = |name: &str, bytes: &[u8]| {
        let hashed = format!("assets/{}", hashed_name(name, bytes));
        if let Err(err) = sink.put(&hashed, bytes) {
            refused.push(write_problem(&hashed, err));
        }
        hashed
    };
    let mut names = AssetNames {
        css: String::new(),
        script: String::new(),
        lab_script: String::new(),
        wasm_storm: String::new(),
        wasm: add("backoff.wasm", crate::wasm_module::CALCULATOR_WASM),
        wasm_grid: add("backoff-grid.wasm", crate::wasm_module::GRID_WASM),
        wasm_monte_carlo: add(
            "backoff-monte-carlo.wasm",
            crate::wasm_module::MONTE_CARLO_WASM,
        ),
        favicon: String::new(),
    };
    match bundle::script(&site.root, bundle::ENTRY) {
        Ok(Some(script)) => names.script = add(bundle::ENTRIES[0].1, &script),
        // A page with the calculator would link no script.
        Ok(None)
            if site
                .pages
                .iter()
                .any(|p| p.sections.contains(&crate::site::load::content::Section::Calculator)) =>
        {
            problems.push(
                crate::diagnostics::Diagnostic::error(
                    std::path::Path::new(bundle::FOLDER),
                    "the calculator's modules are missing, but pages show the calculator",
                )
                .with_hint("restore static/calculator/ from the project's repository, or drop the `calculator` section"),
            )
        }
        Ok(None) => {}
        Err(found) => problems.extend(found),
    }
    // The lab's script, for a site with a page of the retry storms.
    if site.pages.iter().any(|p| p.storms.is_some()) {
        let (entry, name) = bundle::ENTRIES[1];
        match bundle::script(&site.root, entry) {
            Ok(Some(script)) => names.lab_script = add(name, &script),
            Ok(None) => problems.push(crate::diagnostics::Diagnostic::error(
                std::path::Path::new(bundle::FOLDER),
                "the lab's modules are missing, but a page shows the retry storms",
            )),
            Err(found) => problems.extend(found),
        }
        names.wasm_storm = add("backoff-storm.wasm", crate::wasm_module::STORM_WASM);
    }
    for (name, bytes) in &site.static_files {
        if bundle::ENTRIES.iter().any(|(_, script)| name == script) {
            problems.push(bundle::stray_script(name));
            continue;
        }
        let hashed = if name.ends_with(".css") {
            match stylesheet::minified(name, bytes) {
                Ok(css) => add(name, &css),
                Err(problem) => {
                    problems.push(problem);
                    continue;
                }
            }
        } else {
            add(name, bytes)
        };
        match name.as_str() {
            "style.css" => names.css = hashed,
            "favicon.svg" => names.favicon = hashed,
            _ => {}
        }
    }
    problems.extend(refused);
    (names, problems)
}

/// A file the sink refused, as a diagnostic at its path.
pub(super) fn write_problem(path: &str, err: std::io::Error) -> Diagnostic {
    Diagnostic::error(Path::new(path), format!("cannot write the file: {err}"))
}
