//! Declared rules in process: validators answer ValidateResourceConfig with Terraform's
//! messages at the attribute's path; defaults, use_state_for_unknown and
//! requires_replace(_if) shape PlanResourceChange, nested objects included (set elements
//! matched by their declared element key), without any code in the resource's `plan`.

use super::*;
use crate::{ConfigureRequest, ReadDataSourceRequest};
use tfvalue::rules::Invalid;

/// A password-like model with every kind of rule.
#[derive(TfSchema, Debug, Clone)]
#[tf(
    conflicts_with(override_special, min_special),
    required_with(owner, team)
)]
struct Secret {
    #[tf(computed, use_non_null_state_for_unknown)]
    id: Unknown<Nullable<String>>,
    #[tf(computed, use_state_for_unknown)]
    revision: Unknown<Nullable<i64>>,
    #[tf(
        at_least = 1,
        at_least_sum_of(min_upper, min_special),
        requires_replace
    )]
    length: Unknown<i64>,
    #[tf(default = true, requires_replace)]
    upper: Unknown<Nullable<bool>>,
    #[tf(default = 0, requires_replace)]
    min_upper: Unknown<Nullable<i64>>,
    #[tf(optional, at_most = 5)]
    min_special: Unknown<Nullable<i64>>,
    #[tf(optional, length(min = 1, max = 4), regex = "^[!-/]+$")]
    override_special: Unknown<Nullable<String>>,
    #[tf(default = "-", one_of("-", "_"))]
    separator: Unknown<Nullable<String>>,
    #[tf(optional, requires_replace_if = owner_renamed, validate = no_root)]
    owner: Unknown<Nullable<String>>,
    #[tf(optional)]
    team: Unknown<Nullable<String>>,
    #[tf(optional, size(max = 2))]
    tags: Unknown<Nullable<Vec<String>>>,
    #[tf(nested)]
    disks: Unknown<Nullable<Vec<Disk>>>,
    #[tf(nested(set))]
    volumes: Unknown<Nullable<tfvalue::Set<Volume>>>,
}

/// An element of a set, known by its name.
#[derive(TfSchema, Debug, Clone)]
struct Volume {
    #[tf(element_key)]
    name: Unknown<String>,
    #[tf(optional, requires_replace)]
    zone: Unknown<Nullable<String>>,
    #[tf(computed, use_non_null_state_for_unknown)]
    id: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug, Clone)]
struct Disk {
    #[tf(between(min = 1, max = 100), requires_replace)]
    size: Unknown<i64>,
    #[tf(default = "ssd")]
    kind: Unknown<Nullable<String>>,
}

/// Replace only when the owner changes to a different non-empty name; an owner named
/// `lookup-fails` stands for a directory the check cannot reach.
fn owner_renamed(
    prior: &Unknown<Nullable<String>>,
    planned: &Unknown<Nullable<String>>,
) -> Result<bool, Invalid> {
    let name = |v: &Unknown<Nullable<String>>| match v.as_known() {
        Some(Nullable::Value(s)) if !s.is_empty() => Some(s.clone()),
        _ => None,
    };
    if name(planned).as_deref() == Some("lookup-fails") {
        return Err(Invalid::diagnostic(
            "Owner Lookup Failed",
            "The directory did not answer.",
        ));
    }
    Ok(name(prior).is_some() && name(planned).is_some())
}

fn no_root(owner: &str) -> Result<(), String> {
    if owner == "root" {
        Err("must not be \"root\"".to_owned())
    } else {
        Ok(())
    }
}

inert_resource!(Secrets, Secret, ());

struct RulesProvider;

impl Provider for RulesProvider {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_secret", Secrets);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn secret_type() -> &'static Type {
    Secret::schema().object_type()
}

/// A full `test_secret` object: `json` gives some attributes, the rest are null.
fn secret_value(json: &str) -> Value {
    let mut given: serde_json::Map<String, serde_json::Value> = serde_json::from_str(json).unwrap();
    for name in secret_type().as_object().unwrap().names() {
        given.entry(name.clone()).or_insert(serde_json::Value::Null);
    }
    let text = serde_json::Value::Object(given).to_string();
    Value::from_json(text.as_bytes(), secret_type()).unwrap()
}

fn secret(json: &str) -> Option<pb::DynamicValue> {
    wire(&secret_value(json))
}

fn wire(value: &Value) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: value.to_msgpack(secret_type()).unwrap(),
        json: Vec::new(),
    })
}

