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
        wasm: add("backoff.wasm", crate::wasm_module::CALCULATOR_WASM),
        wasm_grid: add("backoff-grid.wasm", crate::wasm_module::GRID_WASM),
        wasm_monte_carlo: add(
            "backoff-monte-carlo.wasm",
            crate::wasm_module::MONTE_CARLO_WASM,
        ),
        favicon: String::new(),
    };
    match bundle::script(&site.root) {
        Ok(Some(script)) => names.script = add("calculator.js", &script),
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
    for (name, bytes) in &site.static_files {
        if name == "calculator.js" {
            problems.push(bundle::stray_script());
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
