//! What the `rpc` target asserts of every answer (a failed assertion is a finding):
//! diagnostics that do not report a panic and whose paths exist in the schema, values that
//! decode against their type, and schema listings that agree with the fuzz provider's
//! table of types ([`super::provider::types`]).

use std::collections::BTreeSet;

use tfvalue::{Type, Value};
use tfvalue_provider::__unstable_proto::tfplugin6 as pb;

use super::provider::{types, Kind};

/// How the detail of the diagnostic begins that the service answers when a provider method
/// panicked. Only its beginning is compared: the rest of a detail can quote the request
/// (a type name the fuzzer chose, which may well say "panicked").
const PANICKED: &str = "The provider panicked in ";

/// Diagnostics of `rpc`'s answer, about values of type `ty` (`None` when the request names
/// no type the provider serves, or no type at all): none reports a panic, and each path is
/// a path of `ty`, or absent (or empty, which is the root, when `ty` is `None`).
pub fn diagnostics(rpc: &str, diagnostics: &[pb::Diagnostic], ty: Option<&Type>) {
    for d in diagnostics {
        assert!(
            !d.detail.starts_with(PANICKED),
            "{rpc}: the provider panicked: {} {}",
            d.summary,
            d.detail
        );
        if let Some(path) = &d.attribute {
            assert!(
                path_exists(ty, path),
                "{rpc}: diagnostic {:?} points at {path:?}, which {} does not have",
                d.summary,
                described(ty)
            );
        }
    }
}

/// Paths `rpc` answered as `what` (e.g. `requires_replace`): each is a path of `ty`.
pub fn paths(rpc: &str, what: &str, paths: &[pb::AttributePath], ty: Option<&Type>) {
    for path in paths {
        assert!(
            path_exists(ty, path),
            "{rpc}: {what} names {path:?}, which {} does not have",
            described(ty)
        );
    }
}

/// A value `rpc` answered as `what`: when present, it is a value of `ty` (which must
/// exist: nothing is answered for a type the provider does not serve).
pub fn value(rpc: &str, what: &str, value: Option<&pb::DynamicValue>, ty: Option<&Type>) {
    answered_or_sent(rpc, what, value, None, ty);
}

/// As [`value`], except that a value answered exactly as the request carried it (`sent`)
/// is not checked: when `ReadResource` or `ApplyResourceChange` cannot do its work (the
/// state does not decode, the type is unknown, the provider failed) the service answers
/// Terraform's own state back unchanged, and whether Terraform's bytes are a value is not
/// the provider's to say.
pub fn answered_or_sent(
    rpc: &str,
    what: &str,
    value: Option<&pb::DynamicValue>,
    sent: Option<&pb::DynamicValue>,
    ty: Option<&Type>,
) {
    let Some(value) = value else {
        return;
    };
    if sent == Some(value) {
        return;
    }
    let Some(ty) = ty else {
        panic!(
            "{rpc}: {what} answered for a type the provider does not serve (or that \
             rpc_fuzzing/provider.rs `types()` does not list): {value:?}"
        );
    };
    let decoded = if value.msgpack.is_empty() && !value.json.is_empty() {
        Value::from_json(&value.json, ty)
    } else {
        Value::from_msgpack(&value.msgpack, ty)
    };
    if let Err(e) = decoded {
        panic!("{rpc}: {what} is not a value of its type ({e}): {value:?}");
    }
}

/// An identity `rpc` answered: when present, a value of the identity's type `ty`.
pub fn identity(rpc: &str, identity: Option<&pb::ResourceIdentityData>, ty: Option<&Type>) {
    identity_or_sent(rpc, identity, None, ty);
}

/// As [`identity`], except that the identity the request carried, answered back unchanged
/// (a read or apply that could not run answers Terraform's own state and identity), is
/// not checked, as [`answered_or_sent`] does for states.
pub fn identity_or_sent(
    rpc: &str,
    identity: Option<&pb::ResourceIdentityData>,
    sent: Option<&pb::ResourceIdentityData>,
    ty: Option<&Type>,
) {
    if let Some(identity) = identity {
        let sent = sent.and_then(|s| s.identity_data.as_ref());
        answered_or_sent(rpc, "identity", identity.identity_data.as_ref(), sent, ty);
    }
}

/// A function's error: it does not report a panic. The error's text is the service's
/// diagnostics, each as `summary: detail`; after a panic there is one, whose summary is
/// "The provider failed".
pub fn function_error(rpc: &str, error: Option<&pb::FunctionError>) {
    if let Some(error) = error {
        let after_summary = error.text.strip_prefix("The provider failed: ");
        assert!(
            !after_summary.is_some_and(|rest| rest.starts_with(PANICKED)),
            "{rpc}: the provider panicked: {}",
            error.text
        );
    }
}

