//! The presets file, `content/presets.toml`: the retry defaults of widely
//! used libraries and protocols, each in the core's terms, with its version,
//! the source lines it was read from and what the core cannot express.
//!
//! This module reads and validates the file (every problem a diagnostic at
//! its value: unknown fields, kinds and codes, a count that does not match
//! the retries, a source link that is missing or not pinned, a duplicate id,
//! a policy the core refuses) and hands out [`Preset`]s. It owns no text a
//! reader sees: names of groups, counts and differences are codes the page
//! translates. It computes no schedule (the core does).
//!
//! The file is also compiled into the binary ([`embedded`]), so that
//! `schedule --preset` works from any folder; `check` validates the copy in
//! the site's folder, and a test keeps the two the same.
//!
//! `parse.rs` holds the reading and the checks, `list.rs` the list that
//! `schedule --preset list` prints (text, or JSON for the page and the
//! calculator's selector).

mod list;
mod parse;
mod preset;

use std::path::Path;

use crate::diagnostics::Diagnostic;

pub use list::{list_json, list_table};
pub use parse::parse;
pub use preset::{Counts, Difference, Group, Preset, Values, Version};

/// Where the file lives in a site's folder.
pub const FILE: &str = "content/presets.toml";

/// The project's presets file, as compiled into the binary.
pub const EMBEDDED: &str = include_str!("../../content/presets.toml");

/// The presets compiled into the binary. The project's file is checked by
/// the tests, so this never fails in a released binary; a broken file
/// edited since is reported, not panicked on.
pub fn embedded() -> Result<Vec<Preset>, Vec<Diagnostic>> {
    parse(Path::new(FILE), EMBEDDED)
}

/// Reads `content/presets.toml` of a site, if it has one: a site without
/// presets is valid. Problems go to `problems`.
pub fn load(root: &Path, problems: &mut Vec<Diagnostic>) -> Vec<Preset> {
    let path = Path::new(FILE);
    let inputs = crate::input::Root::new(root);
    match crate::input::read_text(&inputs, root, path, crate::input::Kind::Definition) {
        Ok(Some(source)) => parse(path, &source).unwrap_or_else(|found| {
            problems.extend(found);
            Vec::new()
        }),
        Ok(None) => Vec::new(),
        Err(refused) => {
            problems.push(refused);
            Vec::new()
        }
    }
}

/// Finds a preset by id.
pub fn find<'a>(presets: &'a [Preset], id: &str) -> Option<&'a Preset> {
    presets.iter().find(|p| p.id == id)
}
