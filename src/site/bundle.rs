//! The calculator's script as one file: the ES modules of
//! `static/calculator/`, from `main.js` through the relative imports,
//! bundled in dependency order and minified (`minify.rs`) into the one
//! script the pages load.
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
//! It reads only `static/calculator/`; it never writes a file.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use oxc_allocator::Allocator;
use oxc_ast::ast::Statement;
use oxc_parser::Parser;
use oxc_semantic::SemanticBuilder;
use oxc_span::{GetSpan, SourceType, Span};
use oxc_syntax::module_record::{ExportExportName, ExportLocalName, ImportImportName};
use oxc_syntax::symbol::SymbolFlags;

use crate::diagnostics::{Diagnostic, Location};
use crate::site::minify::{Refused, minify_script};

/// The folder of the modules, under the site's root.
pub const FOLDER: &str = "static/calculator";
/// The module the pages run; the others are bundled because it imports them.
pub const ENTRY: &str = "main.js";

/// The shipped script of the site at `root`: `None` when the site has no
/// `static/calculator/` folder (no calculator), else the bundle, minified,
/// or every problem found.
pub fn script(root: &Path) -> Result<Option<Vec<u8>>, Vec<Diagnostic>> {
    let folder = root.join(FOLDER);
    if !folder.is_dir() {
        return Ok(None);
    }
    let read = |name: &str| {
        std::fs::read(folder.join(name))
            .map_err(|e| e.to_string())
            .and_then(|bytes| {
                String::from_utf8(bytes).map_err(|e| format!("the module is not UTF-8: {e}"))
            })
    };
    bundle(read)
        .and_then(|bundled| minified(&bundled))
        .map(|code| Some(code.into_bytes()))
}

/// The diagnostic for a `static/calculator.js`, which would not ship: the
/// script is built from the modules of `static/calculator/`.
pub fn stray_script() -> Diagnostic {
    Diagnostic::error(
        Path::new("static/calculator.js"),
        "the calculator's script is built from the modules of static/calculator/; this file would not ship",
    )
    .with_hint("move its code into a module of static/calculator/ (main.js runs first)")
}

