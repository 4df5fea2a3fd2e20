//! Quickstart: one model, `example_vm` (examples/models/vm.rs), through the life of a
//! resource: its schema, a plan with unknown values, apply-time data with none, and what a
//! bad payload gets.
//!
//! The payloads are built here with tfvalue itself: the configuration below is read against
//! the schema's object type (`Value::from_json`), unknown values are put where Terraform
//! puts them when the configuration refers to resources not created yet, and the result is
//! encoded as Terraform would send it (`Value::to_msgpack`, byte-exact with go-cty).
//!
//! Run: `cargo run --example quickstart`

#[path = "models/vm.rs"]
mod vm;

use tfvalue::known::{IntoKnown as _, UnknownPaths as _};
use tfvalue::{Nullable, Readable, Refinements, TfSchema as _, Type, Unknown, Value};
use tfvalue_suite::to_hex;
use vm::{Vm, VmKnown};

/// The configuration of one machine, as JSON (a dynamic value is `{"value", "type"}`).
/// Every reference resolved: this is what the provider gets at apply time. Attributes the
/// configuration leaves out (`id`, `network.private_ip`, `disk[0].type`) are null.
const CONFIG: &str = r#"{
    "name": "web-fox",
    "machine_type": "m5.large",
    "admin_password": "correct horse battery staple",
    "tags": {"env": "prod", "team": "web"},
    "security_groups": ["sg-0ssh", "sg-0web"],
    "cloud_init": {"value": {"packages": ["nginx"]},
                   "type": ["object", {"packages": ["tuple", ["string"]]}]},
    "network": {"subnet_id": "subnet-0a1b", "public": true},
    "disk": [{"size_gb": 20}, {"size_gb": 100, "type": "ssd"}],
    "timeouts": {"create": "10m"}
}"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 1. The schema the provider serves, from the derive alone; its object type is the type
    //    every payload for the resource is encoded against.
    let schema = Vm::schema();
    let ty = schema.object_type();
    let json = schema.to_providers_json_string();
    println!(
        "1. schema of example_vm (version {}), as `terraform providers schema -json` prints it",
        schema.version
    );
    println!(
        "   ({} bytes; descriptions left out here, `cargo run --example vm` prints it all):",
        json.len()
    );
    let rendered = schema.to_providers_json();
    for section in ["attributes", "block_types"] {
        for (name, entry) in rendered["block"][section].as_object().into_iter().flatten() {
            print_entry("", name, entry);
        }
    }

    // 2. PlanResourceChange: the proposed new state. At plan time three values in the
    //    configuration come from resources not created yet:
    //      name            = "web-${random_pet.vm.id}"    unknown, but starts with "web-"
    //      network         = { subnet_id = aws_subnet.main.id, ... }
    //      security_groups = ["sg-0ssh", aws_security_group.web.id]
    let mut proposed = Value::from_json(CONFIG.as_bytes(), ty)?;
    let prefix = Refinements::new().not_null().with_string_prefix("web-");
    *attr(&mut proposed, &["name"]) = Value::unknown_refined(Type::String, prefix)?;
    *attr(&mut proposed, &["network", "subnet_id"]) = Value::unknown(Type::String);
    *attr(&mut proposed, &["security_groups"]) = Value::set(
        Type::String,
        vec![Value::from("sg-0ssh"), Value::unknown(Type::String)],
    )?;
    let bytes = proposed.to_msgpack(ty)?;
    println!(
        "\n2. PlanResourceChange.proposed_new_state, {}",
        preview(&bytes)
    );

    let mut vm: Vm = tfvalue::msgpack::from_slice(&bytes)?;
    println!("   decoded into Vm; unknown: {}", paths(&vm));
    if let Unknown::Unknown(what) = &vm.name {
        let wire = tfvalue::msgpack::to_vec(&vm.name)?;
        println!("   name: {what}, on the wire {}", to_hex(&wire));
    }

    // 3. Plan: computed attributes the configuration left null become "known after apply".
    unknown_if_null(&mut vm.id);
    if let Some(network) = vm.network.as_known_mut().and_then(Nullable::as_value_mut) {
        unknown_if_null(&mut network.private_ip);
    }
    for disk in vm.disk.as_known_mut().into_iter().flatten() {
        unknown_if_null(&mut disk.kind);
    }
    println!("\n3. computed attributes left null marked unknown; unknown now:");
    println!("   {}", paths(&vm));

    // 4. The planned state goes back to Terraform.
    let planned = tfvalue::msgpack::to_vec(&vm)?;
    println!(
        "\n4. PlanResourceChange.planned_state, {}",
        preview(&planned)
    );
    let shown = Value::from_msgpack(&planned, ty)?;
    for name in ["id", "network", "disk"] {
        if let Some(v) = shown.attr(name) {
            println!("   {name:<8} = {}", Readable(v));
        }
    }

    // 5. The plan-time model is not apply-time data: the conversion says what is missing.
    if let Err(e) = vm.into_known() {
        println!("\n5. vm.into_known() on the plan-time model fails:\n   {e}");
    }

    // 6. ApplyResourceChange: the configuration with every reference resolved. Converted
    //    once, its fields need no unwrapping.
    let config = Value::from_json(CONFIG.as_bytes(), ty)?.to_msgpack(ty)?;
    println!("\n6. ApplyResourceChange.config, {}", preview(&config));
    let vm: Vm = tfvalue::msgpack::from_slice(&config)?;
    let known: VmKnown = vm.into_known()?;
    let sizes: Vec<u32> = known.disk.iter().map(|d| d.size_gb).collect();
    println!(
        "   VmKnown: name {:?}, machine_type {:?}, disk sizes {sizes:?} GiB,",
        known.name, known.machine_type
    );
    println!(
        "   subnet {:?}, admin_password ({} characters, sensitive)",
        known
            .network
            .as_value()
            .map_or("none", |n| n.subnet_id.as_str()),
        known.admin_password.as_value().map_or(0, String::len),
    );

    // 7. A payload that does not fit the model: the error names the attribute. Here the
    //    configuration in DynamicValue's JSON encoding (as go-cty writes it: every attribute,
    //    names in order), with a string where disk[1] needs a number.
    let json = String::from_utf8(Value::from_json(CONFIG.as_bytes(), ty)?.to_json(ty)?)?;
    let bad = json.replace(r#""size_gb":100"#, r#""size_gb":"100GB""#);
    if let Err(e) = tfvalue::json::from_slice::<Vm>(bad.as_bytes()) {
        println!("\n7. a payload with disk[1].size_gb = \"100GB\" does not decode:\n   {e}");
    }
    Ok(())
}

