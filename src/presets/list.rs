//! The presets as a list: text grouped for a terminal, JSON for the page
//! and the calculator's selector.

use super::preset::{Group, Preset, Values};

/// The presets as JSON, in the file's order: every field, the policy in
/// the core's terms (milliseconds) and the codes of the differences. The
/// page and the calculator's selector read this shape.
pub fn list_json(presets: &[Preset]) -> String {
    let items: Vec<serde_json::Value> = presets
        .iter()
        .map(|p| {
            serde_json::json!({
                "id": p.id,
                "name": p.name,
                "group": p.group.name(),
                "version": p.version.to_string(),
                "verified": p.verified,
                "values": p.values.name(),
                "sources": p.sources,
                "counts": p.counts.name(),
                "count": p.count,
                "policy": {
                    "base": p.policy.base,
                    "multiplier": p.policy.multiplier,
                    "max_delay": p.policy.max_delay,
                    "retries": p.policy.retries,
                    "jitter": p.policy.jitter.name(),
                    "jitter_factor": p.policy.jitter.factor(),
                    "unit": "ms",
                },
                "differs": p.differs.iter().map(|d| d.name()).collect::<Vec<_>>(),
            })
        })
        .collect();
    serde_json::to_string_pretty(&items).expect("plain data")
}

/// The presets as text: by group, in the selector's order, one line each
/// with id, version and name, and a mark for example values and for
/// presets not read in their source.
pub fn list_table(presets: &[Preset]) -> String {
    let id_width = presets.iter().map(|p| p.id.len()).max().unwrap_or(0);
    let version_width = presets
        .iter()
        .map(|p| p.version.to_string().len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for group in Group::ALL {
        let members: Vec<&Preset> = presets.iter().filter(|p| p.group == group).collect();
        if members.is_empty() {
            continue;
        }
        out.push_str(group.name());
        out.push('\n');
        for p in members {
            let mut marks = String::new();
            match p.values {
                Values::Defaults => {}
                Values::Example => marks.push_str(" (example values)"),
                Values::OptIn => marks.push_str(" (opt-in)"),
            }
            if !p.verified {
                marks.push_str(" (unverified)");
            }
            out.push_str(&format!(
                "  {:id_width$}  {:version_width$}  {}{marks}\n",
                p.id,
                p.version.to_string(),
                p.name
            ));
        }
    }
    out
}
