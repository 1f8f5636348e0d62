//! The house rules that ARCHITECTURE.md states and this module enforces,
//! in the spirit of rust-analyzer's `tidy` tests: the module graph of each
//! crate has no import circle, the site's modules import only along the
//! layers ARCHITECTURE.md lists (its "Layers" table is read here, so the
//! document and the rule cannot drift apart), no source file is over 500
//! lines without a reason in its header, and every test ARCHITECTURE.md
//! names exists.
//! Over 500 lines: the graph reader and the rules it serves are one file.
//!
//! The graph is read from the sources as text: every `crate::`, `super::`
//! and `self::` path (with `use` groups unfolded) and every path through a
//! child module the file declares, resolved to the longest module that
//! exists. Comments, strings and `#[cfg(test)]` items are left out: tests
//! may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::project_root;

/// A module's path inside its crate (`["site", "load", "content"]`), the
/// crate root being empty.
type ModulePath = Vec<String>;

/// Every `.rs` file of a crate's `src/` folder, by module path. `main.rs`
/// is its own root (`<main>`), beside the library's.
fn modules(src: &Path) -> BTreeMap<ModulePath, PathBuf> {
    let mut found = BTreeMap::new();
    for entry in walkdir::WalkDir::new(src).sort_by_file_name() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(src).unwrap().with_extension("");
        let mut parts: ModulePath = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        match parts.last().map(String::as_str) {
            Some("main") if parts.len() == 1 => parts = vec!["<main>".into()],
            Some("mod" | "lib") => {
                parts.pop();
            }
            _ => {}
        }
        found.insert(parts, path.to_path_buf());
    }
    found
}

/// `source` without comments, string and character literals (their
/// contents become spaces), so that code in a snippet template or a
/// comment naming a path is not read as an import.
fn code_only(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &source[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(source.len(), |n| i + n);
            i = end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(source.len(), |n| i + n + 2);
            out.push(' ');
            i = end;
        } else if let Some(hashes) = raw_string_start(rest) {
            let close = format!("\"{}", "#".repeat(hashes));
            let open = 2 + hashes;
            let end = rest[open..]
                .find(&close)
                .map_or(source.len(), |n| i + open + n + close.len());
            out.push_str("\"\"");
            i = end;
        } else if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() {
                match rest.as_bytes()[j] {
                    b'\\' => j += 2,
                    b'"' => break,
                    _ => j += 1,
                }
            }
            out.push_str("\"\"");
            i += j + 1;
        } else if let Some(len) = char_literal(rest) {
            out.push_str("' '");
            i += len;
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The number of `#` of a raw string starting here (`r"`, `r#"`, `br"`).
fn raw_string_start(rest: &str) -> Option<usize> {
    let rest = rest.strip_prefix('b').unwrap_or(rest);
    let after = rest.strip_prefix('r')?;
    let hashes = after.bytes().take_while(|&b| b == b'#').count();
    after[hashes..].starts_with('"').then_some(hashes)
}

/// The length of a character literal starting here (`'x'`, `'\n'`,
/// `'\u{a0}'`), or `None` for a lifetime.
fn char_literal(rest: &str) -> Option<usize> {
    if !rest.starts_with('\'') {
        return None;
    }
    let mut chars = rest.char_indices().skip(1);
    let (_, first) = chars.next()?;
    if first == '\\' {
        let close = rest[2..].find('\'')?;
        return Some(close + 3);
    }
    let (at, second) = chars.next()?;
    (second == '\'').then_some(at + 1)
}

/// `code` without the items marked `#[cfg(test)]` (a `mod tests { … }`, a
/// function, a `mod name;`), and the names of the child modules declared so.
fn without_test_items(code: &str) -> (String, BTreeSet<String>) {
    let mut out = String::with_capacity(code.len());
    let mut test_children = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        let brace = item.find('{');
        let semicolon = item.find(';');
        let end = match (brace, semicolon) {
            (Some(b), Some(s)) if s < b => {
                let declared = item[..s].trim();
                if let Some(name) = declared
                    .rsplit(' ')
                    .next()
                    .filter(|_| declared.contains("mod "))
                {
                    test_children.insert(name.to_string());
                }
                s + 1
            }
            (Some(b), _) => matching_brace(item, b) + 1,
            (None, Some(s)) => s + 1,
            (None, None) => item.len(),
        };
        rest = &item[end..];
    }
    out.push_str(rest);
    (out, test_children)
}

