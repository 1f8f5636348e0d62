//! Every file the build reads from the project, read one way: only a
//! regular file inside the project (after following every symbolic link),
//! at most the size its kind allows. A link out of the tree, a dangling
//! link, a folder, a device, a socket or a pipe is refused before it is
//! opened, so nothing of a refused file (an environment, a secret) ever
//! reaches a diagnostic, and no read blocks or runs out of memory. The
//! callers decide what a missing file means ([`read`] says it is missing).

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;

/// What a file is to the build, which sets its size limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `.ftl` file of `locales/`.
    Translation,
    /// A TOML file: `site.toml`, `content/*.toml`, a language's
    /// `typography.toml` or `glossary.toml`.
    Definition,
    /// A module of `static/calculator/`.
    Script,
    /// Any other file of `static/` (the stylesheet, the icon).
    Asset,
}

impl Kind {
    /// The most bytes a file of this kind may hold. Real files are a
    /// hundredth of these or less; the limits keep a wrong file (a log, a
    /// disk image) from stalling the build.
    pub const fn limit(self) -> u64 {
        match self {
            // A big project's Fluent files stay under a megabyte.
            Kind::Translation => 16 * 1024 * 1024,
            // The largest definition, the presets, is about 30 KB.
            Kind::Definition => 1024 * 1024,
            // The calculator's modules are about 100 KB together.
            Kind::Script => 1024 * 1024,
            Kind::Asset => 4 * 1024 * 1024,
        }
    }

    /// What to do with a file over the limit.
    const fn too_long(self) -> &'static str {
        match self {
            Kind::Translation => "split it: a page's file holds only that page's messages",
            _ => "keep the file to what the build needs",
        }
    }

    /// What a file of this kind is, for a hint.
    const fn what(self) -> &'static str {
        match self {
            Kind::Translation => "a translation is a plain text file",
            Kind::Definition => "a definition is a plain TOML file",
            Kind::Script => "a module of the calculator is a plain JavaScript file",
            Kind::Asset => "an asset is a plain file",
        }
    }
}

/// The project's folder with every link resolved, found once per build.
pub struct Root(Result<PathBuf, String>);

impl Root {
    pub fn new(root: &Path) -> Root {
        Root(std::fs::canonicalize(root).map_err(|err| err.to_string()))
    }
}

/// The bytes of the file at `shown` (relative to the project), or
/// `Ok(None)` when there is none (not even a dangling link); a refused file
/// is an error at `shown` that says why and never shows its contents.
pub fn read(
    root: &Root,
    project: &Path,
    shown: &Path,
    kind: Kind,
) -> Result<Option<Vec<u8>>, Diagnostic> {
    let path = project.join(shown);
    let refused = |message: String, hint: &str| Diagnostic::error(shown, message).with_hint(hint);
    let resolved = match std::fs::canonicalize(&path) {
        Ok(resolved) => resolved,
        Err(err) => {
            return match std::fs::read_link(&path) {
                Ok(target) => Err(refused(
                    format!(
                        "the file is a symbolic link to `{}`, which does not exist",
                        target.display()
                    ),
                    "point the link at an existing file, or replace it with the file",
                )),
                Err(_) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(_) => Err(refused(format!("cannot read the file: {err}"), kind.what())),
            };
        }
    };
    let root = root.0.as_ref().map_err(|err| {
        refused(
            format!("cannot resolve the project folder: {err}"),
            kind.what(),
        )
    })?;
    if !resolved.starts_with(root) {
        return Err(refused(
            "the file is a symbolic link to a place outside the project, so it is not read".into(),
            "copy the file into the project instead of linking to it",
        ));
    }
    let metadata = std::fs::metadata(&resolved)
        .map_err(|err| refused(format!("cannot read the file: {err}"), kind.what()))?;
    if !metadata.is_file() {
        let what = if metadata.is_dir() {
            "a folder"
        } else {
            "a device, socket or pipe"
        };
        return Err(refused(
            format!("this is {what}, not a regular file"),
            kind.what(),
        ));
    }
    let limit = kind.limit();
    let too_long = |length: String| {
        refused(
            format!(
                "the file is {length} bytes long; the limit is {limit} ({} MiB)",
                limit / (1024 * 1024)
            ),
            kind.too_long(),
        )
    };
    if metadata.len() > limit {
        return Err(too_long(metadata.len().to_string()));
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    // The limit holds even if the file grows after the check.
    std::fs::File::open(&resolved)
        .and_then(|file| file.take(limit + 1).read_to_end(&mut bytes))
        .map_err(|err| refused(format!("cannot read the file: {err}"), kind.what()))?;
    if bytes.len() as u64 > limit {
        return Err(too_long(format!("more than {limit}")));
    }
    Ok(Some(bytes))
}

/// [`read`] as UTF-8 text; invalid UTF-8 is an error at its first bad byte.
pub fn read_text(
    root: &Root,
    project: &Path,
    shown: &Path,
    kind: Kind,
) -> Result<Option<String>, Diagnostic> {
    let Some(bytes) = read(root, project, shown, kind)? else {
        return Ok(None);
    };
    String::from_utf8(bytes).map(Some).map_err(|err| {
        let valid = err.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(err.as_bytes()).into_owned();
        Diagnostic::error(shown, "the file is not valid UTF-8")
            .at(&text, valid, valid + 1)
            .with_hint("save the file as UTF-8")
    })
}
