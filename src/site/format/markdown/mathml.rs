//! The MathML of every formula, re-serialized from its tokens: only the
//! elements and attributes pulldown-latex is known to write
//! ([`MATHML_ELEMENTS`], [`MATHML_ATTRIBUTES`]; no `style`, which the pages'
//! Content-Security-Policy would block), every text escaped. It converts
//! no LaTeX (`formula.rs` does) and renders no Markdown.

/// The characters escaped in every text the MathML carries, with their
/// entities.
pub(super) const ESCAPES: [(char, &str); 4] = [
    ('<', "&lt;"),
    ('>', "&gt;"),
    ('&', "&amp;"),
    ('"', "&quot;"),
];

/// The work of checking and re-serializing formulas, in bytes scanned,
/// counted on the current thread in test builds: the tests tell linear
/// from quadratic by this count, which a busy machine cannot change as it
/// changes the clock. Outside tests `add` does nothing.
pub(super) mod work {
    #[cfg(test)]
    thread_local!(static SCANNED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) });

    /// Counts `bytes` scanned.
    #[cfg(test)]
    pub fn add(bytes: usize) {
        SCANNED.with(|scanned| scanned.set(scanned.get() + bytes));
    }

    #[cfg(not(test))]
    #[inline(always)]
    pub fn add(_bytes: usize) {}

    /// The bytes scanned on this thread since the last call.
    #[cfg(test)]
    pub fn take() -> usize {
        SCANNED.with(|scanned| scanned.replace(0))
    }
}

/// The MathML elements pulldown-latex writes: nothing else leaves this module.
pub const MATHML_ELEMENTS: &[&str] = &[
    "math",
    "merror",
    "mfrac",
    "mi",
    "mn",
    "mo",
    "mover",
    "mroot",
    "mrow",
    "mspace",
    "msqrt",
    "msub",
    "msubsup",
    "msup",
    "mtable",
    "mtd",
    "mtext",
    "mtr",
    "munder",
    "munderover",
];

/// The attributes pulldown-latex writes on them (`style` excepted: the
/// pages' security policy blocks inline styles).
pub const MATHML_ATTRIBUTES: &[&str] = &[
    "class",
    "depth",
    "display",
    "displaystyle",
    "height",
    "largeop",
    "linethickness",
    "mathvariant",
    "maxsize",
    "minsize",
    "movablelimits",
    "scriptlevel",
    "stretchy",
    "symmetric",
    "width",
];

/// Reads pulldown-latex's MathML as tokens and writes it anew: only known
/// elements and attributes, balanced, every text and attribute value
/// escaped. An `Err` says what the MathML holds that the site does not
/// write (completing "the formula `…` ").
pub(super) fn reserialize(mathml: &str) -> Result<String, String> {
    let mut out = String::with_capacity(mathml.len());
    let mut open: Vec<&str> = Vec::new();
    let mut rest = mathml;
    while let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        let starts_tag = c == '<'
            && after
                .trim_start_matches('/')
                .starts_with(|c: char| c.is_ascii_alphabetic());
        if !starts_tag {
            if open.is_empty() {
                return Err("produces text outside its `<math>` element".into());
            }
            rest = escape_text_char(&mut out, rest);
            continue;
        }
        let end = after
            .find('>')
            .ok_or("produces an unterminated tag".to_string())?;
        work::add(end + 1);
        let tag = &after[..end];
        rest = &after[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(opened) if opened == name => {}
                _ => return Err(format!("produces an unbalanced `</{name}>`")),
            }
            out.push_str("</");
            out.push_str(name);
            out.push('>');
            continue;
        }
        let (tag, self_closing) = match tag.strip_suffix('/') {
            Some(tag) => (tag, true),
            None => (tag, false),
        };
        let name_len = tag
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(tag.len());
        let name = &tag[..name_len];
        if !MATHML_ELEMENTS.contains(&name) {
            return Err(format!(
                "produces the element `<{name}>`, which is not MathML the site writes"
            ));
        }
        if open.is_empty() != (name == "math") {
            return Err(format!("produces `<{name}>` in the wrong place"));
        }
        out.push('<');
        out.push_str(name);
        let mut attributes = tag[name_len..].trim_start();
        while !attributes.is_empty() {
            let (attribute, value, remaining) = split_attribute(attributes)
                .ok_or_else(|| format!("produces a malformed tag `<{tag}>`"))?;
            work::add(attributes.len() - remaining.len());
            if attribute == "style" {
                return Err(
                    "needs inline styles, which the pages' security policy blocks; simplify its spacing or colours"
                        .into(),
                );
            }
            if !MATHML_ATTRIBUTES.contains(&attribute) {
                return Err(format!(
                    "produces the attribute `{attribute}`, which is not MathML the site writes"
                ));
            }
            out.push(' ');
            out.push_str(attribute);
            out.push_str("=\"");
            let mut value = value;
            while !value.is_empty() {
                value = escape_text_char(&mut out, value);
            }
            out.push('"');
            attributes = remaining.trim_start();
        }
        if self_closing {
            out.push_str(" />");
        } else {
            out.push('>');
            open.push(name);
        }
    }
    if !open.is_empty() {
        return Err(format!("leaves `<{}>` unclosed", open[open.len() - 1]));
    }
    Ok(out)
}

/// `name="value"` at the start of `s`: the name, the value and the rest.
fn split_attribute(s: &str) -> Option<(&str, &str, &str)> {
    let (name, rest) = s.split_once("=\"")?;
    let (value, rest) = rest.split_once('"')?;
    let name_ok = !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
    name_ok.then_some((name, value, rest))
}

/// Copies the first character of `s` into `out` as text, escaped: an
/// entity pulldown-latex wrote stays as it is; a bare `&`, `<`, `>` or `"`
/// becomes an entity. Returns the rest of `s`.
fn escape_text_char<'s>(out: &mut String, s: &'s str) -> &'s str {
    work::add(1);
    const ENTITIES: &[&str] = &["&amp;", "&lt;", "&gt;", "&quot;", "&nbsp;"];
    if let Some(entity) = ENTITIES.iter().find(|e| s.starts_with(*e)) {
        out.push_str(entity);
        return &s[entity.len()..];
    }
    let c = s.chars().next().expect("not empty");
    match ESCAPES.iter().find(|(special, _)| *special == c) {
        Some((_, entity)) => out.push_str(entity),
        None => out.push(c),
    }
    &s[c.len_utf8()..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserializing_keeps_known_mathml_and_refuses_the_rest() {
        let known = "<math display=\"block\"><mi mathvariant=\"normal\">x</mi><mspace width=\"0.1667em\" /><mtext>&nbsp;a&amp;b</mtext></math>";
        assert_eq!(reserialize(known).unwrap(), known);
        for bad in [
            "<math><mi></math><meta http-equiv=\"refresh\"></mi></math>",
            "<math><script>x</script></math>",
            "<math><mi onclick=\"x\">a</mi></math>",
            "<math><mi style=\"color: red\">a</mi></math>",
            "<math><mi>a</math>",
            "<math><mi>a</mi></math><b>",
            "x<math></math>",
        ] {
            assert!(reserialize(bad).is_err(), "{bad}");
        }
        // A bare `&` or `>` in text becomes an entity; attributes are
        // written apart even when pulldown-latex runs them together.
        assert_eq!(
            reserialize("<math><mo stretchy=\"true\"minsize=\"1.2em\">&></mo></math>").unwrap(),
            "<math><mo stretchy=\"true\" minsize=\"1.2em\">&amp;&gt;</mo></math>"
        );
    }
}
