//! The states users of this provider have stored stay readable: each managed resource
//! type's schema and identity are compared with its golden under `examples/local/schema/`
//! (`<type>.json`), and a model change that would break them without a version bump and
//! its upgrade fails here. After a change that breaks nothing,
//! `TFVALUE_BLESS=1 cargo test -p tfvalue-suite schema_guard::` rewrites the goldens.

use tfvalue_testing::SchemaGuard;

use super::Local;

#[test]
fn local_states_stay_readable() {
    // The tests run in the repository's root (the package's directory).
    SchemaGuard::new(&Local, "examples/local/schema").check();
}