/// The names `rpc` lists for `kind` are those of the fuzz provider's table.
pub fn same_names<'a>(rpc: &str, kind: Kind, names: impl Iterator<Item = &'a String>) {
    let answered: BTreeSet<&str> = names.map(String::as_str).collect();
    let listed: BTreeSet<&str> = (types().into_iter())
        .filter(|(k, _, _)| *k == kind)
        .map(|(_, name, _)| name)
        .collect();
    assert_eq!(
        answered, listed,
        "{rpc}: the {kind:?} types served differ from those rpc_fuzzing/provider.rs `types()` lists"
    );
}

/// `GetMetadata` lists every type of the provider's table, by kind.
pub fn metadata_lists_the_types(a: &pb::get_metadata::Response) {
    let rpc = "GetMetadata";
    same_names(
        rpc,
        Kind::Resource,
        a.resources.iter().map(|m| &m.type_name),
    );
    same_names(
        rpc,
        Kind::DataSource,
        a.data_sources.iter().map(|m| &m.type_name),
    );
    same_names(
        rpc,
        Kind::Ephemeral,
        a.ephemeral_resources.iter().map(|m| &m.type_name),
    );
    same_names(
        rpc,
        Kind::ListResource,
        a.list_resources.iter().map(|m| &m.type_name),
    );
    same_names(
        rpc,
        Kind::StateStore,
        a.state_stores.iter().map(|m| &m.type_name),
    );
    same_names(rpc, Kind::Action, a.actions.iter().map(|m| &m.type_name));
    same_names(rpc, Kind::Function, a.functions.iter().map(|m| &m.name));
}

/// `GetProviderSchema` gives a schema for every type of the provider's table, by kind.
pub fn schema_lists_the_types(a: &pb::get_provider_schema::Response) {
    let rpc = "GetProviderSchema";
    assert!(a.provider.is_some(), "{rpc}: no provider schema");
    same_names(rpc, Kind::Resource, a.resource_schemas.keys());
    same_names(rpc, Kind::DataSource, a.data_source_schemas.keys());
    same_names(rpc, Kind::Ephemeral, a.ephemeral_resource_schemas.keys());
    same_names(rpc, Kind::ListResource, a.list_resource_schemas.keys());
    same_names(rpc, Kind::StateStore, a.state_store_schemas.keys());
    same_names(rpc, Kind::Action, a.action_schemas.keys());
    same_names(rpc, Kind::Function, a.functions.keys());
}

fn described(ty: Option<&Type>) -> String {
    match ty {
        Some(ty) => format!("the type {}", ty.to_json()),
        None => "a request naming no served type".to_owned(),
    }
}

/// Whether `path` is a path Terraform can resolve in values of `ty`: attribute names into
/// objects, string keys into maps, integer keys into lists and tuples (in range), and
/// anything beneath a dynamic value (whose type is the value's own). No step goes into a
/// set: the protocol cannot name a set's element. Without a type only the root (no steps)
/// is a path.
///
/// One exception, which the service makes on purpose (`diagnostic_path` in
/// tfvalue-provider's diagnostics.rs): the last step may name an attribute the object
/// lacks. A value Terraform sent (a stored state, an old version's state to upgrade) can
/// hold an attribute the schema does not, and its decoding error points at that
/// attribute; Terraform, finding no such attribute in the configuration, points at the
/// whole resource.
fn path_exists(ty: Option<&Type>, path: &pb::AttributePath) -> bool {
    use pb::attribute_path::step::Selector;
    let Some(mut current) = ty else {
        return path.steps.is_empty();
    };
    for (i, step) in path.steps.iter().enumerate() {
        let last = i + 1 == path.steps.len();
        if current.is_dynamic() {
            return true;
        }
        let next = match &step.selector {
            Some(Selector::AttributeName(name)) => match current.as_object() {
                Some(o) if last && o.attr_type(name).is_none() => return true,
                Some(o) => o.attr_type(name),
                None => None,
            },
            Some(Selector::ElementKeyString(_)) => {
                current.is_map().then(|| current.element_type()).flatten()
            }
            Some(Selector::ElementKeyInt(i)) => match current.tuple_elements() {
                Some(elements) => usize::try_from(*i).ok().and_then(|i| elements.get(i)),
                None if current.is_list() && *i >= 0 => current.element_type(),
                None => None,
            },
            None => None,
        };
        match next {
            Some(t) => current = t,
            None => return false,
        }
    }
    true
}
