//! How deeply a module's code nests, measured on its text before it is
//! parsed: the parser, the checks and the minifier each walk the syntax
//! tree by recursion, so a module nested thousands of levels deep (a
//! thousand brackets, a sum of two thousand terms, five thousand member
//! accesses or `if`s) would overflow the stack and abort the build, and
//! `serve` with it. [`too_deep`] refuses such a module first, at the place
//! where it passes [`MAX_DEPTH`].
//!
//! The measure is an upper bound of the tree's depth, counted over the
//! code outside strings, template texts, comments and regular expressions:
//! each open bracket (`(`, `[`, `{`, `${`) is a level, and within a level
//! each operator character and each of `if`, `else`, `for`, `while`, `do`
//! up to the next `,` or `;` one more (a chain `a + b + c` nests as deeply
//! as it is long). Real code stays far below it: the site's modules reach
//! a few dozen.

/// The deepest a module may nest by [`too_deep`]'s measure. The build
/// parses the modules on a thread with a stack large enough for this depth
/// in an unoptimized build (`site::render`'s assets thread).
pub const MAX_DEPTH: usize = 256;

/// The byte offset where `source` first nests deeper than [`MAX_DEPTH`],
/// if it does.
pub fn too_deep(source: &str) -> Option<usize> {
    measure(source, MAX_DEPTH).err()
}

/// The deepest `source` nests by the measure, or the offset where it
/// passes `limit`.
fn measure(source: &str, limit: usize) -> Result<usize, usize> {
    let bytes = source.as_bytes();
    // The chain count of each open level; templates are levels too, marked
    // so that their `}` returns to the template's text.
    let mut levels: Vec<(usize, bool)> = vec![(0, false)];
    let mut deepest = 0;
    // Whether a `/` here would start a regular expression (no value
    // before it) rather than divide.
    let mut expects_value = true;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let mut value_before_next = false;
        match c {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = find(bytes, i, b"\n");
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = find(bytes, i + 2, b"*/") + 2;
                continue;
            }
            b'/' if expects_value => {
                i = skip_regex(bytes, i + 1);
                expects_value = false;
                continue;
            }
            b'\'' | b'"' => {
                i = skip_string(bytes, i + 1, c);
                expects_value = false;
                continue;
            }
            b'`' => {
                (i, expects_value) = template_text(bytes, i + 1, &mut levels);
                continue;
            }
            b'(' | b'[' | b'{' => levels.push((0, false)),
            b')' | b']' | b'}' => {
                let closed = if levels.len() > 1 { levels.pop() } else { None };
                if let Some((_, true)) = closed {
                    // The rest of the template after its placeable.
                    (i, expects_value) = template_text(bytes, i + 1, &mut levels);
                    continue;
                }
                value_before_next = c != b'}';
            }
            b',' | b';' => {
                if let Some(top) = levels.last_mut() {
                    top.0 = 0;
                }
            }
            b'+' | b'-' | b'*' | b'%' | b'&' | b'|' | b'^' | b'<' | b'>' | b'=' | b'?' | b':'
            | b'!' | b'~' | b'.' | b'/' => {
                if let Some(top) = levels.last_mut() {
                    top.0 += 1;
                }
                // `a++ / 2` and `x.y` aside, an operator is followed by a
                // value.
                value_before_next = c == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
            }
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80 => {
                let end = i + bytes[i..]
                    .iter()
                    .position(|&b| {
                        !(b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80)
                    })
                    .unwrap_or(bytes.len() - i);
                let word = &bytes[i..end];
                let nests = matches!(word, b"if" | b"else" | b"for" | b"while" | b"do");
                if nests && let Some(top) = levels.last_mut() {
                    top.0 += 1;
                }
                // After `return` or `typeof` a `/` begins a regular expression.
                value_before_next = !matches!(
                    word,
                    b"return"
                        | b"typeof"
                        | b"case"
                        | b"do"
                        | b"else"
                        | b"in"
                        | b"of"
                        | b"new"
                        | b"delete"
                        | b"void"
                        | b"throw"
                        | b"yield"
                        | b"await"
                );
                i = end;
                expects_value = !value_before_next;
                continue;
            }
            _ => {
                if c.is_ascii_whitespace() {
                    i += 1;
                    continue;
                }
            }
        }
        expects_value = !value_before_next;
        let depth = levels.len() - 1 + levels.iter().map(|(chain, _)| chain).sum::<usize>();
        if depth > limit {
            return Err(i);
        }
        deepest = deepest.max(depth);
        i += 1;
    }
    Ok(deepest)
}

