//! Formulas of messages, LaTeX to MathML: the checks before conversion
//! (nesting at most `MAX_NESTING` levels, at most [`MAX_FORMULA_COMMANDS`]
//! commands, no definitions, no placeholders), the conversion by
//! pulldown-latex on a thread with a stack large enough for its recursion,
//! and the escaping of what it would copy unescaped. The MathML it writes
//! goes through `mathml.rs` before it leaves; it never renders Markdown.
//! Each short formula converted without a problem is remembered for the
//! rest of the process, since pages and languages repeat their formulas.

use std::collections::HashMap;
use std::sync::Mutex;

use pulldown_latex::config::DisplayMode;
use pulldown_latex::event::Content;
use pulldown_latex::{RenderConfig, Storage};

use super::error::{MAX_NESTING, MarkupError};
use super::mathml::{ESCAPES, reserialize, work};

/// How many commands (`\name`) one formula may use. pulldown-latex parses a
/// command given as a bare argument of another (`\sqrt\sqrt x`,
/// `\frac 1 \frac 1 2`) by recursion, so this bounds its stack depth.
pub const MAX_FORMULA_COMMANDS: usize = 500;

/// The stack of the thread a formula is converted on: room for
/// [`MAX_FORMULA_COMMANDS`] nested recursions in an unoptimized build
/// (about 16 KiB each), four times over.
const FORMULA_STACK_BYTES: usize = 32 << 20;

/// Formulas with at most this many commands recurse at most this deep,
/// which any thread's stack holds (2 MiB by default): they are converted in
/// place, as starting a thread with a large stack costs more than most
/// conversions.
const IN_PLACE_COMMANDS: usize = 32;

/// Formulas at most this long are remembered once converted ([`known`]).
const KEPT_FORMULA_BYTES: usize = 1024;

/// The MathML remembered, in bytes of LaTeX and MathML together, at most.
const KEPT_BYTES: usize = 4 << 20;

/// The formulas converted so far in this process, with their MathML. The
/// conversion depends on the formula and the mode alone (and on the
/// converter compiled into this process), and a site repeats its formulas
/// on page after page and in every language (the delay formula, `$n$`):
/// each is converted once. Only conversions that succeed are kept; a
/// failing formula is converted, and reported, every time it appears.
struct Known {
    by_formula: HashMap<(bool, String), String>,
    bytes: usize,
}

static KNOWN: Mutex<Option<Known>> = Mutex::new(None);

fn known() -> std::sync::MutexGuard<'static, Option<Known>> {
    KNOWN.lock().unwrap_or_else(|e| e.into_inner())
}

/// LaTeX to MathML, or the first problem.
pub fn mathml(latex: &str, mode: DisplayMode) -> Result<String, MarkupError> {
    if latex.len() > KEPT_FORMULA_BYTES {
        return convert_checked(latex, mode);
    }
    let key = (mode == DisplayMode::Block, latex.to_string());
    if let Some(math) = known().as_ref().and_then(|k| k.by_formula.get(&key)) {
        return Ok(math.clone());
    }
    let math = convert_checked(latex, mode)?;
    let mut known = known();
    let known = known.get_or_insert_with(|| Known {
        by_formula: HashMap::new(),
        bytes: 0,
    });
    let size = key.1.len() + math.len();
    if known.bytes + size <= KEPT_BYTES {
        known.bytes += size;
        known.by_formula.insert(key, math.clone());
    }
    Ok(math)
}

/// [`mathml`] without the memory: checked, then converted.
fn convert_checked(latex: &str, mode: DisplayMode) -> Result<String, MarkupError> {
    let commands = check_formula(latex)?;
    // A panic of the converter (pulldown-latex has internal assertions)
    // becomes an error of the formula, not a crash of the build.
    let failed = || {
        MarkupError::new(format!(
            "the formula `{}` makes the converter fail; simplify it",
            shown(latex)
        ))
    };
    if commands <= IN_PLACE_COMMANDS {
        return std::panic::catch_unwind(|| convert(latex, mode)).unwrap_or_else(|_| Err(failed()));
    }
    // A longer formula is converted on a thread whose stack holds the
    // deepest recursion the limits allow, whatever the caller's stack.
    let converted = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("formula".into())
            .stack_size(FORMULA_STACK_BYTES)
            .spawn_scoped(scope, || convert(latex, mode))
            .map(|thread| thread.join())
    });
    match converted {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(failed()),
        Err(err) => Err(MarkupError::new(format!(
            "cannot start converting the formula `{}`: {err}",
            shown(latex)
        ))),
    }
}