/// The bundle as written, before minification: each module's text in
/// dependency order. `read` gives a module's text by its path under the
/// folder (`main.js`, `sub/x.js`).
pub fn bundle(
    mut read: impl FnMut(&str) -> Result<String, String>,
) -> Result<Bundle, Vec<Diagnostic>> {
    let mut walk = Walk {
        read: &mut read,
        modules: Vec::new(),
        by_name: BTreeMap::new(),
        stack: Vec::new(),
        problems: Vec::new(),
    };
    walk.visit(ENTRY, None);
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

/// One module as read and checked.
#[derive(Debug)]
pub struct Module {
    /// Its path under the folder, with `/` between parts.
    pub name: String,
    pub source: String,
    /// Each import declaration in order: the module it names (resolved),
    /// and the place of the specifier.
    requests: Vec<(String, Span)>,
    /// Each imported name: the module, the name, where it is written.
    imports: Vec<(String, String, Span)>,
    /// Exported names, each at its place.
    exports: BTreeMap<String, Span>,
    /// Its top-level declarations (imports aside), in source order.
    declared: Vec<(String, Span)>,
    /// Names it uses that nothing in it declares (globals), each at its
    /// first use.
    unresolved: Vec<(String, Span)>,
    /// Byte ranges left out of the bundle: imports and `export` keywords.
    cuts: Vec<(usize, usize)>,
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
    /// The modules being visited, each with the place of the import that
    /// led on from it.
    stack: Vec<String>,
    problems: Vec<Diagnostic>,
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

/// A module parsed and checked on its own; its imports resolved to paths
/// under the folder.
fn read_module(name: &str, source: String) -> Result<Module, Vec<Diagnostic>> {
    let allocator = Allocator::default();
    let text = source.clone();
    let parsed = Parser::new(&allocator, &text, SourceType::mjs()).parse();
    // Nodes are kept for the places of the names each module uses.
    let checked = SemanticBuilder::new()
        .with_check_syntax_error(true)
        .with_build_nodes(true)
        .build(&parsed.program);
    let mut module = Module {
        name: name.to_string(),
        source: String::new(),
        requests: Vec::new(),
        imports: Vec::new(),
        exports: BTreeMap::new(),
        declared: Vec::new(),
        unresolved: Vec::new(),
        cuts: Vec::new(),
    };
    let mut problems_at: Vec<(Span, String)> = Vec::new();
    let mut problems: Vec<(Span, String)> = Vec::new();
    let mut refuse = |span: Span, message: String| problems.push((span, message));
    let parse_errors = parsed
        .diagnostics
        .errors()
        .chain(checked.diagnostics.errors());
    for problem in parse_errors {
        let span = problem.labels.first().map_or(Span::new(0, 0), |l| {
            let s = l.span();
            Span::new(s.start, s.end)
        });
        problems_at.push((
            span,
            format!("the script does not parse: {}", problem.message),
        ));
    }
    if problems_at.is_empty() {
        let record = &parsed.module_record;
        for statement in &parsed.program.body {
            match statement {
                Statement::ImportDeclaration(import) => {
                    module
                        .cuts
                        .push((import.span.start as usize, import.span.end as usize));
                    let specifier = import.source.value.as_str();
                    match resolve(name, specifier) {
                        Ok(target) => module.requests.push((target, import.source.span)),
                        Err(why) => refuse(import.source.span, why),
                    }
                    if import.phase.is_some() {
                        refuse(
                            import.span,
                            "an import phase (`source`, `defer`) cannot be bundled".into(),
                        );
                    }
                }
                Statement::ExportDeclaration(export) => {
                    let start = export.span.start as usize;
                    module
                        .cuts
                        .push((start, export.declaration.span().start as usize));
                }
                Statement::ExportNamedDeclaration(export) => {
                    module
                        .cuts
                        .push((export.span.start as usize, export.span.end as usize));
                }
                Statement::ExportDefaultDeclaration(export) => refuse(
                    export.span,
                    "a default export cannot be bundled: export a named declaration".into(),
                ),
                Statement::ExportAllDeclaration(export) => refuse(
                    export.span,
                    "a re-export cannot be bundled: import from the module that declares the name"
                        .into(),
                ),
                Statement::ExportFromDeclaration(export) => refuse(
                    export.span,
                    "a re-export cannot be bundled: import from the module that declares the name"
                        .into(),
                ),
                _ => {}
            }
        }
        for entry in &record.import_entries {
            let at = entry.local_name.span;
            let specifier = entry.module_request.name.as_str();
            let Ok(target) = resolve(name, specifier) else {
                continue; // refused above
            };
            match &entry.import_name {
                ImportImportName::Name(imported) if imported.name == entry.local_name.name => {
                    module
                        .imports
                        .push((target, imported.name.to_string(), imported.span));
                }
                ImportImportName::Name(imported) => refuse(
                    imported.span,
                    format!(
                        "`{}` is imported as `{}`: the bundle shares one scope, so a name is imported under its own name",
                        imported.name, entry.local_name.name
                    ),
                ),
                ImportImportName::Default(span) => refuse(
                    *span,
                    "a default import cannot be bundled: import a named export".into(),
                ),
                ImportImportName::NamespaceObject => refuse(
                    at,
                    "a namespace import (`* as`) cannot be bundled: import each name".into(),
                ),
            }
        }
        for entry in &record.local_export_entries {
            match (&entry.export_name, &entry.local_name) {
                (ExportExportName::Name(exported), ExportLocalName::Name(local))
                    if exported.name == local.name =>
                {
                    module
                        .exports
                        .insert(exported.name.to_string(), exported.span);
                }
                (ExportExportName::Name(exported), _) => refuse(
                    exported.span,
                    format!(
                        "`{}` is exported under another name: the bundle shares one scope, so a name is exported as declared",
                        exported.name
                    ),
                ),
                _ => {} // default exports: refused above
            }
        }
        for dynamic in &record.dynamic_imports {
            refuse(
                dynamic.span,
                "`import()` cannot be bundled: import the module with a declaration".into(),
            );
        }
        for span in &record.import_metas {
            refuse(
                *span,
                "`import.meta` would describe the bundle, not this module".into(),
            );
        }
        let scoping = checked.semantic.scoping();
        for (declared, &symbol) in scoping.get_bindings(scoping.root_scope_id()) {
            if !scoping.symbol_flags(symbol).contains(SymbolFlags::Import) {
                let span = scoping.symbol_span(symbol);
                module.declared.push((declared.as_str().to_string(), span));
            }
        }
        module.declared.sort_by_key(|(_, span)| span.start);
        for (used, references) in scoping.root_unresolved_references() {
            let first = references
                .iter()
                .map(|&id| checked.semantic.reference_span(scoping.get_reference(id)))
                .min_by_key(|span| span.start);
            if let Some(span) = first {
                module.unresolved.push((used.as_str().to_string(), span));
            }
        }
        module.unresolved.sort_by_key(|(_, span)| span.start);
    }
    problems_at.extend(problems);
    module.source = source;
    if problems_at.is_empty() {
        Ok(module)
    } else {
        problems_at.sort_by_key(|(span, _)| span.start);
        Err(problems_at
            .into_iter()
            .map(|(span, message)| located(&module, span, message))
            .collect())
    }
}

/// The path under the folder that `specifier`, written in module `from`,
/// names; or why it names none.
fn resolve(from: &str, specifier: &str) -> Result<String, String> {
    if !specifier.starts_with("./") && !specifier.starts_with("../") {
        return Err(format!(
            "`{specifier}` is not a relative path: the bundle holds only the modules of {FOLDER}/, imported as `./name.js`"
        ));
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for component in Path::new(specifier).components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if parts.pop().is_some() => {}
            Component::Normal(part) => parts.push(part.to_str().unwrap_or_default()),
            _ => {
                return Err(format!(
                    "`{specifier}` is outside {FOLDER}/: the bundle holds only its modules"
                ));
            }
        }
    }
    Ok(parts.join("/"))
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

fn module_path(name: &str) -> PathBuf {
    Path::new(FOLDER).join(name)
}

fn module_error(module: &Module, message: String) -> Diagnostic {
    Diagnostic::error(&module_path(&module.name), message)
}

fn located(module: &Module, span: Span, message: String) -> Diagnostic {
    let (start, end) = (span.start as usize, span.end as usize);
    module_error(module, message).at(&module.source, start, end.max(start + 1))
}

/// `static/calculator/x.js:3:7`, for a message naming a second place.
fn place(module: &Module, span: Span) -> String {
    let at = Location::from_offset(&module.source, span.start as usize);
    format!(
        "{}:{}:{}",
        module_path(&module.name).display(),
        at.line,
        at.column
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled(files: &[(&str, &str)]) -> Result<Bundle, Vec<Diagnostic>> {
        let files: BTreeMap<&str, &str> = files.iter().copied().collect();
        bundle(|name| {
            files
                .get(name)
                .map(|s| s.to_string())
                .ok_or_else(|| "no such file".to_string())
        })
    }

    /// The one problem the files give: its text, file, line and column.
    fn refused(files: &[(&str, &str)]) -> (String, String, (usize, usize)) {
        let problems = bundled(files).expect_err("refused");
        assert_eq!(problems.len(), 1, "{problems:?}");
        let problem = &problems[0];
        let at = problem.location().expect("a place");
        (
            problem.message.clone(),
            problem.path.display().to_string(),
            (at.line, at.column),
        )
    }

    #[test]
    fn modules_come_after_what_they_import_without_imports_or_exports() {
        let bundle = bundled(&[
            (
                "main.js",
                "import { b } from './b.js';\nimport { c } from './sub/c.js';\nb(c);\n",
            ),
            (
                "b.js",
                "import { c } from './sub/c.js';\nexport function b(x) {\n  return c + x;\n}\n",
            ),
            ("sub/c.js", "export const c = 1;\nexport { d };\nlet d;\n"),
        ])
        .unwrap();
        assert_eq!(bundle.order(), ["sub/c.js", "b.js", "main.js"]);
        assert_eq!(
            bundle.text,
            "const c = 1;\n\nlet d;\n\n\nfunction b(x) {\n  return c + x;\n}\n\n\n\nb(c);\n\n"
        );
    }

    #[test]
    fn a_bare_specifier_is_refused_at_its_place() {
        let (message, path, at) = refused(&[("main.js", "a();\nimport { x } from 'lodash';\n")]);
        assert!(
            message.contains("`lodash` is not a relative path"),
            "{message}"
        );
        assert_eq!((path.as_str(), at), ("static/calculator/main.js", (2, 19)));
    }

    #[test]
    fn a_file_outside_the_folder_is_refused() {
        let (message, path, at) = refused(&[
            ("main.js", "import { x } from './sub/x.js';\n"),
            (
                "sub/x.js",
                "import { y } from '../../y.js';\nexport const x = y;\n",
            ),
        ]);
        assert!(message.contains("outside static/calculator/"), "{message}");
        assert_eq!((path.as_str(), at), ("static/calculator/sub/x.js", (1, 19)));
        // Up and back into the folder is fine.
        bundled(&[
            ("main.js", "import { x } from './sub/x.js';\nx;\n"),
            (
                "sub/x.js",
                "import { y } from '../y.js';\nexport const x = y;\n",
            ),
            ("y.js", "export const y = 1;\n"),
        ])
        .unwrap();
    }

    #[test]
    fn a_missing_module_is_an_error_at_the_import() {
        let (message, path, at) = refused(&[("main.js", "\n  import { x } from './x.js';\n")]);
        assert!(
            message.contains("cannot read the module `x.js`"),
            "{message}"
        );
        assert_eq!((path.as_str(), at), ("static/calculator/main.js", (2, 21)));
    }

    #[test]
    fn dynamic_imports_and_import_meta_are_refused() {
        let (message, _, at) = refused(&[("main.js", "const m = import('./x.js');\n")]);
        assert!(message.contains("`import()`"), "{message}");
        assert_eq!(at, (1, 11));
        let (message, _, at) = refused(&[("main.js", "const u = import.meta.url;\n")]);
        assert!(message.contains("`import.meta`"), "{message}");
        assert_eq!(at, (1, 11));
    }

    #[test]
    fn a_cycle_is_refused_with_its_chain() {
        let (message, path, at) = refused(&[
            ("main.js", "import { a } from './a.js';\na();\n"),
            (
                "a.js",
                "import { b } from './b.js';\nexport const a = () => b;\n",
            ),
            (
                "b.js",
                "import { a } from './a.js';\nexport const b = () => a;\n",
            ),
        ]);
        assert_eq!(message, "import cycle: a.js → b.js → a.js");
        assert_eq!((path.as_str(), at), ("static/calculator/b.js", (1, 19)));
    }

    #[test]
    fn a_name_the_module_does_not_export_is_refused() {
        let (message, path, at) = refused(&[
            ("main.js", "import { a, z } from './a.js';\na(z);\n"),
            ("a.js", "export const a = 1;\nconst z = 2;\n"),
        ]);
        assert_eq!(message, "`z` is not exported by `a.js`");
        assert_eq!((path.as_str(), at), ("static/calculator/main.js", (1, 13)));
    }

    #[test]
    fn imports_and_exports_keep_their_names() {
        for (main, a, expected) in [
            (
                "import { a as b } from './a.js';\n",
                "export const a = 1;\n",
                "imported as `b`",
            ),
            (
                "import a from './a.js';\n",
                "export const a = 1;\n",
                "default import",
            ),
            (
                "import * as a from './a.js';\n",
                "export const a = 1;\n",
                "namespace import",
            ),
            (
                "import { b } from './a.js';\n",
                "const a = 1;\nexport { a as b };\n",
                "another name",
            ),
            (
                "import { a } from './a.js';\n",
                "export default 1;\nexport const a = 1;\n",
                "default export",
            ),
            (
                "import { a } from './a.js';\n",
                "export * from './b.js';\nexport const a = 1;\n",
                "re-export",
            ),
        ] {
            let problems = bundled(&[("main.js", main), ("a.js", a), ("b.js", "")]).unwrap_err();
            let all: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
            assert!(
                all.iter().any(|m| m.contains(expected)),
                "{main}{a}: {all:?}"
            );
        }
    }

    #[test]
    fn a_name_declared_in_two_modules_is_an_error_naming_both() {
        let (message, path, at) = refused(&[
            (
                "main.js",
                "import { a } from './a.js';\n\nfunction twice() {}\na(twice);\n",
            ),
            ("a.js", "export const a = (f) => f;\nlet twice = 2;\n"),
        ]);
        assert!(
            message.contains(
                "`twice` is also declared at the top level of static/calculator/a.js:2:5"
            ),
            "{message}"
        );
        assert_eq!((path.as_str(), at), ("static/calculator/main.js", (3, 10)));
    }

    #[test]
    fn a_name_of_another_module_used_without_import_is_refused() {
        let (message, path, at) = refused(&[
            (
                "main.js",
                "import { a } from './a.js';\na(helper, document);\n",
            ),
            (
                "a.js",
                "export const a = (f) => f;\nexport const helper = 1;\n",
            ),
        ]);
        assert!(
            message.contains(
                "`helper` is declared in static/calculator/a.js:2:14 but not imported here"
            ),
            "{message}"
        );
        assert_eq!((path.as_str(), at), ("static/calculator/main.js", (2, 3)));
    }

    #[test]
    fn a_module_that_does_not_parse_is_an_error_in_that_module() {
        let (message, path, at) = refused(&[
            ("main.js", "import { a } from './a.js';\na();\n"),
            ("a.js", "export const a = 1;\nlet a = 2;\n"),
        ]);
        assert!(
            message.contains("does not parse") && message.contains('a'),
            "{message}"
        );
        // The parser points at the first of the two declarations.
        assert_eq!((path.as_str(), at), ("static/calculator/a.js", (1, 14)));
    }

    #[test]
    fn a_place_in_the_bundle_maps_back_to_its_module() {
        let bundle = bundled(&[
            ("main.js", "import { a } from './a.js';\na(1);\nmarker;\n"),
            ("a.js", "export function a() {}\n"),
        ])
        .unwrap();
        let (module, at) = bundle.origin(bundle.text.find("marker").unwrap());
        assert_eq!(module.name, "main.js");
        assert_eq!(&module.source[at..at + 6], "marker");
        // A refusal of the whole is reported at that place.
        let problems = minified(&Bundle {
            text: bundle.text.replace("marker", "let ("),
            ..bundle
        })
        .unwrap_err();
        assert_eq!(problems[0].path, Path::new("static/calculator/main.js"));
        assert_eq!(problems[0].location().unwrap().line, 3, "{}", problems[0]);
    }

    #[test]
    fn a_stray_calculator_js_is_named() {
        let text = stray_script().render(false);
        assert!(text.contains("static/calculator.js"), "{text}");
    }

    #[test]
    fn the_calculator_script_ships_smaller_and_the_same_each_time() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let once = script(root).unwrap().unwrap();
        let mut source = 0;
        for module in std::fs::read_dir(root.join(FOLDER)).unwrap() {
            source += std::fs::metadata(module.unwrap().path()).unwrap().len() as usize;
        }
        // Comments, indentation, imports and long names go: well under
        // two thirds of the sources are left.
        assert!(once.len() * 3 < source * 2, "{} of {source}", once.len());
        assert_eq!(script(root).unwrap().unwrap(), once);
        let text = String::from_utf8(once).unwrap();
        // One module exporting nothing: every name is the minifier's.
        for gone in [
            "import{",
            "import ",
            "export{",
            "export ",
            "formatNumber",
            "fillSnippets",
        ] {
            assert!(!text.contains(gone), "{gone}");
        }
    }
}