fn read_back(v: &Option<pb::DynamicValue>) -> Value {
    Value::from_msgpack(&v.as_ref().unwrap().msgpack, secret_type()).unwrap()
}

async fn service() -> ProviderService<RulesProvider> {
    let svc = ProviderService::new(RulesProvider).unwrap();
    let r = svc
        .configure_provider(Request::new(pb::configure_provider::Request {
            client_capabilities: None,
            terraform_version: "1.11.4".into(),
            config: Some(pb::DynamicValue {
                msgpack: Vec::new(),
                json: br#"{"prefix": null}"#.to_vec(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    svc
}

/// Every error of a validation: `path: summary: detail`.
async fn validate(svc: &ProviderService<RulesProvider>, config: Value) -> Vec<String> {
    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_secret".into(),
            config: wire(&config),
        }))
        .await
        .unwrap()
        .into_inner();
    r.diagnostics
        .iter()
        .map(|d| {
            let at = d
                .attribute
                .as_ref()
                .map(path_from_proto)
                .map(|p| p.to_string())
                .unwrap_or_default();
            format!("{at}: {}: {}", d.summary, d.detail)
        })
        .collect()
}

#[tokio::test]
async fn validators_speak_terraforms_words_at_the_attribute() {
    let svc = service().await;
    assert_eq!(
        validate(&svc, secret_value(r#"{"length": 8}"#)).await,
        Vec::<String>::new()
    );
    let found = validate(
        &svc,
        secret_value(
            r#"{"length": 0, "min_upper": 2, "min_special": 7, "override_special": "!!!!!",
                "separator": "+", "owner": "root", "tags": ["a", "b", "c"],
                "disks": [{"size": 0, "kind": null}]}"#,
        ),
    )
    .await;
    assert_eq!(
        found,
        [
            ".override_special: Invalid Attribute Combination: These attributes cannot be \
             configured together: [override_special,min_special]",
            ".owner: Invalid Attribute Combination: These attributes must be configured \
             together: [owner,team]",
            ".length: Invalid Attribute Value: Attribute length value must be at least 1, got: 0",
            ".length: Invalid Attribute Value: Attribute length value must be at least sum of \
             min_upper + min_special, got: 0",
            ".min_special: Invalid Attribute Value: Attribute min_special value must be at most \
             5, got: 7",
            ".override_special: Invalid Attribute Value Length: Attribute override_special \
             string length must be between 1 and 4, got: 5",
            ".separator: Invalid Attribute Value Match: Attribute separator value must be one \
             of: [\"-\" \"_\"], got: \"+\"",
            ".owner: Invalid Attribute Value: Attribute owner must not be \"root\"",
            ".tags: Invalid Attribute Value: Attribute tags list must contain at most 2 \
             elements, got: 3",
            // Terraform points diagnostics at an attribute, not inside its value: the path
            // stops at `disks`, the detail names the element.
            ".disks: Invalid Attribute Value: Attribute disks[0].size value must be between 1 \
             and 100, got: 0",
        ]
    );
    let found = validate(
        &svc,
        secret_value(r#"{"length": 4, "override_special": "ab"}"#),
    )
    .await;
    assert_eq!(
        found,
        [
            ".override_special: Invalid Attribute Value Match: Attribute override_special value \
          must match regular expression '^[!-/]+$', got: ab"
        ]
    );
}

#[tokio::test]
async fn validators_wait_for_unknown_values() {
    let svc = service().await;
    let mut config = secret_value(r#"{"min_upper": 9, "separator": "+"}"#);
    *config.attr_mut("length").unwrap() = Value::unknown(Type::Number);
    *config.attr_mut("separator").unwrap() = Value::unknown(Type::String);
    assert_eq!(validate(&svc, config).await, Vec::<String>::new());
}

async fn plan(
    svc: &ProviderService<RulesProvider>,
    prior: Option<pb::DynamicValue>,
    proposed: Value,
    config: Value,
) -> pb::plan_resource_change::Response {
    svc.plan_resource_change(Request::new(pb::plan_resource_change::Request {
        client_capabilities: None,
        prior_identity: None,
        type_name: "test_secret".into(),
        prior_state: prior.or_else(|| Some(nil())),
        proposed_new_state: wire(&proposed),
        config: wire(&config),
        prior_private: Vec::new(),
        provider_meta: None,
        planned_private: Vec::new(),
    }))
    .await
    .unwrap()
    .into_inner()
}

#[tokio::test]
async fn defaults_are_planned_where_the_configuration_is_null() {
    let svc = service().await;
    let config =
        secret_value(r#"{"length": 8, "upper": false, "disks": [{"size": 10, "kind": null}]}"#);
    let r = plan(&svc, None, config.clone(), config).await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let planned = read_back(&r.planned_state);
    assert_eq!(
        planned.attr("upper"),
        Some(&Value::Bool(false)),
        "configured"
    );
    assert_eq!(planned.attr("min_upper"), Some(&Value::Number(0.into())));
    assert_eq!(planned.attr("separator").and_then(Value::as_str), Some("-"));
    assert!(planned.attr("id").is_some_and(Value::is_unknown));
    assert_eq!(
        planned.get(&AttributePath::root().attr("disks").index(0).attr("kind")),
        Some(&Value::String("ssd".into()))
    );
    assert!(r.requires_replace.is_empty());
}

#[tokio::test]
async fn updates_keep_state_for_unknown_and_report_replacing_changes() {
    let svc = service().await;
    let prior = secret(
        r#"{"id": "s-1", "length": 8, "upper": true, "min_upper": 0, "separator": "-",
            "owner": "ann", "disks": [{"size": 10, "kind": "ssd"}]}"#,
    );
    // Terraform proposes the prior computed values where the configuration is null; a
    // changed length makes the framework plan `id` unknown, which use_state_for_unknown
    // turns back into the prior value.
    let config =
        secret_value(r#"{"length": 9, "owner": "bob", "disks": [{"size": 20, "kind": null}]}"#);
    let proposed = secret_value(
        r#"{"id": "s-1", "length": 9, "upper": true, "min_upper": 0, "separator": "-",
            "owner": "bob", "disks": [{"size": 20, "kind": "ssd"}]}"#,
    );
    let r = plan(&svc, prior.clone(), proposed, config).await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let planned = read_back(&r.planned_state);
    assert_eq!(planned.attr("id").and_then(Value::as_str), Some("s-1"));
    let replace: Vec<String> = r
        .requires_replace
        .iter()
        .map(|p| path_from_proto(p).to_string())
        .collect();
    assert_eq!(replace, [".length", ".owner", ".disks[0].size"]);

    // An owner cleared to null does not replace (requires_replace_if says no); an
    // unchanged plan replaces nothing.
    let config = secret_value(r#"{"length": 8, "disks": [{"size": 10, "kind": null}]}"#);
    let proposed = secret_value(
        r#"{"id": "s-1", "length": 8, "upper": true, "min_upper": 0, "separator": "-",
            "disks": [{"size": 10, "kind": "ssd"}]}"#,
    );
    let r = plan(&svc, prior, proposed, config).await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    assert!(r.requires_replace.is_empty(), "{:?}", r.requires_replace);
}

#[tokio::test]
async fn an_unchanged_update_keeps_a_computed_null_and_a_changed_one_plans_it_unknown() {
    let svc = service().await;
    // The provider left the computed `id` null at apply (or the state predates it).
    let stored = r#"{"id": null, "length": 8, "upper": true, "min_upper": 0, "separator": "-",
        "disks": [{"size": 10, "kind": "ssd"}]}"#;
    let config = secret_value(r#"{"length": 8, "disks": [{"size": 10, "kind": null}]}"#);
    let r = plan(&svc, secret(stored), secret_value(stored), config).await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let planned = read_back(&r.planned_state);
    assert!(
        planned == secret_value(stored),
        "nothing changed, so nothing is left to the apply: {planned:?}"
    );

    // A change leaves it to the apply: use_non_null_state_for_unknown has no prior value
    // to keep, while use_state_for_unknown keeps the null `revision`.
    let config = secret_value(r#"{"length": 9, "disks": [{"size": 10, "kind": null}]}"#);
    let proposed = secret_value(
        r#"{"id": null, "length": 9, "upper": true, "min_upper": 0, "separator": "-",
            "disks": [{"size": 10, "kind": "ssd"}]}"#,
    );
    let r = plan(&svc, secret(stored), proposed, config).await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let planned = read_back(&r.planned_state);
    assert!(planned.attr("id").is_some_and(Value::is_unknown));
    assert!(planned.attr("revision").is_some_and(Value::is_null));
}

#[tokio::test]
async fn set_elements_keep_the_state_of_the_element_with_the_same_key() {
    let svc = service().await;
    let prior = secret(
        r#"{"id": "s-1", "length": 8, "upper": true, "min_upper": 0, "separator": "-",
            "volumes": [{"name": "a", "zone": "z1", "id": "v-1"},
                        {"name": "b", "zone": "z1", "id": "v-2"}]}"#,
    );
    // Terraform proposes the new element with a null id, and no prior id in an element
    // that changed: a set element's id is not its prior element's.
    let config = secret_value(
        r#"{"length": 8, "volumes": [{"name": "c", "zone": null, "id": null},
            {"name": "b", "zone": "z1", "id": null}, {"name": "a", "zone": "z1", "id": null}]}"#,
    );
    let proposed = secret_value(
        r#"{"id": "s-1", "length": 8, "upper": true, "min_upper": 0, "separator": "-",
            "volumes": [{"name": "c", "zone": null, "id": null},
                        {"name": "b", "zone": "z1", "id": null},
                        {"name": "a", "zone": "z1", "id": null}]}"#,
    );
    let r = plan(&svc, prior.clone(), proposed, config).await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    assert!(r.requires_replace.is_empty(), "{:?}", r.requires_replace);
    let planned = read_back(&r.planned_state);
    let volumes = planned
        .attr("volumes")
        .and_then(Value::as_elements)
        .unwrap();
    let id_of = |name: &str| {
        volumes
            .iter()
            .find(|v| v.attr("name").and_then(Value::as_str) == Some(name))
            .and_then(|v| v.attr("id"))
            .cloned()
    };
    assert_eq!(id_of("a"), Some(Value::String("v-1".into())));
    assert_eq!(id_of("b"), Some(Value::String("v-2".into())));
    assert_eq!(id_of("c"), Some(Value::unknown(Type::String)));
    assert_eq!(planned.attr("id").and_then(Value::as_str), Some("s-1"));

    // A changed zone of volume `a` replaces: the same element is compared, wherever it
    // lies in the set (the path stops at the set, which is as far as the protocol names).
    let config = secret_value(
        r#"{"length": 8, "volumes": [{"name": "b", "zone": "z1", "id": null},
            {"name": "a", "zone": "z2", "id": null}]}"#,
    );
    let proposed = secret_value(
        r#"{"id": "s-1", "length": 8, "upper": true, "min_upper": 0, "separator": "-",
            "volumes": [{"name": "b", "zone": "z1", "id": null},
                        {"name": "a", "zone": "z2", "id": null}]}"#,
    );
    let r = plan(&svc, prior, proposed, config).await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let replace: Vec<String> = r
        .requires_replace
        .iter()
        .map(|p| path_from_proto(p).to_string())
        .collect();
    assert_eq!(replace, [".volumes"]);
}

