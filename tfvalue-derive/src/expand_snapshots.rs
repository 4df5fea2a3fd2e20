//! The committed expansions: each model in tests/expand/ (`<model>.rs`) beside what the
//! derive writes for it (`<model>.expanded.rs`, pretty-printed), so a reader can see the
//! generated code; the test fails when one is stale. `TFVALUE_BLESS=1 cargo test -p
//! tfvalue-derive expand_snapshots` rewrites them.

use std::fs;
use std::path::Path;

/// The first line of every expansion file.
const HEADER: &str = "// What #[derive(TfSchema)] writes for the structs of the file of the same name\n\
                      // without `.expanded` (checked by tfvalue-derive's unit test `expand_snapshots`;\n\
                      // rewrite with TFVALUE_BLESS=1).\n\n";

/// The derive's output for every struct in `source`, pretty-printed as one file.
fn expand_source(source: &str) -> String {
    let file = syn::parse_file(source).expect("the model file parses");
    let mut out = proc_macro2::TokenStream::new();
    for item in file.items {
        let syn::Item::Struct(item) = item else {
            continue;
        };
        let input: syn::DeriveInput = syn::parse2(quote::ToTokens::into_token_stream(item))
            .expect("a struct is a derive input");
        out.extend(crate::derive(&input).unwrap_or_else(syn::Error::into_compile_error));
    }
    let expanded: syn::File = syn::parse2(out).expect("the expansion parses as a file");
    format!("{HEADER}{}", prettyplease::unparse(&expanded))
}

#[test]
fn committed_expansions_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expand");
    let bless = std::env::var("TFVALUE_BLESS").is_ok_and(|v| v == "1");
    let mut models: Vec<_> = fs::read_dir(&dir)
        .expect("tests/expand exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.ends_with(".rs") && !name.ends_with(".expanded.rs")
        })
        .collect();
    models.sort();
    assert!(!models.is_empty(), "no model in {}", dir.display());
    let mut stale = Vec::new();
    for model in &models {
        let source = fs::read_to_string(model).expect("the model is readable");
        let actual = expand_source(&source);
        let expanded = model.with_extension("expanded.rs");
        if bless {
            fs::write(&expanded, &actual).expect("the expansion is writable");
            continue;
        }
        let committed = fs::read_to_string(&expanded).unwrap_or_default();
        if committed != actual {
            let line = committed
                .lines()
                .zip(actual.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| committed.lines().count().min(actual.lines().count()))
                + 1;
            stale.push(format!(
                "{} (first difference at line {line})",
                expanded.display()
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "stale expansions; check the change, then rewrite them with \
         TFVALUE_BLESS=1 cargo test -p tfvalue-derive expand_snapshots:\n{}",
        stale.join("\n")
    );
}
