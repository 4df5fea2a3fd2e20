//! The model of `example_vm` (examples/models/vm.rs) and its schema, as
//! `terraform providers schema -json` prints it for the resource (pretty-printed here;
//! `Schema::to_providers_json_string` gives Terraform's exact compact text).
//!
//! Run: `cargo run --example vm`

#[path = "models/vm.rs"]
mod vm;

use tfvalue::TfSchema as _;

fn main() -> Result<(), serde_json::Error> {
    let schema = vm::Vm::schema();
    println!(
        "{}",
        serde_json::to_string_pretty(&schema.to_providers_json())?
    );
    Ok(())
}
