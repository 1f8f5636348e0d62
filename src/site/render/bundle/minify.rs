//! The shipped script's minification: the calculator's modules, bundled by
//! `bundle.rs`, parsed as one module, compressed and with their names
//! shortened by the oxc minifier (`oxc_parser`, `oxc_semantic`,
//! `oxc_minifier`, `oxc_codegen`). The sources keep their comments and
//! names; the output is a function of the input alone (no randomness, no
//! clock), so the same script gives the same bytes and the same asset name.
//!
//! The bundle is a module that exports nothing, so every top-level name is
//! its own to shorten (a name it exports would keep its outside name). A
//! script the parser refuses, or that breaks a rule a browser checks before
//! running it (a name declared twice), is refused with the byte range it
//! points at, which `bundle.rs` maps back to the module; never a guess.
//!
//! It never touches any other static file. (The minify-js crate, tried
//! before, panicked on this script: see ARCHITECTURE.md.)

use oxc_allocator::Allocator;
use oxc_codegen::{Codegen, CodegenOptions};
use oxc_minifier::{Minifier, MinifierOptions};
use oxc_parser::Parser;
use oxc_semantic::SemanticBuilder;
use oxc_span::SourceType;

/// Why the script cannot ship: the parser's message and the byte range it
/// points at.
#[derive(Debug, PartialEq)]
pub struct Refused {
    pub message: String,
    pub start: usize,
    pub end: usize,
}

/// The script compressed and mangled, or the first problem the parser or
/// the early-error checks find.
pub fn minify_script(source: &str) -> Result<String, Refused> {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, source, SourceType::mjs()).parse();
    let mut program = parsed.program;
    // Early errors the parser leaves to semantic analysis (`let x` twice)
    // would stop the browser from running the module at all.
    let checked = SemanticBuilder::new()
        .with_check_syntax_error(true)
        .build(&program);
    let problem = parsed
        .diagnostics
        .errors()
        .chain(checked.diagnostics.errors())
        .next();
    if let Some(problem) = problem {
        let span = problem.labels.first().map(|l| l.span());
        let (start, end) = span.map_or((0, 0), |s| (s.start as usize, s.end as usize));
        return Err(Refused {
            message: problem.message.to_string(),
            start,
            end,
        });
    }
    let minified = Minifier::new(MinifierOptions::default()).minify(&allocator, &mut program);
    Ok(Codegen::new()
        .with_options(CodegenOptions::minify())
        .with_scoping(minified.scoping)
        .build(&program)
        .code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn min(source: &str) -> String {
        minify_script(source).unwrap()
    }

    #[test]
    fn drops_comments_and_spaces_and_shortens_local_names() {
        let source = "// The header.\nfunction twice(value) {\n  // why\n  return value * 2;\n}\nexport function shown(x) {\n  return twice(x) + 1;\n}\n";
        let out = min(source);
        assert!(!out.contains("header") && !out.contains("why"), "{out}");
        assert!(!out.contains("value") && !out.contains("twice"), "{out}");
        assert!(out.len() * 3 < source.len() * 2, "{out}");
    }

    #[test]
    fn keeps_the_exported_names_strings_templates_and_regular_expressions() {
        let source = "export function formatNumber(x) {\n  const s = `a  ${x}  // b`;\n  return s.replace(/[/`'\"]\\/\\//g, '  // kept');\n}\n";
        let out = min(source);
        for kept in [
            "formatNumber",
            "`a  ${",
            "  // b`",
            "/[/`'\"]\\/\\//g",
            // A string may come out in other quotes; its text is the same.
            "  // kept",
        ] {
            assert!(out.contains(kept), "{kept} in {out}");
        }
    }

    #[test]
    fn a_script_that_does_not_parse_is_an_error_at_its_place() {
        for (source, at) in [
            ("a();\nb(`open\n  c();\n", 7),
            ("a('x\n", 2),
            ("a();\n/* open\n", 5),
        ] {
            let refused = minify_script(source).unwrap_err();
            assert_eq!(refused.start, at, "{source:?}: {refused:?}");
        }
        // Parsed, but refused by the browser before it runs anything.
        let refused = minify_script("let a = 1;\nlet a = 2;\n").unwrap_err();
        assert!(refused.message.contains('a'), "{refused:?}");
    }
}
