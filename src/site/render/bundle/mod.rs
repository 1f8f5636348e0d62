//! The site's scripts, each as one file: the ES modules of
//! `static/calculator/`, from an entry ([`ENTRIES`]: `main.js` for the
//! calculator, `lab.js` for the retry-storm lab) through the relative
//! imports, bundled in dependency order and minified (`minify.rs`) into the
//! script the pages load. The entries share modules (the notation, the
//! charts' axes); each bundle holds those it imports.
//!
//! A module's text goes in as written, less its `import` declarations and
//! the `export` keywords: the modules share one top-level scope, which is
//! sound only because every rule the browser would apply to separate
//! modules is checked first, each failure a diagnostic at its file, line
//! and column: each module parses (and passes the early-error checks);
//! an import names a file of `static/calculator/` by a relative path
//! (`./x.js`), under its own name, and that file exports the name; no
//! `import()`, `import.meta`, default or re-exports; no cycle (the order
//! would otherwise depend on where the cycle is entered); no two modules
//! declare the same top-level name; and no module uses another's
//! top-level name without importing it (separate modules would see a
//! global there). The output is a function of the files alone: the same
//! sources give the same bytes, so the same asset name.
//!
//! Each module is read and checked on its own in `bundle/module.rs`; the
//! checks across modules and the joining are here. It reads only
//! `static/calculator/`; it never writes a file.

pub mod minify;
mod module;
mod nesting;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::path::Path;

use oxc_span::Span;

use crate::diagnostics::Diagnostic;
use crate::site::render::bundle::minify::{Refused, minify_script};

pub use module::FOLDER;
use module::{Module, located, module_error, module_path, place, read_module};

/// The modules the pages run, each with the name of the script it
/// becomes; the others are bundled because an entry imports them.
pub const ENTRIES: [(&str, &str); 2] = [("main.js", "calculator.js"), ("lab.js", "lab.js")];

/// The calculator's entry.
pub const ENTRY: &str = ENTRIES[0].0;

/// The most modules the script may have (the site's has fourteen): the
/// walk through the imports recurses once per module of a chain.
pub const MAX_MODULES: usize = 100;

/// The shipped script of `entry` of the site at `root`: `None` when the
/// site has no `static/calculator/` folder (no calculator), else the
/// bundle, minified, or every problem found.
pub fn script(root: &Path, entry: &str) -> Result<Option<Vec<u8>>, Vec<Diagnostic>> {
    let folder = root.join(FOLDER);
    if !folder.is_dir() {
        return Ok(None);
    }
    let inputs = crate::input::Root::new(root);
    // Through the one reader: a module linked out of the project, a pipe or
    // an oversized file is refused without a word of its contents.
    let read = |name: &str| {
        let shown = Path::new(FOLDER).join(name);
        match crate::input::read_text(&inputs, root, &shown, crate::input::Kind::Script) {
            Ok(Some(text)) => Ok(text),
            Ok(None) => Err("the module is missing".to_string()),
            Err(refused) => Err(refused.message),
        }
    };
    bundle(entry, read)
        .and_then(|bundled| minified(&bundled))
        .map(|code| Some(code.into_bytes()))
}

/// The diagnostic for a `static/<name>` that is a shipped script's name
/// (`calculator.js`, `lab.js`), which would not ship: the scripts are built
/// from the modules of `static/calculator/`.
pub fn stray_script(name: &str) -> Diagnostic {
    Diagnostic::error(
        &Path::new("static").join(name),
        format!("the {name} the pages load is built from the modules of static/calculator/; this file would not ship"),
    )
    .with_hint("move its code into a module of static/calculator/ (main.js and lab.js run first)")
}

/// The bundle of `entry` as written, before minification: each module's
/// text in dependency order. `read` gives a module's text by its path
/// under the folder (`main.js`, `sub/x.js`).
pub fn bundle(
    entry: &str,
    mut read: impl FnMut(&str) -> Result<String, String>,
) -> Result<Bundle, Vec<Diagnostic>> {
    let mut walk = Walk {
        read: &mut read,
        modules: Vec::new(),
        by_name: BTreeMap::new(),
        stack: Vec::new(),
        problems: Vec::new(),
        too_many: false,
    };
    walk.visit(entry, None);
    let Walk {
        modules, problems, ..
    } = walk;
    let mut problems = problems;
    if problems.is_empty() {
        check_imports(&modules, &mut problems);
        check_shared_scope(&modules, &mut problems);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Bundle::concatenate(modules))
}

/// The bundle minified; a refusal (which the checks above should leave
/// none of) is pointed at the module and place it comes from.
fn minified(bundle: &Bundle) -> Result<String, Vec<Diagnostic>> {
    minify_script(&bundle.text).map_err(|Refused { message, start, end }| {
        let (module, at) = bundle.origin(start);
        let end = at + end.saturating_sub(start).max(1);
        vec![module_error(module, format!("the script does not parse: {message}"))
            .at(&module.source, at, end.min(module.source.len()))
            .with_hint("the build bundles the modules into one ES module and ships it only if it parses")]
    })
}

/// The modules' text one after another, and where each piece came from.
#[derive(Debug)]
pub struct Bundle {
    pub text: String,
    modules: Vec<Module>,
    /// (start in `text`, module index, start in that module's source).
    pieces: Vec<(usize, usize, usize)>,
}

