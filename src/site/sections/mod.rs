//! The sections a page is made of, one folder or file each: what a section
//! shows, from its definition in `content/`, the core's figures and its
//! messages. A section returns its view or its Fluent arguments; it never
//! decides a path or writes a file.

pub mod calculator;
pub mod charts;
pub mod contention;
pub mod defaults;
pub mod examples;
pub mod storms;

/// The variables the build passes to message `id`, from the section that
/// formats it; `None` for a message no section formats.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    examples::variables(id)
        .or_else(|| contention::experiment::variables(id))
        .or_else(|| defaults::variables(id))
        .or_else(|| calculator::variables(id))
        .or_else(|| storms::variables(id))
        .or_else(|| storms::lab::variables(id))
}
