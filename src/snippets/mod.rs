//! "As code": a policy of the core turned into copyable configuration for a
//! library, one small function per library (`python.rs`, `jvm.rs`,
//! `dotnet.rs`, `go.rs`, `rust.rs`, `grpc.rs`), each writing its snippet as
//! data, a [`Recipe`]: a template with typed holes and the checks of what
//! differs, which `template.rs` fills here and the calculator's script
//! fills in the page by the same rule ([`script_recipes`]).
//!
//! Each snippet either reproduces the core's schedule (the same delays, or
//! the same range of each jittered delay, up to floating-point rounding and
//! the library's clock resolution below a microsecond) or lists precisely how
//! it differs, as [`Difference`]s: a code and its variables, which the page
//! translates. The code itself is never translated; its comments are, and
//! come in as [`Comments`]. The library's rule each snippet relies on is
//! cited next to its function; `tests/suite/snippets.rs` checks the settings
//! against those rules and runs tenacity and urllib3 themselves.
//!
//! This module never computes a schedule (the core does) and owns no text a
//! reader sees except the code.

pub mod difference;
mod dotnet;
mod go;
mod grpc;
mod jvm;
mod literals;
mod python;
mod rust;
pub mod template;

pub use difference::DifferenceCode;

use crate::backoff::{Jitter, Policy};
use template::{Recipe, Val};

/// The libraries a policy can be written for, in the order a page lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Library {
    Tenacity,
    Urllib3,
    Resilience4j,
    SpringRetry,
    Polly,
    CenkaltiBackoff,
    Backon,
    GrpcServiceConfig,
}

impl Library {
    pub const ALL: [Library; 8] = [
        Library::Tenacity,
        Library::Urllib3,
        Library::Resilience4j,
        Library::SpringRetry,
        Library::Polly,
        Library::CenkaltiBackoff,
        Library::Backon,
        Library::GrpcServiceConfig,
    ];

    /// The stable id (URLs, message ids, tests).
    pub const fn id(self) -> &'static str {
        match self {
            Library::Tenacity => "tenacity",
            Library::Urllib3 => "urllib3",
            Library::Resilience4j => "resilience4j",
            Library::SpringRetry => "spring-retry",
            Library::Polly => "polly",
            Library::CenkaltiBackoff => "cenkalti-backoff",
            Library::Backon => "backon",
            Library::GrpcServiceConfig => "grpc-service-config",
        }
    }

    /// The library's own name, as its documentation writes it (not
    /// translated).
    pub const fn name(self) -> &'static str {
        match self {
            Library::Tenacity => "tenacity",
            Library::Urllib3 => "urllib3",
            Library::Resilience4j => "resilience4j",
            Library::SpringRetry => "Spring Retry",
            Library::Polly => "Polly",
            Library::CenkaltiBackoff => "cenkalti/backoff",
            Library::Backon => "backon",
            Library::GrpcServiceConfig => "gRPC service config",
        }
    }

    /// The language of the code, for highlighting and the copy button.
    pub const fn language(self) -> &'static str {
        match self {
            Library::Tenacity | Library::Urllib3 => "python",
            Library::Resilience4j | Library::SpringRetry => "java",
            Library::Polly => "csharp",
            Library::CenkaltiBackoff => "go",
            Library::Backon => "rust",
            Library::GrpcServiceConfig => "json",
        }
    }

    /// What starts a line comment in the code; JSON has none.
    pub const fn comment_marker(self) -> Option<&'static str> {
        match self {
            Library::Tenacity | Library::Urllib3 => Some("#"),
            Library::GrpcServiceConfig => None,
            _ => Some("//"),
        }
    }

    pub fn from_id(id: &str) -> Option<Library> {
        Library::ALL.into_iter().find(|l| l.id() == id)
    }
}

/// The translated comments a snippet carries (JSON has none, so the gRPC
/// service config leaves them out). Each may span several lines; every line
/// is made a comment of the snippet's language.
#[derive(Clone, Copy, Debug)]
pub struct Comments<'a> {
    /// Above the configuration: what it is (say, "Retry policy from the
    /// calculator: 3 retries").
    pub policy: &'a str,
    /// Added when the snippet differs from the schedule shown (say, "Not
    /// the same schedule: see the notes below").
    pub differs: &'a str,
}

/// How a snippet's schedule differs from the core's. The page shows the
/// message `snippet-differs-<code>` with the variables; durations are in
/// milliseconds, like the policy given.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    pub code: DifferenceCode,
    pub vars: Vec<(&'static str, Var)>,
}

/// A variable of a [`Difference`].
#[derive(Clone, Debug, PartialEq)]
pub enum Var {
    Number(f64),
    /// A code the page translates too (a jitter kind's name).
    Code(&'static str),
}

/// One library's configuration for a policy.
#[derive(Clone, Debug)]
pub struct Snippet {
    pub library: Library,
    pub code: String,
    /// Empty when the snippet reproduces the schedule.
    pub differences: Vec<Difference>,
    /// The numbers written into the code, under the library's names:
    /// durations in seconds for the Python libraries, in milliseconds for
    /// the others (an absent cap is infinite). What the tests check against
    /// each library's rule.
    pub settings: Vec<(&'static str, f64)>,
}

impl Snippet {
    /// Whether the snippet reproduces the schedule.
    pub fn is_exact(&self) -> bool {
        self.differences.is_empty()
    }

