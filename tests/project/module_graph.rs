//! The layering of every crate of the workspace, checked: in each folder of a crate's `src`,
//! the modules it holds use each other without a cycle; and no source file grows past about
//! 900 lines without saying at its top why it is one piece.
//!
//! A module is a file (`a/b.rs` or `a/b/mod.rs` is `a::b`). A reference is a path from
//! `crate`, `super` or `self` (braces expanded), resolved relative to its file to the deepest
//! module it names; a name the crate root imports (`pub use error::Error`) stands for the
//! module it comes from. A reference from module P to module M, whose deepest common ancestor
//! is A, is an edge between the two children of A that hold them; between a module and its
//! own ancestor it is none. Files that hold only unit tests are left out: `tests.rs`,
//! `*_tests.rs`, everything under a `*_tests` folder, and modules declared `#[cfg(test)]`.
//!
//! `cargo test --test project module_graph:: -- --nocapture` prints each crate's folders, each
//! folder's modules leaves first.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

/// Line count past which a file must explain, in its opening comment, why it is one piece.
const LONG_FILE: usize = 900;
/// The words a long file's opening comment uses for that explanation.
const ONE_PIECE: &str = "Why one file:";
/// The crates of the workspace, by directory.
const CRATES: [&str; 5] = [
    "tfvalue",
    "tfvalue-derive",
    "tfvalue-provider",
    "tfvalue-testing",
    "tfvalue-cli",
];

/// A module's path below its crate root (`["json", "de"]` for `json/de.rs`); the root's is
/// empty.
type ModPath = Vec<String>;
/// Each module of a folder and the sibling modules it uses.
type Graph = BTreeMap<String, BTreeSet<String>>;

#[test]
fn tfvalue_modules_are_acyclic() {
    modules_are_acyclic("tfvalue");
}

#[test]
fn tfvalue_derive_modules_are_acyclic() {
    modules_are_acyclic("tfvalue-derive");
}

#[test]
fn tfvalue_provider_modules_are_acyclic() {
    modules_are_acyclic("tfvalue-provider");
}