/// The index of the `}` that closes the `{` at `open`.
fn matching_brace(text: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, b) in text.bytes().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    text.len() - 1
}

/// The names a path written at `text[at..]` reaches: the path itself, or
/// each member of a `use` group that follows it (`a::{b, c::d, self}`),
/// as segments after the path's own.
fn path_targets(text: &str, at: usize) -> (Vec<String>, Vec<Vec<String>>) {
    let bytes = text.as_bytes();
    let mut end = at;
    let mut segments = Vec::new();
    loop {
        let start = end;
        while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
            end += 1;
        }
        segments.push(text[start..end].to_string());
        if text[end..].starts_with("::")
            && text[end + 2..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        {
            end += 2;
        } else {
            break;
        }
    }
    let mut members = Vec::new();
    if text[end..].starts_with("::{") {
        let close = matching_brace(text, end + 2);
        collect_group(&text[end + 3..close], &[], &mut members);
    } else {
        members.push(Vec::new());
    }
    (segments, members)
}

/// Unfolds a `use` group's members, nested groups included.
fn collect_group(group: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut depth = 0;
    let mut start = 0;
    let mut parts = Vec::new();
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&group[start..]);
    for part in parts.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
        let part = part.split(" as ").next().unwrap().trim();
        if let Some(open) = part.find("::{") {
            let mut inner = prefix.to_vec();
            inner.extend(part[..open].split("::").map(str::to_string));
            collect_group(&part[open + 3..part.len() - 1], &inner, out);
        } else if part == "self" {
            out.push(prefix.to_vec());
        } else if part != "*" {
            let mut member = prefix.to_vec();
            member.extend(part.split("::").map(str::to_string));
            out.push(member);
        }
    }
}

/// The modules each module of the crate at `src` imports (itself left out).
fn module_graph(src: &Path) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let modules = modules(src);
    let mut graph = BTreeMap::new();
    for (module, file) in &modules {
        let source = std::fs::read_to_string(file).unwrap();
        let (code, test_children) = without_test_items(&code_only(&source));
        let children: BTreeSet<String> = code
            .lines()
            .filter_map(|line| {
                let line = line.trim();
                let declared = line.strip_suffix(';')?;
                let declared = match declared.strip_prefix("pub") {
                    Some(rest) if rest.starts_with('(') => rest.split_once(')')?.1.trim_start(),
                    Some(rest) => rest.trim_start(),
                    None => declared,
                };
                let name = declared.strip_prefix("mod ")?;
                Some(name.trim().to_string())
            })
            .filter(|name| !test_children.contains(name))
            .collect();
        let mut imports = BTreeSet::new();
        let bytes = code.as_bytes();
        for (at, _) in code.match_indices("::") {
            // The path's first segment: the word before this `::`, when
            // nothing but a path could stand before it.
            let mut start = at;
            while start > 0
                && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_')
            {
                start -= 1;
            }
            if start > 0 && bytes[start - 1] == b':' {
                continue; // a later segment of a path already read
            }
            let first = &code[start..at];
            let base: ModulePath = match first {
                "crate" => Vec::new(),
                "self" => module.clone(),
                "super" => module[..module.len().saturating_sub(1)].to_vec(),
                child if children.contains(child) => module.clone(),
                _ => continue,
            };
            let (segments, members) = path_targets(&code, start);
            let mut path = base;
            let mut segments = segments.into_iter();
            if first != "crate" && first != "self" && first != "super" {
                // A child's path keeps its first segment.
            } else {
                segments.next();
            }
            for segment in segments {
                if segment == "super" {
                    path.pop();
                } else {
                    path.push(segment);
                }
            }
            for member in members {
                let mut target = path.clone();
                target.extend(member);
                let resolved = (0..=target.len())
                    .rev()
                    .map(|n| target[..n].to_vec())
                    .find(|prefix| modules.contains_key(prefix));
                if let Some(resolved) = resolved.filter(|r| r != module && !r.is_empty()) {
                    imports.insert(resolved);
                }
            }
        }
        graph.insert(module.clone(), imports);
    }
    graph
}

