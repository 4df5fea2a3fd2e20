//! Compile errors of `#[derive(TfSchema)]`: one case in tests/ui/ per message the derive
//! can emit (and one where the generated code's own assertion fails), plus one showing
//! several errors reported at once. Each must fail to compile with exactly the recorded
//! output (tests/ui/*.stderr), spanned on the user's token. The toolchain is pinned
//! (rust-toolchain.toml), so the compiler's wording is stable; after a deliberate change,
//! `TRYBUILD=overwrite cargo test -p tfvalue-derive --test ui` rewrites the files, which
//! must then be read.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
