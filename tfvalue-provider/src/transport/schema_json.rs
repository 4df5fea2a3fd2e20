//! The whole provider's schema as `terraform providers schema -json` prints it
//! (Terraform's `internal/command/jsonprovider` and `jsonfunction`): the provider block,
//! every resource, data source, ephemeral resource and action type, and every function.
//!
//! [`providers_schema_json`] renders it for a [`Provider`]; a provider executable prints it
//! when run as `terraform-provider-<name> --schema-json` (the command line is read in
//! `schema_json/args.rs`), so documentation can be generated without Terraform.
//!
//! The text is Terraform's byte for byte: compact, Go's struct field order, names in byte
//! order, strings escaped as Go's `encoding/json` escapes them. Terraform 1.15 and later
//! also print list resources and resource identities (after the ephemeral resources and
//! after the functions), then actions. Terraform prints no `provider_meta` schema, and
//! nothing of what this provider does not serve (state stores: empty, so left out).

use std::ffi::OsString;
use std::process::ExitCode;

use std::collections::BTreeMap;

use tfvalue::schema::{Attribute, AttributeKind, ProvidersJson, Schema};
use tfvalue::{TfSchema, Type};

use crate::author::provider::Provider;
use crate::engine::registry::Registrations;
use crate::protocol::messages::{FunctionParameter, FunctionSignature};
use crate::transport::server::ProviderService;

pub(crate) mod args;

/// The whole schema of `provider`, served as `address` (e.g.
/// `registry.terraform.io/acme/files`), as the text `terraform providers schema -json` of
/// the given Terraform `release` prints for a configuration that uses only this provider:
/// `{"format_version":"1.0","provider_schemas":{"<address>":{"provider":…,
/// "resource_schemas":…,"data_source_schemas":…,"ephemeral_resource_schemas":…,
/// "functions":…}}}` (for [`ProvidersJson::Terraform1_15`] also `"list_resource_schemas"`
/// before the functions, `"resource_identity_schemas"` after them, then
/// `"action_schemas"`, each action as `{"block":…}`), each map left out when empty (as
/// Go's `omitempty` leaves it out).
/// A schema is rendered as [`Schema::to_providers_json_string_as`] renders it; a function
/// as `{"description","summary","deprecation_message","return_type","parameters",
/// "variadic_parameter"}`, a parameter as `{"name","description","is_nullable","type"}`,
/// each field but the types left out when empty or false.
///
/// A provider executable prints the same text when run with `--schema-json` (see
/// [`serve`](crate::serve)).
///
/// # Errors
/// The provider's types are declared wrongly (what [`serve`](crate::serve) would refuse
/// to start with): every problem, one line each.
pub fn providers_schema_json<P: Provider>(
    provider: &P,
    address: &str,
    release: ProvidersJson,
) -> Result<String, Vec<String>> {
    let registry = Registrations::checked::<P>(provider)?;
    Ok(render(P::Config::schema(), &registry, address, release))
}

/// What a served provider prints for `--schema-json`; implemented by the gRPC service,
/// which holds the checked registry. (`pub` in a private module: the bound of
/// `serve::run` may be no more private than that function.)
pub trait SchemaJson {
    /// [`providers_schema_json`] of the served provider.
    fn providers_schema_json(&self, address: &str, release: ProvidersJson) -> String;
}

impl<P: Provider> SchemaJson for ProviderService<P> {
    fn providers_schema_json(&self, address: &str, release: ProvidersJson) -> String {
        render(
            P::Config::schema(),
            self.dispatch().registry(),
            address,
            release,
        )
    }
}

/// When the command line asks for `--schema-json`: prints the schema of `service` to
/// stdout (or the command line's mistake to stderr) and gives the exit code. `None`
/// when the flag is not there: the process is to serve Terraform.
pub(crate) fn answer(
    service: &impl SchemaJson,
    args: impl IntoIterator<Item = OsString>,
) -> Option<ExitCode> {
    let request = args::parse(args)?;
    Some(match request {
        Ok(request) => {
            let text = service.providers_schema_json(&request.address, request.release);
            print_line(&text)
        }
        Err(message) => {
            eprintln!("error: {message}\n\n{}", args::USAGE);
            ExitCode::from(2)
        }
    })
}

