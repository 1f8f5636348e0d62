//! What every check of a message's markup shares: how deep Markdown and
//! formulas may nest, and the error a refused message gets.

/// How deep Markdown (block quotes, lists and their items, emphasis, links:
/// each counts) and formulas (braces, `\left…\right`, environments) may
/// nest.
pub const MAX_NESTING: usize = 32;

/// What went wrong in a message's Markdown or math.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkupError {
    pub message: String,
}

impl MarkupError {
    pub(super) fn new(message: impl Into<String>) -> MarkupError {
        MarkupError {
            message: message.into(),
        }
    }
}
