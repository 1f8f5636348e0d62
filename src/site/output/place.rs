//! What the output folder may be, decided from the paths alone (with
//! symbolic links resolved): never a link, never in a version-control
//! folder, never the project or one of its folders, and why not
//! ([`Refusal`]). It reads the file system only to resolve paths; it writes
//! nothing.

use std::fs::{self};
use std::io;
use std::path::{Component, Path, PathBuf};

/// The project's own folders: the ones the build reads, and the ones that
/// hold its code, tests and tools. An output folder may be none of them nor
/// lie inside one; `target/` may hold output folders (the preview of
/// `serve`, the browser tests' build), but may not be one.
pub const PROJECT_FOLDERS: &[&str] = &[
    "content",
    "locales",
    "static",
    "templates",
    "src",
    "tests",
    "benches",
    "fuzz",
    "scripts",
    "target",
    "node_modules",
    ".ci",
    ".github",
];

/// The folder inside the project where output folders may nest.
const ARTIFACTS_FOLDER: &str = "target";

/// Folders of version-control systems: their contents are history, which a
/// build must never replace.
pub const VCS_FOLDERS: &[&str] = &[
    ".git", ".hg", ".svn", ".bzr", "_darcs", ".pijul", ".jj", "CVS",
];

/// Why an output folder is refused, and what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    pub hint: Option<String>,
}

impl Refusal {
    pub(super) fn new(message: impl Into<String>, hint: impl Into<String>) -> Refusal {
        Refusal {
            message: message.into(),
            hint: Some(hint.into()),
        }
    }

    /// An error of the file system, without a hint: the message says it all.
    pub(super) fn io(what: impl std::fmt::Display, err: io::Error) -> Refusal {
        Refusal {
            message: format!("{what}: {err}"),
            hint: None,
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, " ({hint})")?;
        }
        Ok(())
    }
}

pub(super) const OWN_FOLDER: &str = "choose a folder of its own, such as `dist`";

/// Decides, from the paths alone, whether `out` may be the output folder of
/// the project at `root`. Paths are resolved first (every symbolic link of
/// the existing part followed, `.` and `..` removed), so no spelling and no
/// link gets around a rule.
pub fn resolve_output(root: &Path, out: &Path) -> Result<PathBuf, Refusal> {
    let shown = out.display();
    if let Some(file) = blocking_file(out) {
        return Err(Refusal::new(
            format!(
                "`{}` is a file, so the output folder cannot be created",
                file.display()
            ),
            "remove the file, or choose another output folder",
        ));
    }
    // A link would be replaced by a folder, or its target written through:
    // neither is what whoever made the link meant. Without a trailing `/`,
    // which would make the system look through the link.
    let given: PathBuf = out.components().collect();
    if fs::symlink_metadata(&given).is_ok_and(|m| m.file_type().is_symlink()) {
        let target = fs::read_link(&given)
            .map(|t| format!(" (to `{}`)", t.display()))
            .unwrap_or_default();
        return Err(Refusal::new(
            format!(
                "the output folder `{shown}` is a symbolic link{target}, and the build never writes through links"
            ),
            "give the path of the folder it points to, if that folder is meant, or of a new folder",
        ));
    }
    let root = resolve(root).map_err(|e| Refusal::io("cannot resolve the project folder", e))?;
    let resolved = resolve(out).map_err(|e| Refusal::io(format!("cannot resolve `{shown}`"), e))?;
    if root.starts_with(&resolved) {
        let what = if root == resolved { "is" } else { "holds" };
        return Err(Refusal::new(
            format!(
                "the output folder `{shown}` {what} the project folder, which a build would replace as a whole"
            ),
            OWN_FOLDER,
        ));
    }
    // Compared ignoring case, as some file systems do.
    if let Some(vcs) = resolved.ancestors().find_map(|a| {
        let name = a.file_name()?.to_str()?;
        VCS_FOLDERS.iter().find(|v| name.eq_ignore_ascii_case(v))
    }) {
        let what = if resolved
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.eq_ignore_ascii_case(vcs))
        {
            "is"
        } else {
            "is inside"
        };
        return Err(Refusal::new(
            format!(
                "the output folder `{shown}` {what} a version-control folder (`{vcs}/`), whose history a build would replace"
            ),
            OWN_FOLDER,
        ));
    }
    if let Ok(inside) = resolved.strip_prefix(&root) {
        // Where a link or `..` took the path, say so: the rule is about
        // where it ends up.
        let resolves_to = if inside == out {
            String::new()
        } else {
            format!(" (it resolves to `{}` in the project)", inside.display())
        };
        let mut parts = inside.components();
        let top = parts
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned());
        let deeper = parts.next().is_some();
        if let Some(top) = top {
            let own = PROJECT_FOLDERS.iter().any(|f| f.eq_ignore_ascii_case(&top));
            if own && (top != ARTIFACTS_FOLDER || !deeper) {
                let message = if deeper {
                    format!(
                        "the output folder `{shown}` is inside the project's folder `{top}/`{resolves_to}"
                    )
                } else {
                    format!(
                        "the output folder `{shown}` is the project's folder `{top}/`{resolves_to}, which a build would replace as a whole"
                    )
                };
                return Err(Refusal::new(message, OWN_FOLDER));
            }
            if deeper && top != ARTIFACTS_FOLDER {
                return Err(Refusal::new(
                    format!(
                        "the output folder `{shown}` is inside `{top}/`{resolves_to}; inside the project, an output folder is a folder at its top or under `{ARTIFACTS_FOLDER}/`"
                    ),
                    "build into a folder at the top of the project, such as `dist`, or outside the project",
                ));
            }
        }
    }
    Ok(resolved)
}

/// `path` made absolute, with every symbolic link of its existing part
/// resolved and free of `.` and `..`; the rest need not exist yet.
pub fn resolve(path: &Path) -> io::Result<PathBuf> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    };
    let mut resolved = PathBuf::new();
    for component in absolute.components() {
        match component {
            // `resolved` holds no link, so its parent is what `..` means.
            Component::ParentDir => {
                resolved.pop();
            }
            Component::CurDir => {}
            other => {
                resolved.push(other);
                if fs::symlink_metadata(&resolved).is_ok() {
                    resolved = fs::canonicalize(&resolved)?;
                }
            }
        }
    }
    Ok(resolved)
}

/// A file standing where the output folder or one of its parents should
/// be, which would make the build fail only after all the work.
pub fn blocking_file(out: &Path) -> Option<PathBuf> {
    out.ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| a.exists())
        .filter(|a| !a.is_dir())
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_may_not_hold_or_sit_in_the_project() {
        let root = Path::new("/project");
        for refused in [
            "/project",
            "/project/.",
            "/",
            "/project/locales",
            "/project/content/x/..",
            "/project/tests",
            "/project/tests/out",
            "/project/target",
            "/project/docs/site",
            "/project/dist/en",
            "/project/.git",
            "/project/.GIT",
            "/project/Tests",
            "/elsewhere/.hg/out",
        ] {
            assert!(
                resolve_output(root, Path::new(refused)).is_err(),
                "{refused}"
            );
        }
        for accepted in [
            "/project/dist",
            "/project/target/serve",
            "/project/preview",
            "/elsewhere/out",
        ] {
            assert!(
                resolve_output(root, Path::new(accepted)).is_ok(),
                "{accepted}"
            );
        }
    }
}