/// The import circles of `graph`: each a list of modules, the first
/// importing the second and so on round to the first.
fn circles(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<Vec<ModulePath>> {
    let mut found = Vec::new();
    let mut done: BTreeSet<&ModulePath> = BTreeSet::new();
    for start in graph.keys() {
        // Depth-first from each module, with the path walked so far.
        let mut stack: Vec<(&ModulePath, Vec<&ModulePath>)> = vec![(start, vec![start])];
        let mut seen = BTreeSet::new();
        while let Some((module, path)) = stack.pop() {
            for next in graph.get(module).into_iter().flatten() {
                if next == start {
                    let circle: Vec<ModulePath> = path.iter().map(|m| (*m).clone()).collect();
                    if !done.contains(start) {
                        found.push(circle);
                    }
                } else if !done.contains(next) && seen.insert(next) {
                    let mut longer = path.clone();
                    longer.push(next);
                    stack.push((next, longer));
                }
            }
        }
        done.insert(start);
    }
    found
}

fn shown(module: &ModulePath) -> String {
    if module.is_empty() {
        "crate".into()
    } else {
        module.join("::")
    }
}

/// ARCHITECTURE.md's "Layers" table: each row a layer's number and its
/// modules, written as code (`site::load`).
fn layers() -> Vec<(u32, Vec<String>)> {
    let text = std::fs::read_to_string(project_root().join("ARCHITECTURE.md")).unwrap();
    let table = text
        .split("\n### Layers\n")
        .nth(1)
        .expect("ARCHITECTURE.md has a `### Layers` section");
    table
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let layer = cells.get(1)?.parse().ok()?;
            let modules = cells
                .get(2)?
                .split(',')
                .map(|m| m.trim().trim_matches('`').to_string())
                .filter(|m| !m.is_empty())
                .collect();
            Some((layer, modules))
        })
        .collect()
}

/// The layer of `module`: that of the longest module of the table it lies in.
fn layer_of(module: &ModulePath, layers: &[(u32, Vec<String>)]) -> Option<(u32, String)> {
    let name = shown(module);
    layers
        .iter()
        .flat_map(|(layer, modules)| modules.iter().map(move |m| (*layer, m)))
        .filter(|(_, m)| name == **m || name.starts_with(&format!("{m}::")))
        .max_by_key(|(_, m)| m.len())
        .map(|(layer, m)| (layer, m.clone()))
}

