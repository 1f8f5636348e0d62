//! One module of the calculator's script, read and checked on its own
//! (`bundle.rs` checks the modules against each other and joins them): it
//! parses and passes the early-error checks; its imports name files of
//! `static/calculator/` by relative paths, under their own names; it has no
//! `import()`, `import.meta`, default, renamed or re-exports. What it
//! imports, exports, declares at its top level and uses as globals is kept,
//! each at its place, and so are the byte ranges the bundle leaves out
//! (imports and `export` keywords). It never reads a file.

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

/// The folder of the modules, under the site's root.
pub const FOLDER: &str = "static/calculator";

/// One module as read and checked.
#[derive(Debug)]
pub struct Module {
    /// Its path under the folder, with `/` between parts.
    pub name: String,
    pub source: String,
    /// Each import declaration in order: the module it names (resolved),
    /// and the place of the specifier.
    pub(super) requests: Vec<(String, Span)>,
    /// Each imported name: the module, the name, where it is written.
    pub(super) imports: Vec<(String, String, Span)>,
    /// Exported names, each at its place.
    pub(super) exports: BTreeMap<String, Span>,
    /// Its top-level declarations (imports aside), in source order.
    pub(super) declared: Vec<(String, Span)>,
    /// Names it uses that nothing in it declares (globals), each at its
    /// first use.
    pub(super) unresolved: Vec<(String, Span)>,
    /// Byte ranges left out of the bundle: imports and `export` keywords.
    pub(super) cuts: Vec<(usize, usize)>,
}

/// A module parsed and checked on its own; its imports resolved to paths
/// under the folder.
pub(super) fn read_module(name: &str, source: String) -> Result<Module, Vec<Diagnostic>> {
    // Before the parser, which would overflow its stack on it.
    if let Some(at) = super::nesting::too_deep(&source) {
        let end = (at + 1..=source.len())
            .find(|&e| source.is_char_boundary(e))
            .unwrap_or(source.len());
        return Err(vec![
            Diagnostic::error(
                &module_path(name),
                format!(
                    "the code nests too deeply here: more than {} levels of brackets and chained operators",
                    super::nesting::MAX_DEPTH
                ),
            )
            .at(&source, at, end)
            .with_hint("split the expression or the function into smaller ones"),
        ]);
    }
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

pub(super) fn module_path(name: &str) -> PathBuf {
    Path::new(FOLDER).join(name)
}

pub(super) fn module_error(module: &Module, message: String) -> Diagnostic {
    Diagnostic::error(&module_path(&module.name), message)
}

pub(super) fn located(module: &Module, span: Span, message: String) -> Diagnostic {
    let (start, end) = (span.start as usize, span.end as usize);
    module_error(module, message).at(&module.source, start, end.max(start + 1))
}

/// `static/calculator/x.js:3:7`, for a message naming a second place.
pub(super) fn place(module: &Module, span: Span) -> String {
    let at = Location::from_offset(&module.source, span.start as usize);
    format!(
        "{}:{}:{}",
        module_path(&module.name).display(),
        at.line,
        at.column
    )
}