/// A formula as error messages quote it: its start, if it is long.
fn shown(latex: &str) -> String {
    const SHOWN: usize = 60;
    match latex.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &latex[..cut]),
        None => latex.to_string(),
    }
}

/// The limits of a formula, checked on its text in one pass before the
/// converter sees it: nesting, the number of commands, no definitions.
/// Returns the number of commands.
fn check_formula(latex: &str) -> Result<usize, MarkupError> {
    let too_deep = || {
        MarkupError::new(format!(
            "the formula `{}` is nested too deeply: more than {MAX_NESTING} levels of braces, `\\left…\\right` or environments",
            shown(latex)
        ))
    };
    if let Some(c) = latex.chars().find(|c| PLACEHOLDERS.contains(c)) {
        return Err(MarkupError::new(format!(
            "the formula `{}` contains the character U+{:04X}, which is not text",
            shown(latex),
            u32::from(c)
        )));
    }
    let bytes = latex.as_bytes();
    let (mut depth, mut commands, mut i) = (0usize, 0usize, 0usize);
    while i < bytes.len() {
        work::add(1);
        match bytes[i] {
            b'\\' => {
                let name_len = bytes[i + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                let name = &latex[i + 1..i + 1 + name_len];
                work::add(name_len);
                commands += 1;
                if commands > MAX_FORMULA_COMMANDS {
                    return Err(MarkupError::new(format!(
                        "the formula `{}` is nested too deeply or too long: more than {MAX_FORMULA_COMMANDS} commands",
                        shown(latex)
                    )));
                }
                match name {
                    "left" | "begin" | "begingroup" => depth += 1,
                    "right" | "end" | "endgroup" => depth = depth.saturating_sub(1),
                    "def" | "let" | "futurelet" | "newcommand" | "renewcommand" => {
                        return Err(MarkupError::new(format!(
                            "the formula `{}` defines a command (`\\{name}`), which formulas may not",
                            shown(latex)
                        )));
                    }
                    _ => {}
                }
                // A one-character command (`\{`, `\\`) is skipped whole, so
                // that an escaped brace does not count as a group.
                i += 1 + name_len.max(1);
            }
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
        if depth > MAX_NESTING {
            return Err(too_deep());
        }
    }
    Ok(commands)
}

/// Stand-ins, during rendering, for the characters pulldown-latex copies
/// unescaped from some commands' arguments: `<`, `>`, `&`, `"`. They are
/// noncharacters (never text), refused in formulas, and replaced by their
/// entities once the MathML is written.
const PLACEHOLDERS: [char; 4] = ['\u{FDD0}', '\u{FDD1}', '\u{FDD2}', '\u{FDD3}'];

fn placeholder(c: char) -> char {
    ESCAPES
        .iter()
        .position(|(special, _)| *special == c)
        .map_or(c, |i| PLACEHOLDERS[i])
}

fn convert(latex: &str, mode: DisplayMode) -> Result<String, MarkupError> {
    let storage = Storage::new();
    let mut events = Vec::new();
    for event in pulldown_latex::Parser::new(latex, &storage) {
        match event {
            Ok(event) => events.push(event),
            Err(err) => {
                // The error's first line says what is wrong; the rest is a
                // drawing of the context, which our own diagnostic gives.
                let err = err.to_string();
                let reason = err.lines().next().unwrap_or_default();
                return Err(MarkupError::new(format!(
                    "the formula `{}` does not convert: {reason}",
                    shown(latex)
                )));
            }
        }
    }
    // Strings and characters of the formula, with the characters HTML
    // treats specially replaced by placeholders (owned here, borrowed by the
    // events below).
    let replaced: Vec<String> = events
        .iter()
        .filter_map(|event| match event {
            pulldown_latex::Event::Content(
                Content::Text(s) | Content::Number(s) | Content::Function(s),
            ) if s.contains(['<', '>', '&', '"']) => Some(s.chars().map(placeholder).collect()),
            _ => None,
        })
        .collect();
    let mut replaced = replaced.iter();
    let events = events.into_iter().map(|event| {
        use pulldown_latex::Event::Content as E;
        let event = match event {
            E(Content::Text(s)) if s.contains(['<', '>', '&', '"']) => {
                E(Content::Text(replaced.next().expect("counted above")))
            }
            E(Content::Number(s)) if s.contains(['<', '>', '&', '"']) => {
                E(Content::Number(replaced.next().expect("counted above")))
            }
            E(Content::Function(s)) if s.contains(['<', '>', '&', '"']) => {
                E(Content::Function(replaced.next().expect("counted above")))
            }
            E(Content::Ordinary { content, stretchy }) => E(Content::Ordinary {
                content: placeholder(content),
                stretchy,
            }),
            E(Content::BinaryOp { content, small }) => E(Content::BinaryOp {
                content: placeholder(content),
                small,
            }),
            E(Content::LargeOp { content, small }) => E(Content::LargeOp {
                content: placeholder(content),
                small,
            }),
            E(Content::Delimiter { content, size, ty }) => E(Content::Delimiter {
                content: placeholder(content),
                size,
                ty,
            }),
            E(Content::Punctuation(c)) => E(Content::Punctuation(placeholder(c))),
            // Relations cannot be rebuilt from outside pulldown-latex; theirs
            // are single characters (`<`), which the re-serializer escapes.
            other => other,
        };
        Ok::<_, pulldown_latex::ParserError>(event)
    });
    let config = RenderConfig {
        display_mode: mode,
        ..RenderConfig::default()
    };
    let mut written = String::new();
    pulldown_latex::push_mathml(&mut written, events, config).map_err(|e| {
        MarkupError::new(format!(
            "the formula `{}` does not convert: {e}",
            shown(latex)
        ))
    })?;
    let mut out = reserialize(&written)
        .map_err(|problem| MarkupError::new(format!("the formula `{}` {problem}", shown(latex))))?;
    if out.contains(PLACEHOLDERS) {
        for (placeholder, (_, entity)) in PLACEHOLDERS.iter().zip(ESCAPES) {
            work::add(out.len());
            out = out.replace(*placeholder, entity);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The repro: `\operatorname` copied its argument unescaped.
    #[test]
    fn operator_names_are_escaped() {
        for command in ["\\operatorname", "\\mathop"] {
            let latex = format!(
                "{command}{{</math><meta http-equiv=\"refresh\" content=\"0;url=/en/?x\">}}"
            );
            let math = mathml(&latex, DisplayMode::Inline).unwrap();
            assert!(!math.contains("<meta"), "{math}");
            assert!(
                math.contains("&lt;/math&gt;&lt;meta http-equiv=&quot;refresh&quot;"),
                "{math}"
            );
        }
        let math = mathml("a < b \\char60 \\char38", DisplayMode::Inline).unwrap();
        assert_eq!(
            math,
            "<math display=\"inline\"><mi>a</mi><mo>&lt;</mo><mi>b</mi><mi>&lt;</mi><mi>&amp;</mi></math>"
        );
    }

    fn nested(open: &str, close: &str, n: usize) -> String {
        format!("{}x{}", open.repeat(n), close.repeat(n))
    }

    #[test]
    fn formula_nesting_is_limited() {
        let deep = [
            nested("{", "}", 40_000),
            nested("\\sqrt{", "}", 1_900),
            nested("\\left(", "\\right)", 100),
            nested("\\begin{matrix}", "\\end{matrix}", 100),
            nested("x^{", "}", 100),
        ];
        for latex in deep {
            let started = std::time::Instant::now();
            let err = mathml(&latex, DisplayMode::Block).unwrap_err();
            assert!(err.message.contains("nested too deeply"), "{}", err.message);
            assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
        }
        // At the limit, the formula converts.
        for latex in [
            nested("{", "}", MAX_NESTING),
            nested("\\sqrt{", "}", MAX_NESTING),
            nested("\\left(", "\\right)", MAX_NESTING / 2),
        ] {
            mathml(&latex, DisplayMode::Block).unwrap();
        }
        // An escaped brace is not a group.
        mathml(&"\\{".repeat(100), DisplayMode::Block).unwrap();
    }

    #[test]
    fn commands_as_bare_arguments_are_limited_and_safe_up_to_the_limit() {
        for (chain, n) in [("\\sqrt ", 1_900), ("\\frac 1 ", 5_000)] {
            let latex = format!("{}1", chain.repeat(n));
            let err = mathml(&latex, DisplayMode::Block).unwrap_err();
            assert!(
                err.message.contains("more than 500 commands"),
                "{}",
                err.message
            );
            // The message quotes only the formula's start.
            assert!(err.message.len() < 300, "{}", err.message);
        }
        // At the limit, recursion stays within the converter's own stack,
        // even on this test's small thread stack and unoptimized.
        for chain in ["\\sqrt ", "\\frac 1 "] {
            let latex = format!("{}1", chain.repeat(MAX_FORMULA_COMMANDS));
            mathml(&latex, DisplayMode::Block).unwrap();
        }
        // Converted in place, on this test's 2 MiB stack, unoptimized.
        for latex in [
            format!("{}1", "\\sqrt ".repeat(IN_PLACE_COMMANDS)),
            format!("{}1", "\\frac 1 ".repeat(IN_PLACE_COMMANDS)),
            nested("\\sqrt[", "]{y}", IN_PLACE_COMMANDS),
            nested("\\sqrt{\\left(", "\\right)}", IN_PLACE_COMMANDS / 3),
        ] {
            mathml(&latex, DisplayMode::Block).unwrap();
        }
        // Optional arguments (`\sqrt[n]`) nest without braces.
        let roots = nested("\\sqrt[", "]{y}", MAX_FORMULA_COMMANDS);
        let started = std::time::Instant::now();
        mathml(&roots, DisplayMode::Block).unwrap();
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }

    #[test]
    fn formulas_may_not_define_commands_or_carry_placeholders() {
        for latex in ["\\def\\a{x}\\a", "\\newcommand{\\a}{x}\\a", "\\let\\a=x"] {
            let err = mathml(latex, DisplayMode::Inline).unwrap_err();
            assert!(err.message.contains("defines a command"), "{}", err.message);
        }
        assert!(mathml("\\text{\u{FDD0}}", DisplayMode::Inline).is_err());
    }

    /// Doubling a flat formula at most doubles the work of checking and
    /// re-serializing it; a step that rescanned what came before would
    /// quadruple it. Counted in bytes scanned, not timed, so that a busy
    /// machine cannot fail it. (Formulas without commands convert on this
    /// thread, where the count is kept.)
    #[test]
    fn long_flat_formulas_convert_in_linear_time() {
        let work_for = |repeats: usize| {
            work::take();
            mathml(&"{x+y}".repeat(repeats), DisplayMode::Block).unwrap();
            work::take()
        };
        let (once, twice) = (work_for(10_000), work_for(20_000));
        assert!(once > 10_000 * "{x+y}".len(), "only {once} bytes counted");
        assert!(twice <= 2 * once, "{once} bytes scanned, then {twice}");
    }

    /// A remembered formula reads back as it converted, under its own mode
    /// (inline and display MathML differ); a failing one is not kept, so
    /// it is refused, and reported, wherever it appears again.
    #[test]
    fn formulas_are_remembered_by_mode_and_failures_never() {
        let (inline, block) = ("q_{remembered}", "q_{remembered}");
        let first = mathml(inline, DisplayMode::Inline).unwrap();
        let display = mathml(block, DisplayMode::Block).unwrap();
        assert_ne!(first, display);
        let kept = |display: bool, latex: &str| {
            known()
                .as_ref()
                .is_some_and(|k| k.by_formula.contains_key(&(display, latex.to_string())))
        };
        assert!(kept(false, inline) && kept(true, block));
        assert_eq!(mathml(inline, DisplayMode::Inline).unwrap(), first);
        assert_eq!(mathml(block, DisplayMode::Block).unwrap(), display);
        for _ in 0..2 {
            assert!(mathml("\\color{red} q", DisplayMode::Inline).is_err());
        }
        assert!(!kept(false, "\\color{red} q"));
    }

    #[test]
    fn inline_styles_are_refused() {
        let err = mathml("\\color{red} x", DisplayMode::Inline).unwrap_err();
        assert!(err.message.contains("security policy"), "{}", err.message);
    }
}
