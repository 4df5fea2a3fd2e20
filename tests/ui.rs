//! Compile-time errors of `#[derive(TfSchema)]`: each case in tests/ui/ must fail to compile
//! with exactly the recorded message (tests/ui/*.stderr), spanned on the user's token.
//! The toolchain is pinned (rust-toolchain.toml) so the messages stay stable.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
