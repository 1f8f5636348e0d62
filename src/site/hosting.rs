//! The files static hosts and crawlers read: `sitemap.xml` (every page with
//! its language versions), `robots.txt`, and `_headers` (the Netlify and
//! Cloudflare Pages format) with the security headers and caching rules.

use std::fmt::Write as _;

use crate::site::render::CSP;

/// One page in all its languages: `(hreflang, absolute URL)`, in the
/// configured order.
pub type AlternateSet = Vec<(String, String)>;

/// `sitemap.xml`: one `<url>` per page and language, each listing every
/// language version and the `x-default` root.
pub fn sitemap(base_url: &str, pages: &[AlternateSet]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    let _ = writeln!(xml, "<url><loc>{}</loc></url>", escape(base_url));
    for set in pages {
        for (_, url) in set {
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
    }
    xml.push_str("</urlset>\n");
    xml
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;")
}

/// `robots.txt`: everything may be crawled; the sitemap is named.
pub fn robots(base_url: &str) -> String {
    format!("User-agent: *\nAllow: /\n\nSitemap: {base_url}sitemap.xml\n")
}

/// `_headers`: security headers on every response; HTML revalidated after
/// five minutes; content-hashed assets cached for a year. Each path gets
/// one `Cache-Control` only, as hosts join the values of rules that match
/// together. `html_paths` are the URL paths of the pages (`/en/`, `/404.html`).
pub fn headers(html_paths: &[String]) -> String {
    // Frames are refused by header; `frame-ancestors` has no effect in the
    // pages' meta tag.
    let mut out = format!(
        "/*\n  Content-Security-Policy: {CSP}; frame-ancestors 'none'\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: no-referrer\n  Permissions-Policy: accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), clipboard-write=(self)\n  Cross-Origin-Opener-Policy: same-origin\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n"
    );
    for path in html_paths {
        let _ = write!(
            out,
            "\n{path}\n  Cache-Control: public, max-age=300, must-revalidate\n"
        );
    }
    for file in ["/sitemap.xml", "/robots.txt"] {
        let _ = write!(out, "\n{file}\n  Cache-Control: public, max-age=3600\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sitemap_lists_every_version_with_its_alternates() {
        let set = vec![
            ("en".to_string(), "https://x.org/en/".to_string()),
            ("ru".to_string(), "https://x.org/ru/".to_string()),
        ];
        let xml = sitemap("https://x.org/", &[set]);
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
        let headers = headers(&["/en/".to_string()]);
        assert!(
            headers.contains("/assets/*\n  Cache-Control: public, max-age=31536000, immutable")
        );
        assert!(headers.contains("/en/\n  Cache-Control: public, max-age=300"));
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
