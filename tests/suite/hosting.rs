//! `dist/` as a static host and a crawler see it: every internal link and
//! asset resolves, every hreflang set is complete and reciprocal, the
//! sitemap lists exactly the pages, and the structured data says what the
//! page shows.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const BASE: &str = "https://backoff.example.org/";

fn html_pages(out: &Path) -> BTreeMap<String, String> {
    common::snapshot(out)
        .into_iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "html"))
        .map(|(p, b)| {
            (
                p.to_string_lossy().replace('\\', "/"),
                String::from_utf8(b).unwrap(),
            )
        })
        .collect()
}

/// The values of `attribute` in every tag of `html`.
fn attribute_values<'a>(html: &'a str, attribute: &str) -> Vec<&'a str> {
    let needle = format!(" {attribute}=\"");
    html.match_indices(&needle)
        .map(|(i, _)| {
            let start = i + needle.len();
            &html[start..start + html[start..].find('"').unwrap()]
        })
        .collect()
}

/// The file a URL path (from the site's root) is served from.
fn file_for(out: &Path, path: &str) -> Option<PathBuf> {
    let file = out.join(path.trim_start_matches('/'));
    let file = if path.ends_with('/') || path.is_empty() {
        file.join("index.html")
    } else {
        file
    };
    file.is_file().then_some(file)
}