impl Bundle {
    fn concatenate(modules: Vec<Module>) -> Bundle {
        let mut text = String::new();
        let mut pieces = Vec::new();
        for (index, module) in modules.iter().enumerate() {
            let mut from = 0;
            let mut cuts = module.cuts.clone();
            cuts.sort_unstable();
            cuts.push((module.source.len(), module.source.len()));
            for (start, end) in cuts {
                pieces.push((text.len(), index, from));
                text.push_str(&module.source[from..start]);
                from = end;
            }
            text.push('\n');
        }
        Bundle {
            text,
            modules,
            pieces,
        }
    }

    /// The module names in the order the bundle holds them.
    pub fn order(&self) -> Vec<&str> {
        self.modules.iter().map(|m| m.name.as_str()).collect()
    }

    /// The module and the offset in its source of byte `offset` of the text.
    fn origin(&self, offset: usize) -> (&Module, usize) {
        let at = self.pieces.partition_point(|&(start, ..)| start <= offset);
        let (start, index, from) = self.pieces[at.saturating_sub(1)];
        let module = &self.modules[index];
        (module, (from + offset - start).min(module.source.len()))
    }
}

/// The depth-first walk from the entry: each module once, after the
/// modules it imports.
struct Walk<'r> {
    read: &'r mut dyn FnMut(&str) -> Result<String, String>,
    /// Finished modules, in dependency order.
    modules: Vec<Module>,
    /// Index in `modules` of each finished one.
    by_name: BTreeMap<String, usize>,
    /// The modules being visited, the entry first.
    stack: Vec<String>,
    problems: Vec<Diagnostic>,
    /// Whether [`MAX_MODULES`] was passed (said once).
    too_many: bool,
}

impl Walk<'_> {
    /// Visits `name`, imported from `from` (the importer and the
    /// specifier's place) unless it is the entry.
    fn visit(&mut self, name: &str, from: Option<(&Module, Span)>) {
        if self.by_name.contains_key(name) {
            return;
        }
        if let Some(at) = self.stack.iter().position(|n| n == name) {
            if let Some((importer, span)) = from {
                let mut chain = self.stack[at..].to_vec();
                chain.push(name.to_string());
                self.problems.push(
                    located(importer, span, format!("import cycle: {}", chain.join(" → ")))
                        .with_hint("the bundle runs a module after those it imports: move what both need into a module of its own"),
                );
            }
            return;
        }
        if self.by_name.len() + self.stack.len() >= MAX_MODULES {
            if self.too_many {
                return;
            }
            self.too_many = true;
            let message =
                format!("the script has more than {MAX_MODULES} modules; `{name}` is one too many");
            self.problems.push(match from {
                Some((importer, span)) => located(importer, span, message),
                None => Diagnostic::error(&module_path(name), message),
            });
            return;
        }
        let source = match (self.read)(name) {
            Ok(source) => source,
            Err(err) => {
                let message = format!("cannot read the module `{name}`: {err}");
                self.problems.push(match from {
                    Some((importer, span)) => located(importer, span, message),
                    None => Diagnostic::error(&module_path(name), message),
                });
                return;
            }
        };
        let module = match read_module(name, source) {
            Ok(module) => module,
            Err(problems) => {
                self.problems.extend(problems);
                return;
            }
        };
        self.stack.push(name.to_string());
        for (request, span) in module.requests.clone() {
            self.visit(&request, Some((&module, span)));
        }
        self.stack.pop();
        self.by_name.insert(name.to_string(), self.modules.len());
        self.modules.push(module);
    }
}

/// Each imported name is exported by the module it is imported from.
fn check_imports(modules: &[Module], problems: &mut Vec<Diagnostic>) {
    let by_name: BTreeMap<&str, &Module> = modules.iter().map(|m| (m.name.as_str(), m)).collect();
    for module in modules {
        for (target, name, span) in &module.imports {
            let exported = by_name
                .get(target.as_str())
                .is_some_and(|t| t.exports.contains_key(name));
            if !exported {
                problems.push(located(
                    module,
                    *span,
                    format!("`{name}` is not exported by `{target}`"),
                ));
            }
        }
    }
}

/// No two modules declare the same top-level name, and none uses another's
/// top-level name without importing it.
fn check_shared_scope(modules: &[Module], problems: &mut Vec<Diagnostic>) {
    let mut first: BTreeMap<&str, (&Module, Span)> = BTreeMap::new();
    for module in modules {
        for (name, span) in &module.declared {
            match first.get(name.as_str()) {
                Some((other, other_span)) => problems.push(
                    located(
                        module,
                        *span,
                        format!(
                            "`{name}` is also declared at the top level of {}, and the bundle shares one scope",
                            place(other, *other_span)
                        ),
                    )
                    .with_hint("rename one of them, or import the one from the other"),
                ),
                None => {
                    first.insert(name, (module, *span));
                }
            }
        }
    }
    for module in modules {
        for (name, span) in &module.unresolved {
            if let Some((other, other_span)) = first.get(name.as_str()) {
                problems.push(
                    located(
                        module,
                        *span,
                        format!(
                            "`{name}` is declared in {} but not imported here: as a module of its own this would be a global",
                            place(other, *other_span)
                        ),
                    )
                    .with_hint(format!("add `import {{ {name} }} from './{}';`", other.name)),
                );
            }
        }
    }
}