#[tokio::test]
async fn a_failed_replacement_check_is_an_error_at_the_attribute() {
    let svc = service().await;
    let prior = secret(
        r#"{"id": "s-1", "length": 8, "upper": true, "min_upper": 0, "separator": "-",
            "owner": "ann"}"#,
    );
    let config = secret_value(r#"{"length": 8, "owner": "lookup-fails"}"#);
    let proposed = secret_value(
        r#"{"id": "s-1", "length": 8, "upper": true, "min_upper": 0, "separator": "-",
            "owner": "lookup-fails"}"#,
    );
    let r = plan(&svc, prior, proposed, config).await;
    let found: Vec<String> = r
        .diagnostics
        .iter()
        .map(|d| {
            let at = d.attribute.as_ref().map(path_from_proto);
            format!("{}: {}: {}", at.unwrap_or_default(), d.summary, d.detail)
        })
        .collect();
    assert_eq!(
        found,
        [".owner: Owner Lookup Failed: The directory did not answer."]
    );
    assert!(r.planned_state.is_none());
}

#[test]
fn plan_rules_on_a_data_source_model_are_refused_at_start() {
    struct Lookup;
    impl DataSource for Lookup {
        type Model = Secret;
        type Data = ();
        async fn read(
            &self,
            _: &mut Context<()>,
            request: ReadDataSourceRequest<Secret>,
        ) -> Result<Secret, Diagnostics> {
            let config = request.config;
            Ok(config)
        }
    }
    struct Bad;
    impl Provider for Bad {
        type Config = Config;
        type Data = ();
        fn register(&self, registry: &mut impl Registry<()>) {
            registry.data_source("test_lookup", Lookup);
        }
        async fn configure(
            &self,
            _: &mut Context<()>,
            _: ConfigureRequest<Config>,
        ) -> Result<(), Diagnostics> {
            Ok(())
        }
    }
    let Err(e) = ProviderService::new(Bad) else {
        panic!("a data source model with defaults was accepted");
    };
    assert!(
        e.iter().any(|p| p.contains("only managed resources plan")),
        "{e:?}"
    );
}
