//! Translation status: per language, how many of the reference language's
//! messages are translated, missing or stale.
//!
//! A translation is stale when its reference message changed after it was
//! last touched. Rather than ask translators to keep hashes in comments, the
//! dates come from git: `git blame` gives every line's commit time, and a
//! message's time is the latest of its lines (uncommitted lines count as
//! now). Outside a git checkout staleness is unknown, and said to be.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::process::Command;

use serde::Serialize;

use crate::diagnostics::Diagnostics;
use crate::site::load::Site;
use crate::site::load::locales::{
    LocaleFile, OPTIONAL_MESSAGES, SITE_FILE, file_path, load_page_files,
};

/// The status of one language.
#[derive(Debug, Serialize)]
pub struct LanguageStatus {
    pub language: String,
    /// Messages present and not stale.
    pub translated: usize,
    /// Messages of the reference language.
    pub total: usize,
    /// `file: id` of each message the language lacks.
    pub missing: Vec<String>,
    /// `file: id` of each message whose reference changed since.
    pub stale: Vec<String>,
    /// `file: id` of each message the reference language does not have.
    pub extra: Vec<String>,
    /// Whether git dates were available for staleness.
    pub stale_known: bool,
}

/// Computes the status of every language of the site. Page files are read
/// one page at a time, like the build does.
pub fn status(site: &Site) -> Vec<LanguageStatus> {
    let mut rows: Vec<LanguageStatus> = site
        .config
        .languages
        .iter()
        .map(|lang| LanguageStatus {
            language: lang.to_string(),
            translated: 0,
            total: 0,
            missing: Vec::new(),
            stale: Vec::new(),
            extra: Vec::new(),
            stale_known: true,
        })
        .collect();
    // The site-wide files, then each page's, as groups of one file per
    // language.
    let site_group: Vec<Option<&LocaleFile>> = site
        .config
        .languages
        .iter()
        .map(|l| site.locales.get(l, SITE_FILE))
        .collect();
    add_group(site, &site_group, &mut rows);
    for page in &site.pages {
        let mut ignored = Diagnostics::default();
        let files = load_page_files(&site.root, &site.config.languages, &page.slug, &mut ignored);
        let group: Vec<Option<&LocaleFile>> = files.iter().map(Option::as_ref).collect();
        add_group(site, &group, &mut rows);
    }
    rows
}

/// Adds one file's counts, in every language, to `rows`.
fn add_group(site: &Site, group: &[Option<&LocaleFile>], rows: &mut [LanguageStatus]) {
    let reference = &site.config.reference;
    let Some(reference_index) = site.config.languages.iter().position(|l| l == reference) else {
        return;
    };
    let Some(reference_file) = group[reference_index] else {
        return;
    };
    let ours = reference_file.messages();
    let our_ids: HashSet<&str> = ours.iter().map(|m| m.id.as_str()).collect();
    let our_times = message_times(&site.root, reference_file);
    for (l, lang) in site.config.languages.iter().enumerate() {
        let row = &mut rows[l];
        row.total += ours.len();
        let Some(translation) = group[l] else {
            let expected = file_path(lang, &reference_file.name);
            row.missing.extend(
                ours.iter()
                    .map(|m| format!("{}: {}", expected.display(), m.id)),
            );
            continue;
        };
        let theirs = translation.messages();
        let their_times = if lang == reference {
            None
        } else {
            message_times(&site.root, translation)
        };
        if lang != reference && (their_times.is_none() || our_times.is_none()) {
            row.stale_known = false;
        }
        let their_ids: HashSet<&str> = theirs.iter().map(|m| m.id.as_str()).collect();
        for message in ours {
            if !their_ids.contains(message.id.as_str()) {
                row.missing
                    .push(format!("{}: {}", translation.path.display(), message.id));
                continue;
            }
            let changed_since = match (&our_times, &their_times) {
                (Some(ours), Some(theirs)) => ours.get(&message.id) > theirs.get(&message.id),
                _ => false,
            };
            if changed_since {
                row.stale
                    .push(format!("{}: {}", translation.path.display(), message.id));
            } else {
                row.translated += 1;
            }
        }
        for message in theirs {
            if !our_ids.contains(message.id.as_str())
                && !OPTIONAL_MESSAGES.contains(&message.id.as_str())
            {
                row.extra
                    .push(format!("{}: {}", translation.path.display(), message.id));
            }
        }
    }
}