/// tfvalue-provider's layers, as `lib.rs` declares them: each top-level module uses only
/// those declared before it (what authors implement and call, the protocol, logging, the
/// engine, the transport, the harness, the guide), so that the author-facing modules never
/// reach the engine.
#[test]
fn tfvalue_provider_layers_use_only_the_layers_declared_before_them() {
    let dir = "tfvalue-provider";
    let krate = Crate::read(dir);
    let folders = krate.folders();
    let root: &Folder = &folders[&ModPath::new()];
    let lib = fs::read_to_string(workspace().join(dir).join("src/lib.rs")).expect("lib.rs");
    let order: Vec<String> = declarations(&code_of(&lib))
        .into_iter()
        .filter(|d| !d.test_only && !d.name.starts_with("__"))
        .map(|d| d.name)
        .collect();
    assert!(
        order.len() >= 5 && order.starts_with(&["author".to_owned(), "protocol".to_owned()]),
        "the layers as lib.rs declares them: {order:?}"
    );
    let mut wrong = Vec::new();
    for (i, module) in order.iter().enumerate() {
        for used in root.graph.get(module).into_iter().flatten() {
            if !order[..i].contains(used) {
                let site = &root.sites[&(module.clone(), used.clone())];
                wrong.push(format!(
                    "{module} uses {used}, declared after it ({}:{})",
                    site.file, site.line
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{dir}: {}", wrong.join("\n"));
}

#[test]
fn tfvalue_testing_modules_are_acyclic() {
    modules_are_acyclic("tfvalue-testing");
}

#[test]
fn tfvalue_cli_modules_are_acyclic() {
    modules_are_acyclic("tfvalue-cli");
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let graph = |edges: &[(&str, &str)]| {
        let mut graph = Graph::new();
        for (from, to) in edges {
            graph
                .entry((*from).into())
                .or_default()
                .insert((*to).into());
            graph.entry((*to).into()).or_default();
        }
        graph
    };
    let names = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    // a uses the cycle b -> c -> d -> b (with the shortcut c -> b); e and f use each other.
    let tangled = graph(&[
        ("a", "b"),
        ("b", "c"),
        ("c", "d"),
        ("d", "b"),
        ("c", "b"),
        ("e", "f"),
        ("f", "e"),
    ]);
    assert_eq!(
        layers(&tangled),
        Err(vec![
            Tangle {
                modules: names(&["b", "c", "d"]),
                cycles: vec![names(&["b", "c"])],
            },
            Tangle {
                modules: names(&["e", "f"]),
                cycles: vec![names(&["f", "e"])],
            },
        ])
    );
    let layered = graph(&[("a", "b"), ("b", "c"), ("a", "c"), ("d", "c")]);
    assert_eq!(layers(&layered), Ok(names(&["c", "b", "d", "a"])));
}

#[test]
fn references_resolve_through_groups_super_self_and_reexports() {
    let path = |p: &str| -> ModPath {
        p.split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    };
    let mut krate = Crate {
        dir: "demo".into(),
        modules: ["", "a", "a::b", "a::c", "a::c::d", "e", "private_file"]
            .into_iter()
            .map(|m| (path(m), PathBuf::new()))
            .collect(),
        tests: [path("a::tests")].into(),
        aliases: [(path("__private"), path("private_file"))].into(),
        reexports: BTreeMap::new(),
        root_items: BTreeSet::new(),
    };
    krate.read_root_uses("pub use e::Thing;\npub use a::c::{self as c, d::Deep};\nuse std::fmt;\n");
    assert_eq!(krate.reexports["Thing"], path("e"));
    assert_eq!(krate.reexports["c"], path("a::c"));
    assert_eq!(krate.reexports["Deep"], path("a::c::d"));
    assert!(krate.root_items.contains("fmt"));

    let code = "use super::c::d::X;\nuse crate::{e, a::{c, b::Y}};\n\
                fn f() { crate::Thing::new(); self::g(); $crate::__private::h(); }\n\
                use super::tests::T;\nlet _ = crate::fmt::Debug;\nuse super::super::Deep;";
    let from = path("a::b");
    let resolved: Vec<(Option<String>, usize)> = references(code)
        .iter()
        .map(|w| {
            let m = krate.resolve(&from, &w.segments).expect("resolves");
            (m.map(|m| m.join("::")), line_of(code, w.offset))
        })
        .collect();
    let expected: Vec<(Option<String>, usize)> = [
        (Some("a::c::d"), 1),
        (Some("e"), 2),
        (Some("a::c"), 2),
        (Some("a::b"), 2),
        (Some("e"), 3),
        (Some("a::b"), 3),
        (Some("private_file"), 3),
        (None, 4),
        (Some(""), 5),
        (Some("a::c::d"), 6),
    ]
    .into_iter()
    .map(|(m, line)| (m.map(String::from), line))
    .collect();
    assert_eq!(resolved, expected);
    assert!(krate
        .resolve(&from, &["crate".into(), "Nowhere".into()])
        .is_err());

    // The folder edges those references make: only between siblings below an ancestor.
    assert_eq!(
        folder_edge(&from, &path("a::c::d")),
        Some((path("a"), "b".into(), "c".into()))
    );
    assert_eq!(
        folder_edge(&from, &path("e")),
        Some((path(""), "a".into(), "e".into()))
    );
    assert_eq!(folder_edge(&from, &path("a")), None);
    assert_eq!(folder_edge(&from, &path("")), None);
    assert_eq!(folder_edge(&from, &from), None);
}

#[test]
fn long_files_say_why_they_are_one_piece() {
    let mut long = Vec::new();
    for krate in CRATES {
        let mut files = Vec::new();
        rust_files(&workspace().join(krate).join("src"), &mut files);
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

/// Checks every folder of the crate in `dir` for a cycle among its modules: prints each
/// folder's modules leaves first, or fails with every cycle and the lines that make it.
fn modules_are_acyclic(dir: &str) {
    let krate = Crate::read(dir);
    let folders = krate.folders();
    let edges: usize = folders
        .values()
        .flat_map(|f| f.graph.values())
        .map(BTreeSet::len)
        .sum();
    assert!(
        krate.modules.len() > 2 && edges > 0,
        "the walk found {dir}'s modules ({}) and their references ({edges})",
        krate.modules.len()
    );
    let mut listing = String::new();
    let mut failures = Vec::new();
    for (folder, contents) in &folders {
        let name = folder_name(folder);
        match layers(&contents.graph) {
            Ok(order) => {
                listing += &format!("{dir} {name}: each module after everything it uses\n");
                for m in order {
                    let deps: Vec<&str> = contents.graph[&m].iter().map(String::as_str).collect();
                    listing += &format!("  {m:<20} uses {}\n", deps.join(", "));
                }
            }
            Err(tangles) => {
                for tangle in tangles {
                    failures.push(describe(&name, contents, &tangle));
                }
            }
        }
    }
    print!("{listing}");
    assert!(
        failures.is_empty(),
        "{dir}: modules of one folder use each other (each edge with one line that makes \
         it):\n{}",
        failures.join("\n")
    );
}

/// A folder for messages: `src` for the crate root, `src/json/de` below it.
fn folder_name(folder: &[String]) -> String {
    std::iter::once("src")
        .chain(folder.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("/")
}

/// A tangle of a folder: its modules, then cycles among them with the line behind each
/// edge; cutting the first edge of each would undo it.
fn describe(folder: &str, contents: &Folder, tangle: &Tangle) -> String {
    let mut out = format!(
        "  {folder}: {} use each other; cutting the first edge of each cycle would undo it\n",
        tangle.modules.join(", ")
    );
    for cycle in &tangle.cycles {
        let mut closed = cycle.clone();
        closed.push(cycle[0].clone());
        out += &format!("    cycle {}\n", closed.join(" -> "));
        for edge in closed.windows(2) {
            let site = &contents.sites[&(edge[0].clone(), edge[1].clone())];
            out += &format!(
                "      {} -> {}  {}:{}\n",
                edge[0], edge[1], site.file, site.line
            );
        }
    }
    out
}

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

/// Whether a file or folder name (without `.rs`) is one of those that hold only unit tests.
fn is_test_name(stem: &str) -> bool {
    stem == "tests" || stem.ends_with("_tests")
}

/// Whether a file holds only unit tests (a sibling `tests.rs` or `*_tests.rs` module).
fn is_test_file(path: &Path) -> bool {
    is_test_name(path.file_stem().and_then(|s| s.to_str()).unwrap_or(""))
}

/// The source without comments and without a trailing inline `#[cfg(test)] mod tests`; its
/// lines keep their numbers.
fn code_of(source: &str) -> String {
    // An inline test module (`mod tests {`), which the files end with; a `mod tests;`
    // declaration is no cut (it may come before the file's `use` lines).
    let cut = source
        .find("#[cfg(test)]\nmod tests {")
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

/// The module of a file under `src`: `a/b.rs` and `a/b/mod.rs` are `a::b`, `lib.rs` and
/// `main.rs` the root.
fn module_path(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).expect("file under src");
    let mut path: ModPath = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = path.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if !(stem == "mod" || path.is_empty() && (stem == "lib" || stem == "main")) {
        path.push(stem.to_owned());
    }
    path
}

/// The deepest common ancestor of two modules and its two children that hold them, if both
/// are strictly below it.
fn folder_edge(from: &[String], to: &[String]) -> Option<(ModPath, String, String)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if from.len() > common && to.len() > common {
        Some((
            from[..common].to_vec(),
            from[common].clone(),
            to[common].clone(),
        ))
    } else {
        None
    }
}

/// A module declared in a file with `mod name;` or `mod name { ... }`.
struct Declaration {
    name: String,
    /// Declared under `#[cfg(test)]`.
    test_only: bool,
    /// The file a `#[path = "..."]` gives it.
    file: Option<String>,
    /// Its body follows in braces.
    inline: bool,
}

/// The module declarations of some code, with the attributes on the lines just above each.
fn declarations(code: &str) -> Vec<Declaration> {
    let mut out = Vec::new();
    let mut attrs: Vec<&str> = Vec::new();
    for line in code.lines() {
        let line = line.trim();
        if line.starts_with("#[") {
            attrs.push(line);
            continue;
        }
        let mut rest = line;
        if let Some(r) = rest.strip_prefix("pub") {
            rest = match r.strip_prefix('(') {
                Some(r) => r.split_once(')').map_or("", |(_, r)| r),
                None => r,
            }
            .trim_start();
        }
        if let Some(r) = rest.strip_prefix("mod ") {
            let name: String = r
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let after = r[name.len()..].trim();
            if !name.is_empty() && (after == ";" || after.starts_with('{')) {
                out.push(Declaration {
                    test_only: attrs.contains(&"#[cfg(test)]"),
                    file: attrs.iter().find_map(|a| {
                        let value = a.strip_prefix("#[path")?.trim_start().strip_prefix('=')?;
                        Some(
                            value
                                .trim()
                                .trim_end_matches(']')
                                .trim()
                                .trim_matches('"')
                                .to_owned(),
                        )
                    }),
                    inline: after.starts_with('{'),
                    name,
                });
            }
        }
        if !line.is_empty() {
            attrs.clear();
        }
    }
    out
}

/// The names some code defines with an item keyword (`fn serve`, `struct ServeOptions`).
fn defined_names(code: &str) -> BTreeSet<String> {
    let bytes = code.as_bytes();
    let mut out = BTreeSet::new();
    let keywords = "fn struct enum union trait type const static mod macro_rules!";
    for keyword in keywords.split(' ').map(|k| format!("{k} ")) {
        let mut from = 0;
        while let Some(i) = code[from..].find(&keyword).map(|i| from + i) {
            from = i + keyword.len();
            if i > 0 && is_ident_byte(bytes[i - 1]) {
                continue;
            }
            let name = ident_at(bytes, skip_space(bytes, from));
            if !name.is_empty() {
                out.insert(name.to_owned());
            }
        }
    }
    out
}

/// A path as written from `crate`, `super` or `self`, or in a `use` (braces expanded).
#[derive(Debug)]
struct Written {
    /// Its segments, from the first (`crate`, `super`, a module) to the last name.
    segments: Vec<String>,
    /// The name a `use` gives it with `as`.
    rename: Option<String>,
    /// The byte offset where it (or its part of a brace group) starts.
    offset: usize,
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn skip_space(bytes: &[u8], mut pos: usize) -> usize {
    while bytes.get(pos).is_some_and(u8::is_ascii_whitespace) {
        pos += 1;
    }
    pos
}

fn ident_at(bytes: &[u8], pos: usize) -> &str {
    let end = pos
        + bytes[pos.min(bytes.len())..]
            .iter()
            .take_while(|b| is_ident_byte(**b))
            .count();
    std::str::from_utf8(&bytes[pos.min(end)..end]).expect("ASCII")
}

fn line_of(code: &str, offset: usize) -> usize {
    code.as_bytes()[..offset]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// Reads the use tree at `pos` (`a::b`, `a::{b, c::d}`, `a::*`, `a as b`) below the segments
/// of `prefix` into `out`; returns the position after it.
fn use_tree(bytes: &[u8], mut pos: usize, prefix: &[String], out: &mut Vec<Written>) -> usize {
    let start = pos;
    let mut segments = prefix.to_vec();
    loop {
        pos = skip_space(bytes, pos);
        match bytes.get(pos) {
            Some(b'{') => {
                pos += 1;
                loop {
                    pos = skip_space(bytes, pos);
                    match bytes.get(pos) {
                        None => return pos,
                        Some(b'}') => return pos + 1,
                        Some(b',') => pos += 1,
                        Some(_) => pos = use_tree(bytes, pos, &segments, out).max(pos + 1),
                    }
                }
            }
            Some(b'*') => {
                pos += 1;
                break;
            }
            _ => {}
        }
        let ident = ident_at(bytes, pos);
        if ident.is_empty() {
            break;
        }
        segments.push(ident.to_owned());
        pos += ident.len();
        let after = skip_space(bytes, pos);
        if !bytes[after..].starts_with(b"::") {
            break;
        }
        pos = after + 2;
    }
    let mut rename = None;
    let after = skip_space(bytes, pos);
    if bytes[after..].starts_with(b"as")
        && bytes.get(after + 2).is_some_and(u8::is_ascii_whitespace)
    {
        let at = skip_space(bytes, after + 2);
        let name = ident_at(bytes, at);
        rename = Some(name.to_owned());
        pos = at + name.len();
    }
    if segments.len() > prefix.len() {
        out.push(Written {
            segments,
            rename,
            offset: start,
        });
    }
    pos
}

/// The paths some code writes from `crate` (or `$crate`), `super` or `self`.
fn references(code: &str) -> Vec<Written> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        let boundary = pos == 0 || !is_ident_byte(bytes[pos - 1]) && bytes[pos - 1] != b':';
        let rest = &bytes[pos..];
        if boundary
            && [&b"crate::"[..], &b"super::"[..], &b"self::"[..]]
                .iter()
                .any(|k| rest.starts_with(k))
        {
            pos = use_tree(bytes, pos, &[], &mut out).max(pos + 1);
        } else {
            pos += 1;
        }
    }
    out
}

/// The paths the `use` declarations of some code import.
fn uses(code: &str) -> Vec<Written> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find("use ").map(|i| from + i) {
        from = i + "use ".len();
        if i == 0 || !is_ident_byte(bytes[i - 1]) {
            from = use_tree(bytes, from, &[], &mut out).max(from);
        }
    }
    out
}

/// One crate's modules as the check reads them.
struct Crate {
    /// The crate's directory, for messages.
    dir: String,
    /// The modules, test-only ones left out, each with its file.
    modules: BTreeMap<ModPath, PathBuf>,
    /// The test-only modules.
    tests: BTreeSet<ModPath>,
    /// Modules declared with `#[path]`, by the name they are declared under, and the module
    /// of their file.
    aliases: BTreeMap<ModPath, ModPath>,
    /// The names the crate root imports from its modules, and the module each comes from.
    reexports: BTreeMap<String, ModPath>,
    /// The other names the crate root defines or imports (from other crates).
    root_items: BTreeSet<String>,
}

/// A folder's modules, the edges among them, and one line behind each edge.
#[derive(Default)]
struct Folder {
    graph: Graph,
    sites: BTreeMap<(String, String), Site>,
}

/// Where a reference is written.
struct Site {
    file: String,
    line: usize,
}

impl Crate {
    /// Reads the crate in `dir` (its `src`).
    fn read(dir: &str) -> Crate {
        let src = workspace().join(dir).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut krate = Crate {
            dir: dir.to_owned(),
            modules: BTreeMap::new(),
            tests: BTreeSet::new(),
            aliases: BTreeMap::new(),
            reexports: BTreeMap::new(),
            root_items: BTreeSet::new(),
        };
        let mut declared_tests = BTreeSet::new();
        let mut root_code = String::new();
        for file in &files {
            let module = module_path(&src, file);
            let code = code_of(&fs::read_to_string(file).expect("source file"));
            for decl in declarations(&code) {
                let mut child = module.clone();
                child.push(decl.name.clone());
                if let Some(path) = &decl.file {
                    let target = file.parent().expect("a folder").join(path);
                    krate
                        .aliases
                        .insert(child.clone(), module_path(&src, &target));
                }
                if decl.test_only {
                    declared_tests.insert(krate.child(&module, &decl.name));
                }
                if module.is_empty() && decl.inline {
                    krate.root_items.insert(decl.name);
                }
            }
            if module.is_empty() {
                root_code = code;
            }
            krate.modules.insert(module, file.clone());
        }
        let tests: BTreeSet<ModPath> = krate
            .modules
            .keys()
            .filter(|m| {
                m.iter().any(|s| is_test_name(s))
                    || (1..=m.len()).any(|n| declared_tests.contains(&m[..n]))
            })
            .cloned()
            .collect();
        krate.modules.retain(|m, _| !tests.contains(m));
        krate.tests = tests;
        krate.root_items.extend(defined_names(&root_code));
        krate.read_root_uses(&root_code);
        krate
    }

    /// The module `name` below `parent`, through a `#[path]` declaration if it is one.
    fn child(&self, parent: &[String], name: &str) -> ModPath {
        let mut child = parent.to_vec();
        child.push(name.to_owned());
        self.aliases.get(&child).cloned().unwrap_or(child)
    }

    fn is_module(&self, m: &ModPath) -> bool {
        self.modules.contains_key(m) || self.tests.contains(m)
    }

    /// Records what the crate root's `use` declarations import: names from its modules in
    /// `reexports`, others in `root_items`.
    fn read_root_uses(&mut self, root_code: &str) {
        for import in uses(root_code) {
            let mut segments = import.segments.as_slice();
            if segments.len() > 1 && matches!(segments[0].as_str(), "crate" | "self") {
                segments = &segments[1..];
            }
            let name = match (segments.last(), &import.rename) {
                (_, Some(rename)) => rename.clone(),
                (Some(last), None) if last == "self" && segments.len() > 1 => {
                    segments[segments.len() - 2].clone()
                }
                (Some(last), None) => last.clone(),
                (None, None) => continue,
            };
            let mut at = ModPath::new();
            for segment in segments {
                let child = self.child(&at, segment);
                if segment != "self" && !self.is_module(&child) {
                    break;
                }
                if segment != "self" {
                    at = child;
                }
            }
            if at.is_empty() {
                self.root_items.insert(name);
            } else {
                self.reexports.insert(name, at);
            }
        }
    }

    /// The module a path written in module `from` names: the deepest that exists, or the one
    /// a root import comes from; `None` for a test-only module; an error for a name the
    /// crate root neither holds nor imports.
    fn resolve(&self, from: &[String], segments: &[String]) -> Result<Option<ModPath>, String> {
        let parent = |m: &[String]| m[..m.len().saturating_sub(1)].to_vec();
        let (mut at, mut rest) = match segments.first().map(String::as_str) {
            Some("crate") => (ModPath::new(), &segments[1..]),
            Some("self") => (from.to_vec(), &segments[1..]),
            Some("super") => (parent(from), &segments[1..]),
            _ => return Ok(None),
        };
        while rest.first().is_some_and(|s| s == "super") {
            at = parent(&at);
            rest = &rest[1..];
        }
        for segment in rest {
            if segment == "self" {
                continue;
            }
            let child = self.child(&at, segment);
            if self.is_module(&child) {
                at = child;
                continue;
            }
            if at.is_empty() {
                if let Some(m) = self.reexports.get(segment) {
                    at = m.clone();
                } else if !self.root_items.contains(segment) {
                    return Err(format!(
                        "`{}` names neither a module, a root import nor a root item",
                        segments.join("::")
                    ));
                }
            }
            break;
        }
        Ok((!self.tests.contains(&at)).then_some(at))
    }

    /// Each folder's modules and the edges among them.
    fn folders(&self) -> BTreeMap<ModPath, Folder> {
        let mut folders: BTreeMap<ModPath, Folder> = BTreeMap::new();
        for module in self.modules.keys() {
            if let Some((last, parent)) = module.split_last() {
                let folder = folders.entry(parent.to_vec()).or_default();
                folder.graph.entry(last.clone()).or_default();
            }
        }
        for (module, file) in &self.modules {
            if module.is_empty() {
                continue;
            }
            let code = code_of(&fs::read_to_string(file).expect("source file"));
            let shown = file
                .strip_prefix(workspace())
                .unwrap_or(file)
                .display()
                .to_string();
            for written in references(&code) {
                let line = line_of(&code, written.offset);
                let target = self
                    .resolve(module, &written.segments)
                    .unwrap_or_else(|e| panic!("{shown}:{line}: {e} of {}", self.dir));
                let Some(target) = target else { continue };
                let Some((folder, a, b)) = folder_edge(module, &target) else {
                    continue;
                };
                let folder = folders.entry(folder).or_default();
                folder.graph.entry(a.clone()).or_default().insert(b.clone());
                folder.graph.entry(b.clone()).or_default();
                folder.sites.entry((a, b)).or_insert_with(|| Site {
                    file: shown.clone(),
                    line,
                });
            }
        }
        folders
    }
}

/// Modules that use each other (a strongly connected part of a graph), and cycles among
/// them whose first edges, all cut, would leave none.
#[derive(Debug, PartialEq)]
struct Tangle {
    modules: Vec<String>,
    /// Each cycle's modules in order, from the module whose edge to the next would be cut.
    cycles: Vec<Vec<String>>,
}

/// A topological order (leaves first), or every tangle of the graph.
fn layers(graph: &Graph) -> Result<Vec<String>, Vec<Tangle>> {
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
        Err(strong_parts(graph)
            .into_iter()
            .filter(|p| p.len() > 1 || graph[p[0]].contains(p[0]))
            .map(|part| Tangle {
                cycles: cycles_to_cut(graph, &part),
                modules: part.iter().map(|m| m.to_string()).collect(),
            })
            .collect())
    }
}

/// The strongly connected parts of a graph (Tarjan's algorithm), each sorted, in order.
fn strong_parts(graph: &Graph) -> Vec<Vec<&str>> {
    struct Walk<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        parts: Vec<Vec<&'g str>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let at = self
                    .stack
                    .iter()
                    .rposition(|x| *x == v)
                    .expect("on the stack");
                let mut part = self.stack.split_off(at);
                part.sort_unstable();
                self.parts.push(part);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        parts: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.parts.sort();
    walk.parts
}

/// Cycles within a strongly connected part whose first edges, all cut, leave it acyclic:
/// the part is ordered users first (Eades, Lin and Smyth's greedy order: sinks to the end,
/// sources to the front, else the module that uses the most more than it is used); each
/// edge against that order starts one cycle, closed by a shortest path back.
fn cycles_to_cut(graph: &Graph, part: &[&str]) -> Vec<Vec<String>> {
    let edges = |v: &str| {
        graph[v]
            .iter()
            .map(String::as_str)
            .filter(|w| part.contains(w))
    };
    let mut left: BTreeSet<&str> = part.iter().copied().collect();
    let (mut front, mut back) = (Vec::new(), VecDeque::new());
    while !left.is_empty() {
        let outs = |v: &str, left: &BTreeSet<&str>| edges(v).filter(|w| left.contains(w)).count();
        let ins =
            |v: &str, left: &BTreeSet<&str>| left.iter().filter(|u| graph[**u].contains(v)).count();
        if let Some(sink) = left.iter().copied().find(|v| outs(v, &left) == 0) {
            left.remove(sink);
            back.push_front(sink);
        } else if let Some(source) = left.iter().copied().find(|v| ins(v, &left) == 0) {
            left.remove(source);
            front.push(source);
        } else {
            let score = |v: &str| outs(v, &left) as isize - ins(v, &left) as isize;
            let best = left
                .iter()
                .copied()
                .max_by_key(|v| (score(v), std::cmp::Reverse(*v)))
                .expect("a module left");
            left.remove(best);
            front.push(best);
        }
    }
    let order: Vec<&str> = front.into_iter().chain(back).collect();
    let position = |v: &str| order.iter().position(|x| *x == v).expect("in the part");
    let mut cycles = Vec::new();
    for &from in &order {
        for to in edges(from).filter(|to| position(to) <= position(from)) {
            let mut cycle = vec![from.to_owned()];
            cycle.extend(
                shortest_path(graph, part, to, from)
                    .into_iter()
                    .map(String::from),
            );
            cycle.pop();
            cycles.push(cycle);
        }
    }
    cycles
}

/// A shortest path within `part` from `start` to `end` (breadth first), both included.
fn shortest_path<'g>(graph: &'g Graph, part: &[&str], start: &'g str, end: &str) -> Vec<&'g str> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        if v == end {
            let mut path = vec![v];
            while let Some(prev) = came_from.get(path[path.len() - 1]) {
                path.push(prev);
            }
            path.reverse();
            return path;
        }
        for w in &graph[v] {
            let w = w.as_str();
            if part.contains(&w) && w != start && !came_from.contains_key(w) {
                came_from.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    unreachable!("a strongly connected part has a path between any two of its modules")
}