/// Prints `text` and a newline to stdout; a failed write (a closed pipe) is an error.
fn print_line(text: &str) -> ExitCode {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{text}").and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: writing the schema to stdout failed: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The document: the provider's object under `address`.
fn render<D>(
    config: &Schema,
    registry: &Registrations<D>,
    address: &str,
    release: ProvidersJson,
) -> String {
    let mut out = Vec::with_capacity(4096);
    out.extend_from_slice(br#"{"format_version":"1.0","provider_schemas":{"#);
    go_string(&mut out, address);
    out.extend_from_slice(br#":{"provider":"#);
    out.extend_from_slice(config.to_providers_json_string_as(release).as_bytes());
    let resources = registry.resources.iter().map(|(n, r)| (n, r.schema()));
    schemas(&mut out, "resource_schemas", resources, release);
    let data_sources = registry.data_sources.iter().map(|(n, d)| (n, d.schema()));
    schemas(&mut out, "data_source_schemas", data_sources, release);
    let ephemeral = (registry.ephemeral_resources.iter()).map(|(n, e)| (n, e.schema()));
    schemas(&mut out, "ephemeral_resource_schemas", ephemeral, release);
    // List resources, identities and actions are printed for the newer releases only
    // (Terraform 1.11 to 1.13 know none of them).
    let newer = release == ProvidersJson::Terraform1_15;
    if newer {
        // Terraform wraps a list resource's schema as the `config` block of its own, and
        // prints that block back: the provider's schema.
        let lists = registry.lists.iter().map(|(n, l)| (n, l.schema()));
        schemas(&mut out, "list_resource_schemas", lists, release);
    }
    let functions = registry.functions.iter().map(|(n, f)| (n, f.signature()));
    map(&mut out, "functions", functions, function);
    if newer {
        let identities = registry.identities.iter().map(|(n, i)| (n, i.schema()));
        map(&mut out, "resource_identity_schemas", identities, identity);
        // Terraform prints an action's schema as its `config` block alone, unversioned.
        let actions = registry.actions.iter().map(|(n, a)| (n, a.schema()));
        map(&mut out, "action_schemas", actions, |out, schema| {
            out.extend_from_slice(br#"{"block":"#);
            out.extend_from_slice(schema.block.to_providers_json_string_as(release).as_bytes());
            out.push(b'}');
        });
    }
    out.extend_from_slice(b"}}}");
    // Only valid UTF-8 is written: ASCII syntax and escapes, and the bytes of `str`s.
    String::from_utf8(out).unwrap_or_default()
}

/// `,"<key>":{"<name>":<schema>,…}`, or nothing when there are no schemas.
fn schemas<'a>(
    out: &mut Vec<u8>,
    key: &str,
    items: impl Iterator<Item = (&'a String, &'a Schema)>,
    release: ProvidersJson,
) {
    map(out, key, items, |out, schema| {
        out.extend_from_slice(schema.to_providers_json_string_as(release).as_bytes());
    });
}

/// `,"<key>":{"<name>":<item>,…}` in the iterator's order (the registry's maps iterate in
/// byte order of names, as Go sorts map keys), or nothing when it is empty.
fn map<'a, T: ?Sized + 'a>(
    out: &mut Vec<u8>,
    key: &str,
    items: impl Iterator<Item = (&'a String, &'a T)>,
    write: impl Fn(&mut Vec<u8>, &T),
) {
    let mut items = items.peekable();
    if items.peek().is_none() {
        return;
    }
    out.push(b',');
    go_string(out, key);
    out.extend_from_slice(b":{");
    for (i, (name, item)) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        go_string(out, name);
        out.push(b':');
        write(out, item);
    }
    out.push(b'}');
}

/// An identity schema as `jsonprovider.IdentitySchema`: `version` (as Go's `uint64`),
/// then `attributes` (left out when empty), each `{"type","description",
/// "required_for_import","optional_for_import"}` with the empty and false ones left out.
/// The protocol carries an identity attribute as required for import or else optional
/// for import, and no nested attributes (`convert/schema.rs`); so does this.
fn identity(out: &mut Vec<u8>, schema: &Schema) {
    let mut fields = Fields::open(out);
    fields.key("version");
    let version = u64::from_ne_bytes(schema.version.to_ne_bytes());
    fields.out.extend_from_slice(version.to_string().as_bytes());
    let attributes: BTreeMap<&str, (&Attribute, &Type)> = (schema.block.attributes.iter())
        .filter_map(|a| match &a.kind {
            AttributeKind::Type(ty) => Some((a.name.as_str(), (a, ty))),
            AttributeKind::Nested(_) => None,
        })
        .collect();
    if !attributes.is_empty() {
        fields.key("attributes");
        let mut all = Fields::open(fields.out);
        for (name, (a, ty)) in attributes {
            all.key(name);
            let mut attr = Fields::open(all.out);
            attr.key("type");
            ty.write_json(attr.out);
            attr.string("description", &a.description);
            let key = if a.required {
                "required_for_import"
            } else {
                "optional_for_import"
            };
            attr.key(key);
            attr.out.extend_from_slice(b"true");
            attr.close();
        }
        all.close();
    }
    fields.close();
}

/// A function signature in `jsonfunction.FunctionSignature`'s field order.
fn function(out: &mut Vec<u8>, f: &FunctionSignature) {
    let mut fields = Fields::open(out);
    fields.string("description", &f.description);
    fields.string("summary", &f.summary);
    fields.string("deprecation_message", &f.deprecation_message);
    fields.key("return_type");
    f.return_type.write_json(fields.out);
    if !f.parameters.is_empty() {
        fields.key("parameters");
        fields.out.push(b'[');
        for (i, p) in f.parameters.iter().enumerate() {
            if i > 0 {
                fields.out.push(b',');
            }
            parameter(fields.out, p);
        }
        fields.out.push(b']');
    }
    if let Some(p) = &f.variadic_parameter {
        fields.key("variadic_parameter");
        parameter(fields.out, p);
    }
    fields.close();
}

/// A parameter in `jsonfunction.parameter`'s field order.
fn parameter(out: &mut Vec<u8>, p: &FunctionParameter) {
    let mut fields = Fields::open(out);
    fields.string("name", &p.name);
    fields.string("description", &p.description);
    if p.allow_null_value {
        fields.key("is_nullable");
        fields.out.extend_from_slice(b"true");
    }
    fields.key("type");
    p.ty.write_json(fields.out);
    fields.close();
}

/// A JSON object being written, field by field.
struct Fields<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl<'a> Fields<'a> {
    fn open(out: &'a mut Vec<u8>) -> Self {
        out.push(b'{');
        Fields { out, first: true }
    }

    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        go_string(self.out, key);
        self.out.push(b':');
    }

    /// A string field, left out when empty (`omitempty`).
    fn string(&mut self, key: &str, value: &str) {
        if !value.is_empty() {
            self.key(key);
            go_string(self.out, value);
        }
    }

    fn close(self) {
        self.out.push(b'}');
    }
}

/// `s` as a JSON string escaped as Go's `encoding/json` escapes it (`<`, `>`, `&` as
/// `\u003c`, `\u003e`, `\u0026`): tfvalue's JSON encoding of a string.
fn go_string(out: &mut Vec<u8>, s: &str) {
    match tfvalue::json::to_vec(&s) {
        Ok(bytes) => out.extend_from_slice(&bytes),
        // A string always encodes; should it not, serde_json's text is still the same
        // JSON value.
        Err(_) => out.extend_from_slice(&serde_json::to_vec(s).unwrap_or_default()),
    }
}

#[cfg(test)]
mod tests;
