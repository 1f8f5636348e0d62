//! The sections an explainer page can list: their names in content files,
//! their ids in HTML and Fluent, and which of the page's tables each needs.
//! A new kind of section is a variant here, its arm in
//! `pages/explainer.rs` and, when its messages take variables, in `check.rs`.

/// A section of an explainer page, in the order the definition lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Intro,
    Calculator,
    HowTo,
    Formula,
    Example,
    Tips,
    Faq,
    /// The `Retry-After` header: its forms, its cap, how it meets backoff.
    RetryAfter,
    /// Which errors to retry, and idempotency.
    Retryable,
    /// Retry amplification across layers, and retry budgets.
    Amplification,
    /// "Attempts" and "retries" in library settings.
    Attempts,
    /// A retry loop as code (a listing of `[listings]`).
    Code,
    /// The contention experiment's sections (they need `[contention]`): its
    /// model, calls and completion time against clients, the herd, findings.
    Model,
    Calls,
    Completion,
    Herd,
    Findings,
    /// The presets table and its families (`sections/defaults.rs`).
    Presets,
    /// The retry-storm sections (they need `[storms]`): retries through
    /// layers, the spike a system does not recover from, open and closed
    /// clients, retry strategies and the libraries' budgets over failure
    /// rates.
    Layers,
    Collapse,
    Systems,
    Budgets,
    Libraries,
    /// The lab: the storm model in the browser, on any scenario.
    Lab,
    /// The works a page draws on, as a list of links.
    Sources,
}

impl Section {
    pub(super) const ALL: [Section; 25] = [
        Section::Intro,
        Section::Calculator,
        Section::HowTo,
        Section::Formula,
        Section::Example,
        Section::Tips,
        Section::Faq,
        Section::RetryAfter,
        Section::Retryable,
        Section::Amplification,
        Section::Attempts,
        Section::Code,
        Section::Model,
        Section::Calls,
        Section::Completion,
        Section::Herd,
        Section::Findings,
        Section::Presets,
        Section::Layers,
        Section::Collapse,
        Section::Systems,
        Section::Budgets,
        Section::Libraries,
        Section::Lab,
        Section::Sources,
    ];

    /// The section's name in content files, its HTML id and the prefix of its
    /// Fluent messages (`how-to-heading`, `how-to`).
    pub const fn id(self) -> &'static str {
        match self {
            Section::Intro => "intro",
            Section::Calculator => "calculator",
            Section::HowTo => "how-to",
            Section::Formula => "formula",
            Section::Example => "example",
            Section::Tips => "tips",
            Section::Faq => "faq",
            Section::RetryAfter => "retry-after",
            Section::Retryable => "retryable",
            Section::Amplification => "amplification",
            Section::Attempts => "attempts",
            Section::Code => "code",
            Section::Model => "model",
            Section::Calls => "calls",
            Section::Completion => "completion",
            Section::Herd => "herd",
            Section::Findings => "findings",
            Section::Presets => "presets",
            Section::Layers => "layers",
            Section::Collapse => "collapse",
            Section::Systems => "systems",
            Section::Budgets => "budgets",
            Section::Libraries => "libraries",
            Section::Lab => "lab",
            Section::Sources => "sources",
        }
    }

    /// Whether the section shows the contention experiment's results, which
    /// the page's `[contention]` table defines.
    pub const fn needs_contention(self) -> bool {
        matches!(
            self,
            Section::Model
                | Section::Calls
                | Section::Completion
                | Section::Herd
                | Section::Findings
        )
    }

    /// Whether the section shows the retry-storm scenarios, which the
    /// page's `[storms]` table defines.
    pub const fn needs_storms(self) -> bool {
        matches!(
            self,
            Section::Layers
                | Section::Collapse
                | Section::Systems
                | Section::Budgets
                | Section::Libraries
                | Section::Lab
        )
    }

    pub fn from_id(id: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.id() == id)
    }

    /// Whether the section's message gets the page's arguments: its
    /// formulas, figures and listings (see [`Page::argument_names`]).
    pub fn takes_page_arguments(self) -> bool {
        matches!(
            self,
            Section::Formula
                | Section::RetryAfter
                | Section::Retryable
                | Section::Amplification
                | Section::Attempts
                | Section::Code
        )
    }
}
