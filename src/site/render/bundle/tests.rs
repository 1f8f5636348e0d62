//! The bundler's rules, each refusal at its file, line and column.

use super::*;
use std::collections::BTreeMap;
use std::path::Path;

fn bundled(files: &[(&str, &str)]) -> Result<Bundle, Vec<Diagnostic>> {
    let files: BTreeMap<&str, &str> = files.iter().copied().collect();
    bundle(ENTRY, |name| {
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
        message.contains("`twice` is also declared at the top level of static/calculator/a.js:2:5"),
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
        message
            .contains("`helper` is declared in static/calculator/a.js:2:14 but not imported here"),
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
fn a_stray_shipped_script_is_named() {
    for (_, name) in ENTRIES {
        let text = stray_script(name).render(false);
        assert!(text.contains(&format!("static/{name}")), "{text}");
    }
}

#[test]
fn the_calculator_script_ships_smaller_and_the_same_each_time() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let once = script(root, ENTRY).unwrap().unwrap();
    let mut source = 0;
    for module in std::fs::read_dir(root.join(FOLDER)).unwrap() {
        source += std::fs::metadata(module.unwrap().path()).unwrap().len() as usize;
    }
    // Comments, indentation, imports and long names go: well under
    // two thirds of the sources are left.
    assert!(once.len() * 3 < source * 2, "{} of {source}", once.len());
    assert_eq!(script(root, ENTRY).unwrap().unwrap(), once);
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

/// Each entry bundles the modules it imports and no other: the lab's
/// script holds none of the calculator's form, and both hold the notation.
#[test]
fn each_entry_bundles_only_what_it_imports() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(FOLDER);
    let read = |name: &str| std::fs::read_to_string(root.join(name)).map_err(|e| e.to_string());
    let calculator = bundle(ENTRY, read).unwrap();
    let lab = bundle(ENTRIES[1].0, read).unwrap();
    assert!(calculator.order().contains(&"form.js"));
    assert!(!calculator.order().contains(&"lab.js"));
    for shared in ["notation.js", "load.js", "axis.js"] {
        assert!(calculator.order().contains(&shared), "{shared}");
        assert!(lab.order().contains(&shared), "{shared}");
    }
    for calculator_only in ["main.js", "form.js", "as_code.js", "wasm.js"] {
        assert!(!lab.order().contains(&calculator_only), "{calculator_only}");
    }
    assert_eq!(lab.order().last(), Some(&"lab.js"));
}

/// Code nested thousands of levels deep, which the parser and the minifier
/// would recurse through until the stack overflowed (aborting the build
/// and `serve`), is one located error; each case on the first line, where
/// it passes the limit.
#[test]
fn code_nested_thousands_of_levels_deep_is_refused_at_its_place() {
    let cases = [
        format!("x = {}1{};\n", "[".repeat(1000), "]".repeat(1000)),
        format!("x = {}1{};\n", "f(".repeat(1000), ")".repeat(1000)),
        format!("x = {};\n", vec!["a"; 2000].join(" + ")),
        format!("x = a{};\n", ".b".repeat(5000)),
        format!("{}x();{}\n", "if (a) { ".repeat(5000), " }".repeat(5000)),
        format!("{}x();\n", "if (a) ".repeat(5000)),
    ];
    for case in &cases {
        let (message, path, (line, _)) = refused(&[("main.js", case)]);
        assert!(message.contains("nests too deeply"), "{message}");
        assert_eq!((path.as_str(), line), ("static/calculator/main.js", 1));
    }
}

/// Below the limit, deep code bundles and minifies, on a thread with the
/// build's stack.
#[test]
fn code_nested_near_the_limit_bundles_and_minifies() {
    let source = format!(
        "export const x = {}1{};\n",
        "f(".repeat(120),
        ")".repeat(120)
    );
    let main = "import { x } from './a.js';\nconsole.log(x);\n".to_string();
    let a = source.replace("f(", "g(") + "function g(v) { return v; }\n";
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let bundle = bundled(&[("main.js", &main), ("a.js", &a)]).unwrap();
            minified(&bundle).unwrap();
        })
        .unwrap()
        .join()
        .unwrap();
}

/// A chain of 2,000 modules, each importing the next (the walk recursed
/// once per link), is one error at the import past the limit.
#[test]
fn a_chain_of_thousands_of_modules_is_one_error() {
    let names: Vec<String> = (0..2000).map(|i| format!("m{i}.js")).collect();
    let mut files: Vec<(String, String)> = vec![(
        "main.js".into(),
        "import { x0 } from './m0.js';\nconsole.log(x0);\n".into(),
    )];
    for (i, name) in names.iter().enumerate() {
        files.push((
            name.clone(),
            format!(
                "import {{ x{} }} from './m{}.js';\nexport const x{i} = x{};\n",
                i + 1,
                i + 1,
                i + 1
            ),
        ));
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, s)| (n.as_str(), s.as_str()))
        .collect();
    let (message, path, _) = refused(&files);
    assert!(
        message.contains(&format!("more than {MAX_MODULES} modules")),
        "{message}"
    );
    assert!(path.starts_with("static/calculator/m"), "{path}");
}
