//! The layering of the `tfvalue` runtime, checked: its top-level modules depend on each other
//! without a cycle, and no source file of the runtime crates grows past about 900 lines
//! without saying at its top why it is one piece.
//!
//! `cargo test --test module_graph -- --nocapture` prints the module dependency listing,
//! leaves first.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Line count past which a file must explain, in its opening comment, why it is one piece.
const LONG_FILE: usize = 900;
/// The words a long file's opening comment uses for that explanation.
const ONE_PIECE: &str = "Why one file:";

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Whether a file holds only unit tests (a sibling `tests.rs` or `*_tests.rs` module).
fn is_test_file(path: &Path) -> bool {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    stem == "tests" || stem.ends_with("_tests")
}

/// The source without comments and without a trailing inline `#[cfg(test)] mod tests`.
fn code_of(source: &str) -> String {
    let cut = source
        .find("#[cfg(test)]\nmod tests")
        .unwrap_or(source.len());
    source[..cut]
        .lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Names the crate root re-exports, with the module each comes from (`Error` → `error`).
fn root_reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for stmt in code_of(lib).split(';') {
        let stmt = stmt.trim();
        let Some(rest) = stmt.strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        if module == "tfvalue_derive" {
            continue;
        }
        let names = names.trim().trim_start_matches('{').trim_end_matches('}');
        for name in names.split(',') {
            let name = name.trim().rsplit("::").next().unwrap_or("").trim();
            if !name.is_empty() {
                map.insert(name.to_owned(), module.to_owned());
            }
        }
    }
    map
}

/// The identifiers that follow `crate::` in some code, including those inside braces
/// (`crate::{a, b::c}` gives `a` and `b`).
fn crate_references(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                let first = part.trim().split("::").next().unwrap_or("").trim();
                if !first.is_empty() {
                    found.insert(first.to_owned());
                }
            }
        } else {
            let ident: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            found.insert(ident);
        }
    }
    found
}

/// The module a file belongs to: its top-level module's file name (`json/de.rs` → `json`).
/// A module declared with `#[path]` is known by its file's name.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("file under src");
    let first = rel.components().next().expect("a component");
    let name = first.as_os_str().to_string_lossy();
    name.trim_end_matches(".rs").to_owned()
}

/// The runtime's module graph: each top-level module and the modules it uses.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = workspace().join("tfvalue/src");
    let lib = fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let reexports = root_reexports(&lib);
    // `#[path = "derive_support.rs"] pub mod __private_<version>;`: the file's name stands
    // for the module.
    let mut modules: BTreeSet<String> = BTreeSet::new();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    for file in &files {
        let module = module_of(&src, file);
        if module != "lib" {
            modules.insert(module);
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let module = module_of(&src, file);
        if module == "lib" || is_test_file(file) {
            continue;
        }
        let source = fs::read_to_string(file).expect("source file");
        let deps = graph.entry(module.clone()).or_default();
        for name in crate_references(&code_of(&source)) {
            let target = if modules.contains(&name) {
                name
            } else if let Some(m) = reexports.get(&name) {
                m.clone()
            } else if name.starts_with("__private_") {
                "derive_support".to_owned()
            } else {
                panic!(
                    "{}: `crate::{name}` is neither a module nor a root re-export",
                    file.display()
                );
            };
            if target != module {
                deps.insert(target);
            }
        }
    }
    graph
}

/// A topological order (leaves first), or the modules that are on a cycle or use one.
fn layers(graph: &BTreeMap<String, BTreeSet<String>>) -> Result<Vec<String>, Vec<String>> {
    let mut placed: Vec<String> = Vec::new();
    let mut left: BTreeSet<&String> = graph.keys().collect();
    loop {
        let ready: Vec<&String> = left
            .iter()
            .copied()
            .filter(|m| graph[*m].iter().all(|d| placed.contains(d)))
            .collect();
        if ready.is_empty() {
            break;
        }
        for m in ready {
            left.remove(m);
            placed.push(m.clone());
        }
    }
    if left.is_empty() {
        Ok(placed)
    } else {
        Err(left.into_iter().cloned().collect())
    }
}

#[test]
fn runtime_modules_are_acyclic() {
    let graph = module_graph();
    assert!(graph.len() > 15, "the walk found the runtime's modules");
    match layers(&graph) {
        Ok(order) => {
            println!("tfvalue modules, each after everything it uses:");
            for m in order {
                let deps: Vec<&str> = graph[&m].iter().map(String::as_str).collect();
                println!("  {m:<16} uses {}", deps.join(", "));
            }
        }
        Err(cycle) => {
            let lines: Vec<String> = cycle
                .iter()
                .map(|m| format!("  {m} uses {:?}", graph[m]))
                .collect();
            panic!(
                "tfvalue's modules form a cycle among:\n{}",
                lines.join("\n")
            );
        }
    }
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.insert("a".into(), ["b".to_owned()].into());
    graph.insert("b".into(), ["c".to_owned()].into());
    graph.insert("c".into(), ["b".to_owned()].into());
    assert_eq!(
        layers(&graph),
        Err(vec!["a".into(), "b".into(), "c".into()])
    );
    graph.insert("c".into(), BTreeSet::new());
    assert_eq!(
        layers(&graph),
        Ok(vec!["c".to_owned(), "b".to_owned(), "a".to_owned()])
    );
}

#[test]
fn references_are_read_through_braces_and_reexports() {
    let refs = crate_references("use crate::{a, b::c, d::{e}};\nlet x = crate::Value::new();");
    let expected: BTreeSet<String> = ["Value", "a", "b", "d"].map(String::from).into();
    assert_eq!(refs, expected);
    let map = root_reexports("pub use error::{Error, ErrorKind};\npub use map::Map;\n");
    assert_eq!(map["ErrorKind"], "error");
    assert_eq!(map["Map"], "map");
}

#[test]
fn long_runtime_files_say_why_they_are_one_piece() {
    let mut long = Vec::new();
    for krate in [
        "tfvalue/src",
        "tfvalue-derive/src",
        "tfvalue-provider/src",
        "tfvalue-cli/src",
    ] {
        let mut files = Vec::new();
        rust_files(&workspace().join(krate), &mut files);
        for file in files {
            if is_test_file(&file) {
                continue;
            }
            let source = fs::read_to_string(&file).expect("source file");
            let lines = source.lines().count();
            let head: String = source
                .lines()
                .take_while(|l| l.starts_with("//!"))
                .collect::<Vec<_>>()
                .join("\n");
            if lines > LONG_FILE && !head.contains(ONE_PIECE) {
                long.push(format!("{} ({lines} lines)", file.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "files past {LONG_FILE} lines whose opening comment has no {ONE_PIECE:?} reason:\n  {}",
        long.join("\n  ")
    );
}