/// The time each message of `file` last changed, from `git blame`; `None`
/// when git cannot say (no git, no checkout, file not tracked).
fn message_times(root: &Path, file: &LocaleFile) -> Option<BTreeMap<String, i64>> {
    let output = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["blame", "--porcelain", "--"])
        .arg(&file.path)
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let line_times = blame_line_times(&String::from_utf8_lossy(&output.stdout));
    let source = file.source();
    let lines: Vec<&str> = source.lines().collect();
    let mut times = BTreeMap::new();
    // Messages come in source order: count lines from one to the next.
    let (mut first, mut counted_to) = (0, 0);
    for message in file.messages() {
        let offset = message.offset.max(counted_to);
        first += source[counted_to..offset].matches('\n').count();
        counted_to = offset;
        // The message is its id line and the indented lines that follow.
        let mut last = first;
        while last + 1 < lines.len()
            && (lines[last + 1].starts_with([' ', '\t']) || lines[last + 1].trim().is_empty())
        {
            last += 1;
        }
        let time = (first..=last)
            .filter_map(|i| line_times.get(i).copied())
            .max()
            .unwrap_or(0);
        times.insert(message.id.clone(), time);
    }
    Some(times)
}

/// Each line's commit time from `git blame --porcelain` output. Lines not
/// yet committed carry the time git gives them (the present).
fn blame_line_times(porcelain: &str) -> Vec<i64> {
    let mut commit_times: BTreeMap<&str, i64> = BTreeMap::new();
    let mut times = Vec::new();
    let mut current = "";
    for line in porcelain.lines() {
        if let Some(rest) = line.strip_prefix('\t') {
            let _ = rest;
            times.push(commit_times.get(current).copied().unwrap_or(0));
        } else if let Some(time) = line.strip_prefix("committer-time ") {
            commit_times.insert(current, time.trim().parse().unwrap_or(0));
        } else if line.len() > 40 && line.as_bytes()[..40].iter().all(u8::is_ascii_hexdigit) {
            current = &line[..40];
        }
    }
    times
}

/// The status as a plain table, then the messages to work on.
pub fn to_table(rows: &[LanguageStatus]) -> String {
    let mut out = format!(
        "{:<10} {:>12} {:>8} {:>6} {:>6}\n",
        "language", "translated", "missing", "stale", "extra"
    );
    for row in rows {
        let stale = if row.stale_known {
            row.stale.len().to_string()
        } else {
            "?".to_string()
        };
        out.push_str(&format!(
            "{:<10} {:>12} {:>8} {:>6} {:>6}\n",
            row.language,
            format!("{}/{}", row.translated, row.total),
            row.missing.len(),
            stale,
            row.extra.len()
        ));
    }
    for row in rows {
        for (what, list) in [
            ("missing", &row.missing),
            ("stale", &row.stale),
            ("extra", &row.extra),
        ] {
            for item in list {
                out.push_str(&format!("{} {what}: {item}\n", row.language));
            }
        }
        if !row.stale_known {
            out.push_str(&format!(
                "{}: staleness unknown (the files are not in a git checkout)\n",
                row.language
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blame_porcelain_gives_each_line_its_commit_time() {
        let a = "a".repeat(40);
        let b = "b".repeat(40);
        let porcelain = format!(
            "{a} 1 1 2\nauthor x\ncommitter-time 100\nfilename f\n\tline one\n{a} 2 2\n\tline two\n{b} 3 3 1\ncommitter-time 200\nfilename f\n\tline three\n"
        );
        assert_eq!(blame_line_times(&porcelain), [100, 100, 200]);
    }
}
