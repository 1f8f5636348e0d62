//! The shipped script's minification: `static/calculator.js` as the build
//! writes it, without its whole-line comments, blank lines and indentation.
//! The source keeps its comments; the output is a function of the input
//! alone, so the same script gives the same bytes and the same asset name.
//!
//! It is deliberately conservative: it never touches what a line holds
//! after its first character of code, so strings, template literals,
//! regular expressions and every token stay byte for byte, and every line
//! break stays (no automatic semicolon insertion changes). A small lexer
//! follows strings, template literals (with their `${…}` nesting), regular
//! expressions and comments only to know whether a line begins in code;
//! a line that begins inside a template literal, a string continued with
//! `\` or a block comment is kept as it is. A construct still open at the
//! end of the file is an error naming its line, rather than a guess.
//!
//! It never renames, reorders or drops code. (The minify-js crate, which
//! does, panicked on this script: see ARCHITECTURE.md.)

use std::borrow::Cow;
use std::path::Path;

use crate::diagnostics::Diagnostic;

/// Where the lexer is at a point of the script.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
enum State {
    #[default]
    Code,
    /// In a '…' or "…" string.
    Str(u8),
    /// In a template literal's text.
    Template,
    /// In a regular expression; `true` inside a `[…]` class.
    Regex(bool),
    LineComment,
    BlockComment,
}

/// A construct the script leaves open at its end: what it is and the byte
/// offset where it began.
#[derive(Debug, PartialEq)]
pub struct Unclosed {
    pub what: &'static str,
    pub offset: usize,
}

/// The script without whole-line `//` comments, blank lines and the
/// indentation of lines that begin in code; every other byte as it was.
pub fn minify_script(source: &str) -> Result<String, Unclosed> {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut lexer = Lexer::default();
    let mut start = 0;
    while start < bytes.len() {
        let end = source[start..]
            .find('\n')
            .map_or(bytes.len(), |i| start + i + 1);
        let line = &source[start..end];
        if lexer.state == State::Code {
            let code = line.trim_start_matches([' ', '\t']);
            // A blank line, or a comment alone on its line: nothing to ship.
            if !(code.trim().is_empty() || code.starts_with("//")) {
                out.push_str(code);
            }
        } else {
            out.push_str(line);
        }
        lexer.scan(bytes, start, end)?;
        start = end;
    }
    match lexer.state {
        State::Code | State::LineComment => Ok(out),
        _ => Err(lexer.unclosed()),
    }
}

/// The lexer's state, carried from line to line.
#[derive(Default)]
struct Lexer {
    state: State,
    /// For each open `${`, the depth of `{` inside it.
    substitutions: Vec<usize>,
    /// The last character of code that was not a space: it tells a
    /// regular expression's `/` from a division.
    last: u8,
    /// The identifier or keyword read last, if code read since is only
    /// spaces.
    word: String,
    /// Whether spaces followed the last character of code.
    spaced: bool,
    /// Where the current string, template, regex or comment began.
    began: usize,
    /// Where each open template literal began.
    templates: Vec<usize>,
}

/// Keywords after which a `/` begins a regular expression.
const BEFORE_REGEX: [&str; 13] = [
    "return",
    "typeof",
    "instanceof",
    "case",
    "do",
    "else",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "yield",
];

impl Lexer {
    fn unclosed(&self) -> Unclosed {
        let what = match self.state {
            State::Str(_) => "string",
            State::Template => "template literal",
            State::Regex(_) => "regular expression",
            State::BlockComment => "block comment",
            State::Code if !self.substitutions.is_empty() => "template literal",
            State::Code | State::LineComment => "construct",
        };
        let offset = match self.state {
            State::Template | State::Code => self.templates.last().copied().unwrap_or(self.began),
            _ => self.began,
        };
        Unclosed { what, offset }
    }