    /// A setting by its library name.
    pub fn setting(&self, name: &str) -> Option<f64> {
        self.settings
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, v)| v)
    }
}

/// The configuration of `library` for `policy`, whose durations are in
/// milliseconds (convert a policy in seconds first). The policy must be one
/// the core accepts. The code is the library's [`recipe`] filled by
/// [`template::fill`], the rule the calculator's script follows too.
pub fn snippet(library: Library, policy: &Policy, comments: &Comments) -> Snippet {
    let recipe = recipe(library);
    let env = template::Env::of(policy).with(&recipe);
    let (body, checks) = template::fill(&recipe, &env);
    let differences: Vec<Difference> = checks
        .into_iter()
        .map(|(code, vars)| Difference {
            code,
            vars: vars
                .into_iter()
                .map(|(name, value)| (name, var(value)))
                .collect(),
        })
        .collect();
    let [policy_comment, differs_comment] = comment_lines(library, comments);
    let mut code = policy_comment;
    if !differences.is_empty() {
        code.push_str(&differs_comment);
    }
    code.push_str(&body);
    let settings = recipe
        .settings
        .iter()
        .filter_map(|(name, e)| match template::eval(e, &env) {
            Val::Num(x) => Some((*name, x)),
            _ => None,
        })
        .collect();
    Snippet {
        library,
        code,
        differences,
        settings,
    }
}

/// Every library's recipe as the calculator's script reads it (the
/// "as code" data asset, `calc-code.*.json`): its id, its two comments as code (the second
/// only shown when the snippet differs), template, holes and checks.
/// `fillSnippets` in `static/calculator/as_code.js` makes of it what [`snippet`]
/// makes.
pub fn script_recipes(comments: &Comments) -> serde_json::Value {
    Library::ALL
        .into_iter()
        .map(|library| {
            let mut json = recipe(library).json();
            json["id"] = library.id().into();
            json["comments"] = comment_lines(library, comments).to_vec().into();
            json
        })
        .collect()
}

/// The comments as lines of `library`'s code: what the code says, and that
/// it differs (JSON has no comments: both empty).
fn comment_lines(library: Library, comments: &Comments) -> [String; 2] {
    match library.comment_marker() {
        Some(marker) => [
            comment(library, marker, comments.policy),
            comment(library, marker, comments.differs),
        ],
        None => [String::new(), String::new()],
    }
}

/// The template and checks of `library`'s snippet, as data.
pub fn recipe(library: Library) -> Recipe {
    let recipe = match library {
        Library::Tenacity => python::tenacity(),
        Library::Urllib3 => python::urllib3(),
        Library::Resilience4j => jvm::resilience4j(),
        Library::SpringRetry => jvm::spring_retry(),
        Library::Polly => dotnet::polly(),
        Library::CenkaltiBackoff => go::cenkalti_backoff(),
        Library::Backon => rust::backon(),
        Library::GrpcServiceConfig => grpc::service_config(),
    };
    recipe.with_jitter_check()
}

/// A difference's variable from its value: a text is a jitter kind's name.
fn var(value: Val) -> Var {
    match value {
        Val::Num(x) => Var::Number(x),
        Val::Str(text) => Var::Code(
            Jitter::NAMES
                .into_iter()
                .find(|k| *k == text)
                .unwrap_or_else(|| panic!("{text} is no jitter kind")),
        ),
        other => panic!("a difference's variable is {other:?}"),
    }
}

/// Every library's configuration for `policy`, in [`Library::ALL`]'s order.
pub fn all(policy: &Policy, comments: &Comments) -> Vec<Snippet> {
    Library::ALL
        .into_iter()
        .map(|library| snippet(library, policy, comments))
        .collect()
}

/// `text` as line comments of `library`'s language: a translated text is
/// copied into readers' code, so nothing in it may end the comment or hide
/// code. Each line any target language ends a line comment at (LF, CR, VT,
/// FF, NEL, U+2028, U+2029) becomes a line of its own with the marker;
/// other control characters and the bidirectional controls that can make
/// code read other than it runs become spaces; and in Java, whose compiler
/// decodes `\u000a` before it sees comments, every backslash is doubled,
/// so that none begins a Unicode escape (JLS 3.3).
fn comment(library: Library, marker: &str, text: &str) -> String {
    let doubles_backslashes = library.language() == "java";
    let text = text.replace("\r\n", "\n");
    // As `str::lines`: no comment line for a final line end or an empty text.
    let text = text.strip_suffix(is_line_end).unwrap_or(&text);
    if text.is_empty() {
        return String::new();
    }
    text.split(is_line_end)
        .map(|line| {
            let mut safe = String::with_capacity(line.len());
            for c in line.chars() {
                match c {
                    '\\' if doubles_backslashes => safe.push_str("\\\\"),
                    c if hides_code(c) => safe.push(' '),
                    c => safe.push(c),
                }
            }
            format!("{marker} {}\n", safe.trim_end())
        })
        .collect()
}

/// Whether some target language ends a line (and so a line comment) at
/// `c`: Python, Go and Rust at LF and CR, C# also at NEL, U+2028 and
/// U+2029, and editors at VT and FF.
fn is_line_end(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// Characters a comment must not carry: those that act on the display
/// (`diagnostics::acts_on_display`: controls, which terminals and some
/// compilers act on, and bidirectional controls, which display code in an
/// order other than the one it runs in).
fn hides_code(c: char) -> bool {
    crate::diagnostics::acts_on_display(c)
}
