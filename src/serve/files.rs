//! Which file of the preview folder a URL path names, and what is refused.
//!
//! Two rules keep every answer inside the folder: a path is made of plain
//! names only (no `..`, `.`, backslash or NUL, also when percent-encoded),
//! and no name on the way, from the canonical folder down to the file, is a
//! symbolic link. Together they mean the file is below the folder: every
//! step goes one real directory down. Only regular files are read, so a
//! FIFO or device in the folder cannot block or feed the server.

use std::fs;
use std::path::{Path, PathBuf};

/// The answer for a URL path.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup {
    /// A regular file to send.
    File(PathBuf),
    /// A folder asked for without its trailing slash: the same URL with the
    /// slash (and the query kept), so that relative links resolve as on a
    /// static host.
    Redirect(String),
    /// A name on the way is a symbolic link.
    Symlink(String),
    /// The path is not made of plain names (`..`, `.`, bad encoding).
    Invalid,
    NotFound,
}

/// Looks `target` (the request target: path and optional query) up below
/// `root`, which must be canonical.
pub fn lookup(root: &Path, target: &str) -> Lookup {
    let (raw_path, query) = match target.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (target, None),
    };
    let Some(path) = percent_decode(raw_path) else {
        return Lookup::Invalid;
    };
    let Some(relative) = path.strip_prefix('/') else {
        return Lookup::Invalid;
    };
    let names: Vec<&str> = relative.split('/').filter(|n| !n.is_empty()).collect();
    if !names.iter().all(|name| is_plain_name(name)) {
        return Lookup::Invalid;
    }

    let mut file = root.to_path_buf();
    let mut is_dir = true;
    for (index, name) in names.iter().enumerate() {
        file.push(name);
        let Ok(metadata) = fs::symlink_metadata(&file) else {
            return Lookup::NotFound;
        };
        if metadata.file_type().is_symlink() {
            return Lookup::Symlink(names[..=index].join("/"));
        }
        is_dir = metadata.is_dir();
        if !is_dir && index + 1 < names.len() {
            return Lookup::NotFound;
        }
    }
    if is_dir {
        if !raw_path.ends_with('/') {
            let query = query.map(|q| format!("?{q}")).unwrap_or_default();
            // One leading slash: `//en` would send the browser to the host
            // `en` (a protocol-relative address), never a path of this site.
            let path = raw_path.trim_start_matches('/');
            return Lookup::Redirect(format!("/{path}/{query}"));
        }
        file.push("index.html");
        match fs::symlink_metadata(&file) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let mut shown = names.join("/");
                shown.push_str(if shown.is_empty() {
                    "index.html"
                } else {
                    "/index.html"
                });
                return Lookup::Symlink(shown);
            }
            Ok(metadata) if metadata.is_file() => {}
            _ => return Lookup::NotFound,
        }
    } else if raw_path.ends_with('/') || !fs::symlink_metadata(&file).is_ok_and(|m| m.is_file()) {
        return Lookup::NotFound;
    }
    Lookup::File(file)
}

/// A name that stays where it is: on Unix, anything but `.`, `..` and names
/// holding a separator or NUL (backslash too, as some clients treat it as
/// one).
fn is_plain_name(name: &str) -> bool {
    name != "." && name != ".." && !name.contains(['/', '\\', '\0'])
}

/// `%XX` decoded; `None` for a broken escape or a result that is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = text.get(index + 1..index + 3)?;
            decoded.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            decoded.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(decoded).ok()
}

/// The Content-Type of a file, from its extension.
pub fn content_type(path: &Path) -> &'static str {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
    {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "xml" => "application/xml",
        "svg" => "image/svg+xml",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// HTML with the reload script added before `</body>`.
pub fn inject_reload(html: Vec<u8>, script: &str) -> Vec<u8> {
    let tag = format!("<script type=\"module\" src=\"{script}\"></script>\n</body>");
    match String::from_utf8(html) {
        Ok(text) => text.replacen("</body>", &tag, 1).into_bytes(),
        Err(err) => err.into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("out");
        fs::create_dir_all(root.join("ru")).unwrap();
        fs::write(root.join("ru/index.html"), "x").unwrap();
        fs::write(root.join("index.html"), "x").unwrap();
        let root = root.canonicalize().unwrap();
        (dir, root)
    }

    #[test]
    fn folders_give_their_index_and_need_the_trailing_slash() {
        let (_dir, root) = site();
        assert_eq!(lookup(&root, "/"), Lookup::File(root.join("index.html")));
        assert_eq!(
            lookup(&root, "/ru/"),
            Lookup::File(root.join("ru/index.html"))
        );
        assert_eq!(
            lookup(&root, "/ru/?base=5"),
            Lookup::File(root.join("ru/index.html"))
        );
        assert_eq!(
            lookup(&root, "/ru?base=5&x=%20"),
            Lookup::Redirect("/ru/?base=5&x=%20".into())
        );
        // Never to another host: `//ru` and `///ru` are paths of this site.
        assert_eq!(lookup(&root, "//ru"), Lookup::Redirect("/ru/".into()));
        assert_eq!(lookup(&root, "///ru?x"), Lookup::Redirect("/ru/?x".into()));
        assert_eq!(lookup(&root, "/ru/missing.html"), Lookup::NotFound);
        assert_eq!(lookup(&root, "/ru/index.html/x"), Lookup::NotFound);
        assert_eq!(lookup(&root, "/ru/index.html/"), Lookup::NotFound);
    }

    #[test]
    fn paths_of_anything_but_plain_names_are_invalid() {
        let (_dir, root) = site();
        for target in [
            "/../x",
            "/ru/../../x",
            "/%2e%2e/x",
            "/ru/%2E%2E/%2e%2e/x",
            "/./index.html",
            "/ru\\..\\x",
            "/%00",
            "/%zz",
            "/%ff",
            "relative",
        ] {
            assert_eq!(lookup(&root, target), Lookup::Invalid, "{target}");
        }
    }

    #[test]
    fn the_reload_script_is_injected_before_the_body_ends() {
        let html = inject_reload(
            b"<html><body><p>x</p></body></html>".to_vec(),
            "/__serve/reload.js",
        );
        let html = String::from_utf8(html).unwrap();
        assert!(
            html.contains("<script type=\"module\" src=\"/__serve/reload.js\"></script>\n</body>")
        );
    }
}