    /// Follows `bytes[start..end]`, one line with its line break.
    fn scan(&mut self, bytes: &[u8], start: usize, end: usize) -> Result<(), Unclosed> {
        let mut i = start;
        while i < end {
            let c = bytes[i];
            let next = bytes.get(i + 1).copied().unwrap_or(0);
            match self.state {
                State::Code => {
                    let at = i;
                    self.code(c, next, at, &mut i);
                }
                State::Str(quote) => match c {
                    b'\\' => i += 1,
                    b'\n' => {
                        return Err(Unclosed {
                            what: "string",
                            offset: self.began,
                        });
                    }
                    _ if c == quote => self.close(b'"'),
                    _ => {}
                },
                State::Template => match c {
                    b'\\' => i += 1,
                    b'`' => {
                        self.templates.pop();
                        self.close(b'`');
                    }
                    b'$' if next == b'{' => {
                        self.substitutions.push(0);
                        self.state = State::Code;
                        self.token(b'{');
                        i += 1;
                    }
                    _ => {}
                },
                State::Regex(class) => match c {
                    b'\\' => i += 1,
                    b'\n' => {
                        return Err(Unclosed {
                            what: "regular expression",
                            offset: self.began,
                        });
                    }
                    b'[' => self.state = State::Regex(true),
                    b']' if class => self.state = State::Regex(false),
                    b'/' if !class => self.close(b'/'),
                    _ => {}
                },
                State::LineComment => {
                    if c == b'\n' {
                        self.state = State::Code;
                    }
                }
                State::BlockComment => {
                    if c == b'*' && next == b'/' {
                        self.state = State::Code;
                        i += 1;
                    }
                }
            }
            i += 1;
        }
        Ok(())
    }

    /// Back in code after a string, template or regex ending in `last`.
    fn close(&mut self, last: u8) {
        self.state = State::Code;
        self.token(last);
    }

    fn code(&mut self, c: u8, next: u8, at: usize, i: &mut usize) {
        match c {
            b'\'' | b'"' => self.open(State::Str(c), at),
            b'`' => {
                self.templates.push(at);
                self.open(State::Template, at);
            }
            b'/' if next == b'/' => self.open(State::LineComment, at),
            b'/' if next == b'*' => {
                self.open(State::BlockComment, at);
                *i += 1;
            }
            b'/' if self.regex_may_start() => self.open(State::Regex(false), at),
            b'{' if !self.substitutions.is_empty() => {
                *self.substitutions.last_mut().unwrap() += 1;
                self.token(c);
            }
            b'}' if self.substitutions.last() == Some(&0) => {
                // The end of a `${…}`: back in the template's text.
                self.substitutions.pop();
                self.state = State::Template;
            }
            b'}' if !self.substitutions.is_empty() => {
                *self.substitutions.last_mut().unwrap() -= 1;
                self.token(c);
            }
            b' ' | b'\t' | b'\r' | b'\n' => self.spaced = true,
            _ if is_word(c) => {
                if self.spaced || !is_word(self.last) {
                    self.word.clear();
                }
                self.word.push(c as char);
                self.token_end(c);
            }
            _ => {
                self.word.clear();
                self.token_end(c);
            }
        }
    }

    fn token_end(&mut self, c: u8) {
        self.last = c;
        self.spaced = false;
    }

    fn token(&mut self, c: u8) {
        self.word.clear();
        self.token_end(c);
    }

    fn open(&mut self, state: State, at: usize) {
        self.state = state;
        self.began = at;
    }

    /// A `/` in code begins a regular expression after an operator, an
    /// opening bracket, a separator, the start of the script, or a keyword
    /// such as `return`; after a name, a number or a closing bracket it
    /// divides.
    fn regex_may_start(&self) -> bool {
        if self.last == 0 || b"(,=:[!&|?{};+-*%<>~^".contains(&self.last) {
            return true;
        }
        is_word(self.last) && BEFORE_REGEX.contains(&self.word.as_str())
    }
}

/// A byte of a name, keyword or number.
fn is_word(c: u8) -> bool {
    c == b'_' || c == b'$' || c.is_ascii_alphanumeric()
}