#[test]
fn no_crate_has_an_import_circle() {
    for src in [
        "src",
        "core/src",
        "core/testing/src",
        "wasm/src",
        "wasm/build/src",
    ] {
        let graph = module_graph(&project_root().join(src));
        assert!(!graph.is_empty(), "{src}: no modules read");
        let found = circles(&graph);
        assert!(
            found.is_empty(),
            "{src}: import circles:\n{}",
            found
                .iter()
                .map(|c| format!(
                    "  {} → (back to the first)",
                    c.iter().map(shown).collect::<Vec<_>>().join(" → ")
                ))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[test]
fn the_site_imports_only_along_its_layers() {
    let layers = layers();
    assert!(
        layers.len() >= 5,
        "the Layers table of ARCHITECTURE.md: {layers:?}"
    );
    let graph = module_graph(&project_root().join("src"));
    let mut wrong = Vec::new();
    for (module, imports) in &graph {
        let Some((from, from_row)) = layer_of(module, &layers) else {
            wrong.push(format!(
                "{} is in no layer of ARCHITECTURE.md",
                shown(module)
            ));
            continue;
        };
        for import in imports {
            match layer_of(import, &layers) {
                None => wrong.push(format!(
                    "{} is in no layer of ARCHITECTURE.md",
                    shown(import)
                )),
                Some((to, to_row)) if to > from => wrong.push(format!(
                    "{} (layer {from}, `{from_row}`) imports {} (layer {to}, `{to_row}`)",
                    shown(module),
                    shown(import)
                )),
                Some(_) => {}
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "against the layers:\n  {}",
        wrong.join("\n  ")
    );
}

/// The reader of the graph finds what it must: known edges of this crate,
/// a path through a child module, a `use` group, and nothing in a string,
/// a comment or a test module.
#[test]
fn the_graph_reader_sees_imports_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir_all(src.join("a")).unwrap();
    std::fs::write(
        src.join("lib.rs"),
        "mod a;\nmod b;\nmod c;\nmod d;\nuse crate::{b::X, c::{self}};\n// crate::d::Y\nconst S: &str = \"crate::d::Z\";\nconst R: &str = r#\"crate::d::W\"#;\n#[cfg(test)]\nmod tests { use crate::d::V; }\n",
    )
    .unwrap();
    std::fs::write(
        src.join("a/mod.rs"),
        "mod child;\nfn f() { child::g(); let c = '\"'; super::d::h(); }\n",
    )
    .unwrap();
    std::fs::write(src.join("a/child.rs"), "pub fn g() {}\n").unwrap();
    for name in ["b", "c", "d"] {
        std::fs::write(src.join(format!("{name}.rs")), "").unwrap();
    }
    let graph = module_graph(src);
    let edges = |m: &[&str]| -> Vec<String> {
        graph[&m.iter().map(|s| s.to_string()).collect::<ModulePath>()]
            .iter()
            .map(shown)
            .collect()
    };
    assert_eq!(edges(&[]), ["b", "c"]);
    assert_eq!(edges(&["a"]), ["a::child", "d"]);
    let mut circular = graph.clone();
    circular
        .get_mut(&vec!["d".to_string()])
        .unwrap()
        .insert(vec!["a".into()]);
    assert_eq!(circles(&circular).len(), 1);
}

#[test]
fn no_source_file_is_over_500_lines_without_a_reason() {
    let mut long = Vec::new();
    for folder in ["src", "core", "wasm", "tests", "benches", "build.rs"] {
        for entry in walkdir::WalkDir::new(project_root().join(folder)) {
            let entry = entry.unwrap();
            if entry.path().extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let header: String = text
                .lines()
                .take_while(|l| l.starts_with("//"))
                .map(|l| l.trim_start_matches('/').trim_start_matches('!').trim())
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase();
            if text.lines().count() > 500 && !header.contains("over 500 lines") {
                long.push(
                    entry
                        .path()
                        .strip_prefix(project_root())
                        .unwrap()
                        .display()
                        .to_string(),
                );
            }
        }
    }
    assert!(
        long.is_empty(),
        "over 500 lines with no reason in the header: {long:?}"
    );
}

/// Every test ARCHITECTURE.md's invariants name (`` `name` (test) ``) is a
/// test of the suites.
#[test]
fn every_test_the_architecture_names_exists() {
    let text = std::fs::read_to_string(project_root().join("ARCHITECTURE.md")).unwrap();
    let named: BTreeSet<&str> = text
        .match_indices("` (test)")
        .filter_map(|(at, _)| text[..at].rsplit('`').next())
        .collect();
    assert!(
        named.len() >= 8,
        "ARCHITECTURE.md names {} tests",
        named.len()
    );
    let mut sources = String::new();
    for folder in ["src", "tests/suite", "core/tests/suite", "core/src"] {
        for entry in walkdir::WalkDir::new(project_root().join(folder)) {
            let entry = entry.unwrap();
            if entry.path().extension().is_some_and(|e| e == "rs") {
                sources.push_str(&std::fs::read_to_string(entry.path()).unwrap());
            }
        }
    }
    let missing: Vec<&&str> = named
        .iter()
        .filter(|name| !sources.contains(&format!("fn {name}(")))
        .collect();
    assert!(
        missing.is_empty(),
        "named in ARCHITECTURE.md, no such test: {missing:?}"
    );
}
