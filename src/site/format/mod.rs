//! How figures and markup are written, shared by every section: numbers and
//! lists in a language's notation (`intl`), durations with their unit or in
//! words (`duration`), SVG drawing (`svg`) and JSON
//! inside a page's `<script>` elements (`json`).

pub mod duration;
pub mod intl;
pub mod json;
pub mod markdown;
pub mod svg;
pub mod texts;