/// The bytes the build ships for the static file `name`: the calculator's
/// script minified, any other file as it is. A script the lexer cannot
/// follow is an error at the place it names.
pub fn shipped<'a>(name: &str, bytes: &'a [u8]) -> Result<Cow<'a, [u8]>, Diagnostic> {
    if name != "calculator.js" {
        return Ok(Cow::Borrowed(bytes));
    }
    let path = Path::new("static").join(name);
    let source = std::str::from_utf8(bytes)
        .map_err(|e| Diagnostic::error(&path, format!("the script is not UTF-8: {e}")))?;
    minify_script(source)
        .map(|min| Cow::Owned(min.into_bytes()))
        .map_err(|Unclosed { what, offset }| {
            Diagnostic::error(&path, format!("this {what} is never closed"))
                .at(source, offset, offset + 1)
                .with_hint("the build minifies the script line by line and needs every string, template literal, regular expression and comment closed")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn min(source: &str) -> String {
        minify_script(source).unwrap()
    }

    #[test]
    fn drops_comment_lines_blank_lines_and_indentation_only() {
        let source = "// The header.\nconst a = 1; // kept: after code\n\n  function f(x) {\n    // why\n\t  return x / 2;\n  }\n";
        assert_eq!(
            min(source),
            "const a = 1; // kept: after code\nfunction f(x) {\nreturn x / 2;\n}\n"
        );
    }

    #[test]
    fn keeps_the_lines_of_a_template_literal_as_they_are() {
        let source = "const t = `a\n  // not a comment\n\n  ${x}`;\n  y();\n";
        assert_eq!(
            min(source),
            "const t = `a\n  // not a comment\n\n  ${x}`;\ny();\n"
        );
    }

    #[test]
    fn follows_substitutions_with_braces_and_nested_templates() {
        let source = "f(`${ {a: 1}.a } ${`in ${g({})}`}\n  kept`);\n  h();\n";
        assert_eq!(
            min(source),
            "f(`${ {a: 1}.a } ${`in ${g({})}`}\n  kept`);\nh();\n"
        );
    }

    #[test]
    fn a_regular_expression_may_hold_quotes_slashes_and_backticks() {
        let source = "const r = /[/`'\"]\\/\\//g;\n  // gone\n  return /`/.test(s);\n";
        assert_eq!(
            min(source),
            "const r = /[/`'\"]\\/\\//g;\nreturn /`/.test(s);\n"
        );
    }

    #[test]
    fn a_slash_after_a_value_divides() {
        // Read as a regex, the second `/` would open one that swallows the
        // backtick, and the next line would be taken for template text.
        let source = "x = a / b / `c`;\n  y();\n";
        assert_eq!(min(source), "x = a / b / `c`;\ny();\n");
        let source = "x = (a) / 2 + f(`\n  t`);\n";
        assert_eq!(min(source), "x = (a) / 2 + f(`\n  t`);\n");
    }

    #[test]
    fn keeps_a_string_continued_on_the_next_line_and_block_comments() {
        let source = "s = 'a\\\n   b';\n  /* kept\n  as is */\n  t();\n";
        assert_eq!(min(source), "s = 'a\\\n   b';\n/* kept\n  as is */\nt();\n");
    }

    #[test]
    fn a_construct_left_open_is_an_error_at_its_start() {
        assert_eq!(
            minify_script("a();\nb(`open\n  c();\n"),
            Err(Unclosed {
                what: "template literal",
                offset: 7
            })
        );
        assert_eq!(
            minify_script("a('x\n"),
            Err(Unclosed {
                what: "string",
                offset: 2
            })
        );
        assert_eq!(
            minify_script("a();\n/* open\n"),
            Err(Unclosed {
                what: "block comment",
                offset: 5
            })
        );
    }

    #[test]
    fn the_error_names_the_script_and_the_line() {
        let problem = shipped("calculator.js", b"a();\nb(`open\n").unwrap_err();
        let text = problem.render(false);
        assert!(text.contains("static/calculator.js"), "{text}");
        assert!(text.contains("template literal is never closed"), "{text}");
        assert_eq!(problem.location().unwrap().line, 2);
    }

    #[test]
    fn the_calculator_script_ships_smaller_and_the_same_each_time() {
        let source = include_str!("../../static/calculator.js");
        let once = min(source);
        assert!(
            once.len() * 10 < source.len() * 9,
            "{} of {}",
            once.len(),
            source.len()
        );
        assert_eq!(min(source), once);
        // Minified again, nothing changes: nothing left to strip.
        assert_eq!(min(&once), once);
        // Every line of code is still there, whole.
        let code: Vec<&str> = source
            .lines()
            .map(str::trim_start)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .collect();
        assert_eq!(once.lines().collect::<Vec<_>>(), code);
    }

    #[test]
    fn other_files_ship_as_they_are() {
        let css = b"  /* a */\n  body {}\n";
        assert_eq!(&*shipped("style.css", css).unwrap(), css);
    }
}