/// Through a template's text from `from` ([`skip_template`]): into a
/// placeable, a level of its own (its `}` returns to the text), where a
/// value is expected; past the closing backtick, a value just ended.
/// Returns where to go on and whether a value is expected there.
fn template_text(bytes: &[u8], from: usize, levels: &mut Vec<(usize, bool)>) -> (usize, bool) {
    let (at, placeable) = skip_template(bytes, from);
    if placeable {
        levels.push((0, true));
    }
    (at, placeable)
}

/// The offset of `needle` at or after `from`, or the end.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| rest.windows(needle.len()).position(|w| w == needle))
        .map_or(bytes.len(), |at| from + at)
}

/// Past the string closed by `quote` that starts at `from`.
fn skip_string(bytes: &[u8], mut i: usize, quote: u8) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => return i,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// Past a regular expression's body that starts at `from` (after its `/`),
/// and its flags.
fn skip_regex(bytes: &[u8], mut i: usize) -> usize {
    let mut in_class = false;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => return i,
            b'[' => {
                in_class = true;
                i += 1;
            }
            b']' => {
                in_class = false;
                i += 1;
            }
            b'/' if !in_class => {
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                return i;
            }
            _ => i += 1,
        }
    }
    i
}

/// Through a template's text from `from`: the offset after its closing
/// backtick and `false`, or after a `${` and `true`.
fn skip_template(bytes: &[u8], mut i: usize) -> (usize, bool) {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'`' => return (i + 1, false),
            b'$' if bytes.get(i + 1) == Some(&b'{') => return (i + 2, true),
            _ => i += 1,
        }
    }
    (i, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(source: &str) -> usize {
        measure(source, usize::MAX).unwrap()
    }

    #[test]
    fn brackets_chains_and_statements_nest() {
        assert_eq!(depth("x"), 0);
        assert_eq!(depth("f(g(h(1)))"), 3);
        assert!(depth("a+b+c+d") >= 3);
        assert!(depth("if (a) if (b) if (c) x;") >= 3);
        // A `,` or `;` ends a chain.
        assert!(depth("a+b; c+d") < depth("a+b+c+d"));
    }

    #[test]
    fn strings_comments_templates_and_regular_expressions_are_text() {
        assert_eq!(depth("'((((' + \"[[[[\""), 1);
        assert_eq!(depth("// ((((\nx /* [[[[ */"), 0);
        assert_eq!(depth("x = /[(]{2}\\//g"), 1);
        assert!(depth("`((( ${a} [[[`") <= 1);
        assert_eq!(depth("`${`${`${(1)}`}`}`"), 4);
        assert_eq!(depth("a / b / c"), 2);
    }

    #[test]
    fn the_site_modules_nest_far_below_the_limit() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(super::super::FOLDER);
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            let source = std::fs::read_to_string(&path).unwrap();
            let deepest = depth(&source);
            assert!(deepest < MAX_DEPTH / 2, "{}: {deepest}", path.display());
        }
    }

    #[test]
    fn thousands_of_levels_are_refused_where_they_pass_the_limit() {
        let brackets = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
        assert_eq!(too_deep(&brackets), Some(MAX_DEPTH));
        let sum = vec!["a"; 2000].join("+");
        assert!(too_deep(&sum).is_some());
        let members = format!("a{}", ".b".repeat(5000));
        assert!(too_deep(&members).is_some());
        let ifs = format!("{}x;", "if (a) ".repeat(5000));
        assert!(too_deep(&ifs).is_some());
    }
}