/// Resolves `href` found in the page at `page` (a path like `ru/x/index.html`)
/// to a root-relative path, or `None` for other sites.
fn resolve(page: &str, href: &str) -> Option<String> {
    if let Some(rest) = href.strip_prefix(BASE) {
        return Some(rest.to_string());
    }
    if href.starts_with("http") || href.starts_with("mailto:") || href.starts_with("data:") {
        return None;
    }
    if let Some(from_root) = href.strip_prefix('/') {
        return Some(from_root.to_string());
    }
    let mut parts: Vec<&str> = page.split('/').collect();
    parts.pop();
    for segment in href.split('/') {
        match segment {
            ".." => {
                parts.pop();
            }
            "." => {}
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

#[test]
fn every_internal_link_and_asset_resolves() {
    links_resolve(common::pages::real_site());
}

/// Every `href` and `src` of every page of the site in `out`, and every
/// module its data islands name, resolves to a file (and fragment) there.
pub fn links_resolve(out: &Path) {
    let pages = html_pages(out);
    let mut checked = 0;
    for (page, html) in &pages {
        for value in attribute_values(html, "href")
            .into_iter()
            .chain(attribute_values(html, "src"))
        {
            let (target, fragment) = value.split_once('#').unwrap_or((value, ""));
            let path = if target.is_empty() {
                Some(page.clone())
            } else {
                resolve(page, target)
            };
            // A link to another site (a source a page cites) is not this
            // host's to resolve; it must at least be an https address.
            let Some(path) = path else {
                assert!(
                    value.starts_with("https://"),
                    "{page}: link to another site: {value}"
                );
                continue;
            };
            let file = file_for(out, &path)
                .unwrap_or_else(|| panic!("{page}: `{value}` resolves to nothing"));
            if !fragment.is_empty() {
                let target_html = fs::read_to_string(&file).unwrap();
                assert!(
                    target_html.contains(&format!("id=\"{fragment}\"")),
                    "{page}: no #{fragment} in {value}"
                );
            }
            checked += 1;
        }
        // The data island names every wasm module by a path too: the
        // calculator's base one loaded at start, and each jitter kind's
        // method module, one fetched on the first edit: the grid module for
        // the base module's kinds, the Monte Carlo module for decorrelated
        // jitter; the storm lab's its storm module.
        let island = html.find("\"wasm\":\"").map(|at| {
            let open = html[..at].rfind('>').unwrap() + 1;
            let close = open + html[open..].find("</script>").unwrap();
            serde_json::from_str::<serde_json::Value>(&html[open..close]).unwrap()
        });
        let mut found = Vec::new();
        if let Some(island) = island.as_ref().filter(|i| i.get("wasm_methods").is_none()) {
            let module = island["wasm"].as_str().unwrap();
            assert!(module.contains("backoff-storm."), "{page}: {module}");
            found.push(module);
        } else if let Some(island) = &island {
            let base = island["wasm"].as_str().unwrap();
            assert!(base.contains("backoff."), "{page}: {base}");
            found.push(base);
            for kind in backoff_site::backoff::contract::distribution::JITTERS {
                let module = island["wasm_methods"][kind]
                    .as_str()
                    .unwrap_or_else(|| panic!("{page}: no method module for {kind}"));
                let declared = backoff_site::backoff::Jitter::KINDS
                    .iter()
                    .find(|k| k.name == kind);
                let method = match declared.map(|k| k.method) {
                    Some(backoff_site::backoff::Method::MonteCarlo) => "backoff-monte-carlo.",
                    _ => "backoff-grid.",
                };
                assert!(module.contains(method), "{page}: {kind}: {module}");
                found.push(module);
            }
        }
        for wasm in found {
            assert!(
                file_for(out, &resolve(page, wasm).unwrap()).is_some(),
                "{page}: {wasm}"
            );
        }
    }
    assert!(checked > 200, "only {checked} links checked");
}

#[test]
fn hreflang_sets_are_complete_and_reciprocal() {
    hreflang_complete(common::pages::real_site(), &common::languages());
}

/// The page definitions of the real site (`content/*.toml` but the presets).
fn page_definitions() -> usize {
    fs::read_dir(common::project_root().join("content"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".toml") && name != "presets.toml")
        .count()
}

/// Every page of the site in `out`, in every one of `languages`, lists
/// all of them and `x-default` as alternates, its own as its canonical URL,
/// and each alternate links back.
pub fn hreflang_complete(out: &Path, languages: &[&str]) {
    let pages = html_pages(out);
    let mut sets = 0;
    for (page, html) in &pages {
        let alternates: BTreeMap<String, String> = html
            .lines()
            .filter(|l| l.starts_with("<link rel=\"alternate\""))
            .map(|l| {
                (
                    attribute_values(l, "hreflang")[0].to_string(),
                    attribute_values(l, "href")[0].to_string(),
                )
            })
            .collect();
        if page.ends_with("404.html") {
            assert!(alternates.is_empty(), "{page}: a 404 page has alternates");
            assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
            continue;
        }
        if page == "index.html" {
            continue;
        }
        sets += 1;
        let listed: BTreeSet<&str> = alternates.keys().map(String::as_str).collect();
        let expected: BTreeSet<&str> = languages.iter().copied().chain(["x-default"]).collect();
        assert_eq!(listed, expected, "{page}");
        assert_eq!(alternates["x-default"], BASE);
        let canonical = attribute_values(
            html.lines()
                .find(|l| l.starts_with("<link rel=\"canonical\""))
                .unwrap(),
            "href",
        )[0];
        let own = page.split('/').next().unwrap();
        assert_eq!(
            alternates[own], canonical,
            "{page}: its own alternate is not its canonical URL"
        );
        for (lang, url) in alternates.iter().filter(|(l, _)| *l != "x-default") {
            let file = file_for(out, url.strip_prefix(BASE).unwrap())
                .unwrap_or_else(|| panic!("{page}: {url}"));
            let other = fs::read_to_string(file).unwrap();
            assert!(other.contains(&format!("<html lang=\"{lang}\">")), "{url}");
            for (l, u) in &alternates {
                assert!(
                    other.contains(&format!(
                        "<link rel=\"alternate\" hreflang=\"{l}\" href=\"{u}\">"
                    )),
                    "{url} does not link back to {u}"
                );
            }
        }
    }
    // Every language's home page and explainers.
    assert_eq!(sets, languages.len() * (page_definitions() + 1));
}

#[test]
fn the_sitemap_lists_exactly_the_pages() {
    sitemap_complete(common::pages::real_site());
}

/// The sitemap of the site in `out` lists exactly its pages; robots.txt
/// points at it; `_headers` carries the CSP.
pub fn sitemap_complete(out: &Path) {
    let sitemap = fs::read_to_string(out.join("sitemap.xml")).unwrap();
    let document = roxmltree::Document::parse(&sitemap).unwrap();
    let locs: BTreeSet<String> = document
        .descendants()
        .filter(|n| n.has_tag_name("loc"))
        .map(|n| n.text().unwrap().to_string())
        .collect();
    let pages: BTreeSet<String> = html_pages(out)
        .keys()
        .filter(|p| !p.ends_with("404.html"))
        .map(|p| format!("{BASE}{}", p.strip_suffix("index.html").unwrap()))
        .collect();
    assert_eq!(locs, pages);
    let robots = fs::read_to_string(out.join("robots.txt")).unwrap();
    assert!(robots.contains(&format!("Sitemap: {BASE}sitemap.xml")));
    let headers = fs::read_to_string(out.join("_headers")).unwrap();
    assert!(headers.contains(
        "Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"
    ));
    assert!(headers.contains("X-Content-Type-Options: nosniff"));
}

#[test]
fn structured_data_parses_and_names_the_page() {
    let out = common::pages::real_site();
    for lang in common::languages() {
        for page in ["calculator", "practice", "schedule"] {
            let html = fs::read_to_string(out.join(format!("{lang}/{page}/index.html"))).unwrap();
            let start = html.find("<script type=\"application/ld+json\">").unwrap() + 35;
            let json = &html[start..start + html[start..].find("</script>").unwrap()];
            let data: serde_json::Value = serde_json::from_str(json).unwrap();
            let graph = data["@graph"].as_array().unwrap();
            let types: Vec<&str> = graph.iter().map(|g| g["@type"].as_str().unwrap()).collect();
            // No FAQPage: the answers are on the page; see explainer_json_ld.
            assert_eq!(types, ["BreadcrumbList", "WebApplication"], "{lang}/{page}");
            let app = &graph[1];
            assert_eq!(app["inLanguage"], lang, "{lang}/{page}");
            let canonical = format!(
                "<link rel=\"canonical\" href=\"{}\"",
                app["url"].as_str().unwrap()
            );
            assert!(html.contains(&canonical), "{lang}/{page}: {canonical}");
        }
    }
}