/// Plan time: a computed attribute the configuration left null is the provider's to fill.
fn unknown_if_null<T>(value: &mut Unknown<Nullable<T>>) {
    if value.is_null() {
        *value = Unknown::unknown();
    }
}

/// The attribute at `path` (object attributes only) of a value built from [`CONFIG`].
fn attr<'a>(value: &'a mut Value, path: &[&str]) -> &'a mut Value {
    path.iter().fold(value, |v, name| {
        v.attr_mut(name)
            .unwrap_or_else(|| panic!("CONFIG has no attribute {name}"))
    })
}

/// The unknown values in a model, as paths.
fn paths(vm: &Vm) -> String {
    let paths: Vec<String> = vm.unknown_paths().iter().map(ToString::to_string).collect();
    paths.join(", ")
}

/// Length and the first bytes, in hex.
fn preview(bytes: &[u8]) -> String {
    let head = bytes.get(..16).unwrap_or(bytes);
    format!("{} bytes: {}…", bytes.len(), to_hex(head))
}

/// Prints one attribute or block type of the rendered schema as compact JSON, without its
/// `description` and `description_kind`; the attributes of a nested attribute or block
/// follow on their own lines.
fn print_entry(indent: &str, name: &str, entry: &serde_json::Value) {
    let mut entry = entry.clone();
    let mut inner = serde_json::Map::new();
    if let Some(map) = entry.as_object_mut() {
        map.retain(|k, _| !k.starts_with("description"));
        for key in ["nested_type", "block"] {
            if let Some(body) = map.get_mut(key).and_then(serde_json::Value::as_object_mut) {
                body.retain(|k, _| !k.starts_with("description"));
                if let Some(serde_json::Value::Object(attrs)) = body.remove("attributes") {
                    inner = attrs;
                }
            }
        }
    }
    println!("   {:<21}{entry}", format!("{indent}{name}"));
    for (sub, attr) in &inner {
        print_entry("  ", &format!("{name}.{sub}"), attr);
    }
}
