//! The files static hosts and crawlers read: `sitemap.xml` (every page with
//! its language versions), `robots.txt`, and `_headers` (the Netlify and
//! Cloudflare Pages format) with the security headers and caching rules.

use std::fmt::Write as _;

// The sitemap's URLs are escaped as the charts' text is: one rule for
// markup the build writes by hand.
use crate::site::format::svg::escape;
use crate::site::urls::AlternateSet;

/// The Content-Security-Policy every page carries (as a header in
/// `_headers` here, and as a meta tag in each page's layout).
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'";

/// The most URLs one sitemap file lists. The protocol allows 50,000 and
/// 50 MB; with every language version listed under each URL, 10,000 URLs
/// keep a file near 10 MB for a site of ten languages.
pub const URLS_PER_SITEMAP: usize = 10_000;

/// The sitemap files, each handed to `put` (name, XML) as it is made: one
/// `<url>` per page and language, each listing every language version and
/// the `x-default` root. A site with more than [`URLS_PER_SITEMAP`] URLs
/// gets `sitemap-1.xml`, `sitemap-2.xml`, … and a `sitemap.xml` index.
pub fn sitemaps(base_url: &str, pages: &[AlternateSet], mut put: impl FnMut(&str, &str)) {
    let urls = 1 + pages.iter().map(Vec::len).sum::<usize>();
    let entries = std::iter::once((None, base_url)).chain(
        pages
            .iter()
            .flat_map(|set| set.iter().map(move |(_, url)| (Some(set), url.as_str()))),
    );
    if urls <= URLS_PER_SITEMAP {
        put("sitemap.xml", &urlset(base_url, entries));
        return;
    }
    let mut index = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut entries = entries.peekable();
    let mut part = 0;
    while entries.peek().is_some() {
        part += 1;
        let name = format!("sitemap-{part}.xml");
        put(
            &name,
            &urlset(base_url, entries.by_ref().take(URLS_PER_SITEMAP)),
        );
        let _ = writeln!(
            index,
            "<sitemap><loc>{}{name}</loc></sitemap>",
            escape(base_url)
        );
    }
    index.push_str("</sitemapindex>\n");
    put("sitemap.xml", &index);
}

/// One `<urlset>`; an entry without alternates is the language chooser.
fn urlset<'a>(
    base_url: &str,
    entries: impl Iterator<Item = (Option<&'a AlternateSet>, &'a str)>,
) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for (set, url) in entries {
        let Some(set) = set else {
            let _ = writeln!(xml, "<url><loc>{}</loc></url>", escape(url));
            continue;
        };
        let _ = writeln!(xml, "<url><loc>{}</loc>", escape(url));
        for (hreflang, alternate) in set {
            let _ = writeln!(
                xml,
                "  <xhtml:link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\"/>",
                escape(alternate)
            );
        }
        let _ = writeln!(
            xml,
            "  <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\"/>\n</url>",
            escape(base_url)
        );
    }
    xml.push_str("</urlset>\n");
    xml
}

/// `robots.txt`: everything may be crawled; the sitemap is named.
pub fn robots(base_url: &str) -> String {
    format!("User-agent: *\nAllow: /\n\nSitemap: {base_url}sitemap.xml\n")
}

/// `_headers`: security headers on every response; HTML revalidated after
/// five minutes; content-hashed assets cached for a year. Each path gets
/// one `Cache-Control` only, as hosts join the values of rules that match
/// together; and the rules stay few whatever the number of pages (hosts
/// limit them), since every page lives under its language's folder.
pub fn headers(languages: &[String]) -> String {
    // Frames are refused by header; `frame-ancestors` has no effect in the
    // pages' meta tag.
    let mut out = format!(
        "/*\n  Content-Security-Policy: {CSP}; frame-ancestors 'none'\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: no-referrer\n  Permissions-Policy: accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), clipboard-write=(self)\n  Cross-Origin-Opener-Policy: same-origin\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n"
    );
    let html = std::iter::once("/".to_string())
        .chain(std::iter::once("/index.html".to_string()))
        .chain(std::iter::once("/404.html".to_string()))
        .chain(languages.iter().map(|lang| format!("/{lang}/*")));
    for path in html {
        let _ = write!(
            out,
            "\n{path}\n  Cache-Control: public, max-age=300, must-revalidate\n"
        );
    }
    for file in ["/sitemap*", "/robots.txt"] {
        let _ = write!(out, "\n{file}\n  Cache-Control: public, max-age=3600\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(pages: &[AlternateSet]) -> Vec<(String, String)> {
        let mut files = Vec::new();
        sitemaps("https://x.org/", pages, |name, xml| {
            files.push((name.to_string(), xml.to_string()))
        });
        files
    }

    #[test]
    fn a_large_site_gets_a_sitemap_index() {
        let sets: Vec<AlternateSet> = (0..URLS_PER_SITEMAP)
            .map(|i| {
                vec![
                    ("en".to_string(), format!("https://x.org/en/p{i}/")),
                    ("de".to_string(), format!("https://x.org/de/p{i}/")),
                ]
            })
            .collect();
        let files = collect(&sets);
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "sitemap-1.xml",
                "sitemap-2.xml",
                "sitemap-3.xml",
                "sitemap.xml"
            ]
        );
        let urls: usize = files
            .iter()
            .map(|(_, xml)| xml.matches("<url>").count())
            .sum();
        assert_eq!(urls, 2 * URLS_PER_SITEMAP + 1);
        assert!(
            files
                .iter()
                .all(|(_, xml)| xml.matches("<url>").count() <= URLS_PER_SITEMAP)
        );
        assert_eq!(files[3].1.matches("<sitemap>").count(), 3);
    }

    #[test]
    fn sitemap_lists_every_version_with_its_alternates() {
        let set = vec![
            ("en".to_string(), "https://x.org/en/".to_string()),
            ("ru".to_string(), "https://x.org/ru/".to_string()),
        ];
        let files = collect(&[set]);
        assert_eq!(files.len(), 1);
        let xml = &files[0].1;
        assert_eq!(xml.matches("<url>").count(), 3);
        assert_eq!(
            xml.matches("hreflang=\"ru\" href=\"https://x.org/ru/\"")
                .count(),
            2
        );
        assert_eq!(xml.matches("hreflang=\"x-default\"").count(), 2);
    }

    #[test]
    fn each_path_has_one_cache_rule() {
        let headers = headers(&["en".to_string()]);
        assert!(
            headers.contains("/assets/*\n  Cache-Control: public, max-age=31536000, immutable")
        );
        assert!(headers.contains("/en/*\n  Cache-Control: public, max-age=300"));
        // The HTML rules are per language, not per page: hosts limit rules.
        assert_eq!(headers.matches("max-age=300").count(), 4);
        assert_eq!(
            headers
                .split("/*\n")
                .nth(1)
                .unwrap()
                .split("\n\n")
                .next()
                .unwrap()
                .matches("Cache-Control")
                .count(),
            0
        );
    }
}
