//! Reading the real site's built pages: the site built once per test
//! binary, a page's text between two markers, and what a reader sees of a
//! fragment. A means of the tests' own, not the build's
//! `markdown::html_to_text`: the tests check what that function and the
//! renderers write, and the no-break spaces of number notation it collapses.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::{build, project_root};

/// The real site, built once for the tests of one binary that only read it.
pub fn real_site() -> &'static Path {
    static DIST: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIST.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        build(&project_root(), &dir.path().join("dist"), false).unwrap_or_else(|e| panic!("{e}"));
        dir
    })
    .path()
    .join("dist")
    .leak()
}

/// A file of the real site, by its path under `dist/` (`en/schedule/index.html`).
pub fn real_page(path: &str) -> String {
    fs::read_to_string(real_site().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The calculator's data of a real page (by its path under `dist/`), as
/// its script has it: the page's `calc-data` island with the shared half
/// it names (an asset, by its path from the page) merged in.
pub fn calculator_data(path: &str) -> serde_json::Value {
    calculator_data_in(real_site(), path)
}

/// As [`calculator_data`], for a page of the site built into `dist`.
pub fn calculator_data_in(dist: &Path, path: &str) -> serde_json::Value {
    let read = |path: &Path| {
        fs::read_to_string(dist.join(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let html = read(Path::new(path));
    let island = between(
        &html,
        r#"<script type="application/json" id="calc-data">"#,
        "</script>",
    );
    let serde_json::Value::Object(own) = serde_json::from_str(island).unwrap() else {
        panic!("{path}: the island is no object");
    };
    let shared = Path::new(path)
        .parent()
        .unwrap()
        .join(own["shared"].as_str().unwrap());
    let serde_json::Value::Object(mut data) = serde_json::from_str(&read(&shared)).unwrap() else {
        panic!("{path}: the shared data is no object");
    };
    data.extend(own);
    // The presets' data, an asset of its own that the selector names.
    if let Some(select) = html.split(r#"<select id="calc-preset""#).nth(1) {
        let select = &select[..select.find('>').unwrap()];
        let src = between(select, r#"data-src=""#, "\"");
        let presets = Path::new(path).parent().unwrap().join(src);
        data.insert(
            "presets".into(),
            serde_json::from_str(&read(&presets)).unwrap(),
        );
    }
    serde_json::Value::Object(data)
}

/// Every built HTML file under `dir` (a folder of the built site), with
/// its text, in file order.
pub fn html_pages(dir: &Path) -> Vec<(PathBuf, String)> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .map(Result::unwrap)
        .filter(|entry| entry.path().extension().is_some_and(|e| e == "html"))
        .map(|entry| {
            let html = std::fs::read_to_string(entry.path()).unwrap();
            (entry.into_path(), html)
        })
        .collect()
}

/// The text between the first `start` and the next `end`.
pub fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no `{start}`")) + start.len();
    let to = text[from..]
        .find(end)
        .unwrap_or_else(|| panic!("no `{end}` after `{start}`"))
        + from;
    &text[from..to]
}

/// Markup removed and the entities the pages write decoded; white space,
/// no-break spaces included, as written.
pub fn text_of(html: &str) -> String {
    without_tags(html, None)
}

/// As [`text_of`], with a space where each tag was, so that a table's
/// cells stay apart.
pub fn text_of_cells(html: &str) -> String {
    without_tags(html, Some(' '))
}

fn without_tags(html: &str, tag: Option<char>) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.extend(tag);
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The numbers of a text in the order they appear, read in the notation of
/// `lang` (grouping and decimal separators).
pub fn numbers(text: &str, lang: &str) -> Vec<f64> {
    let (group, decimal) = match lang {
        "en" => (',', '.'),
        "de" => ('.', ','),
        _ => ('\u{a0}', ','),
    };
    let mut found = Vec::new();
    let mut run = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let next_is_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() {
            run.push(c);
        } else if !run.is_empty() && c == decimal && next_is_digit {
            run.push('.');
        } else if !run.is_empty() && c == group && next_is_digit {
        } else if !run.is_empty() {
            found.push(run.parse().unwrap());
            run.clear();
        }
    }
    if !run.is_empty() {
        found.push(run.parse().unwrap());
    }
    found
}
