//! Deprecation warnings in process: validating a provider, resource or data source
//! configuration warns about each deprecated attribute or block it sets, at its path,
//! and about a deprecated type; what is not set, or null, is not warned about.

use super::*;
use crate::{
    ConfigureRequest, CreateRequest, DeleteRequest, ReadDataSourceRequest, ReadRequest,
    UpdateRequest, ValidateRequest,
};

/// A resource model with deprecated parts at each depth.
#[derive(TfSchema, Debug)]
struct Modern {
    name: Nullable<String>,
    #[tf(deprecation_message = "Use name instead.")]
    title: Unknown<Nullable<String>>,
    #[tf(nested)]
    options: Nullable<Options>,
    #[tf(block, deprecation_message = "Rules move to the rule_set attribute.")]
    rule: Vec<Rule>,
}

#[derive(TfSchema, Debug)]
struct Options {
    #[tf(deprecated)]
    colour: Nullable<String>,
}

#[derive(TfSchema, Debug)]
struct Rule {
    #[tf(deprecation_message = "Rules have no weight any more.")]
    weight: Nullable<i64>,
}

/// A deprecated data source type.
#[derive(TfSchema, Debug)]
#[tf(deprecation_message = "Use the test_modern data source.")]
struct Legacy {
    name: Nullable<String>,
}

/// A provider block with a deprecated attribute.
#[derive(TfSchema, Debug)]
struct OldConfig {
    #[tf(deprecation_message = "Set root instead.")]
    prefix: Nullable<String>,
    root: Nullable<String>,
}

struct Moderns;

impl Resource for Moderns {
    type Model = Modern;
    type Data = ();

    async fn validate(
        &self,
        ctx: &mut Context<()>,
        _: ValidateRequest<Modern>,
    ) -> Result<(), Diagnostics> {
        ctx.warn(Diagnostic::warning("checked").with_detail("the resource's own validation ran"));
        Ok(())
    }

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Modern>,
    ) -> Result<Modern, ApplyError<Modern>> {
        let m = request.planned;
        Ok(m)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Modern>,
    ) -> Result<Option<Modern>, Diagnostics> {
        let m = request.state;
        Ok(Some(m))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Modern>,
    ) -> Result<Modern, ApplyError<Modern>> {
        let m = request.planned;
        Ok(m)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Modern>,
    ) -> Result<(), ApplyError<Modern>> {
        Ok(())
    }
}

struct Legacies;

impl DataSource for Legacies {
    type Model = Legacy;
    type Data = ();

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadDataSourceRequest<Legacy>,
    ) -> Result<Legacy, Diagnostics> {
        let l = request.config;
        Ok(l)
    }
}

struct DeprecatingProvider;

impl Provider for DeprecatingProvider {
    type Config = OldConfig;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_modern", Moderns);
        registry.data_source("test_legacy", Legacies);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<OldConfig>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn dynamic<T: TfSchema>(v: &Value) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: v.to_msgpack(T::schema().object_type()).unwrap(),
        json: Vec::new(),
    })
}

fn modern(title: Value, colour: Value, weights: &[Value]) -> Value {
    let options = Value::object([("colour", colour)]);
    let rule_type = Rule::schema().object_type().clone();
    let rules = weights
        .iter()
        .map(|w| Value::object([("weight", w.clone())]))
        .collect();
    Value::object([
        ("name", s("n")),
        ("options", options),
        ("rule", Value::List(rule_type, rules)),
        ("title", title),
    ])
}

async fn validate_modern(svc: &ProviderService<DeprecatingProvider>, v: &Value) -> Vec<String> {
    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_modern".into(),
            config: dynamic::<Modern>(v),
        }))
        .await
        .unwrap()
        .into_inner();
    shown(&r.diagnostics)
}

#[tokio::test]
async fn each_deprecated_attribute_and_block_set_is_a_warning_at_its_path() {
    let svc = ProviderService::new(DeprecatingProvider).unwrap();
    let all = modern(
        s("t"),
        s("red"),
        &[Value::Number(1.into()), Value::null(Type::Number)],
    );
    assert_eq!(
        validate_modern(&svc, &all).await,
        [
            "warning .title: Attribute Deprecated: Use name instead.",
            // A nested attribute's inner attribute: Terraform points at the outer one.
            "warning .options: Attribute Deprecated: Attribute \"options.colour\" is deprecated. \
             Refer to the provider documentation for details.",
            "warning .rule: Block Deprecated: Rules move to the rule_set attribute.",
            "warning .rule[0].weight: Attribute Deprecated: Rules have no weight any more.",
            "warning: checked: the resource's own validation ran",
        ]
    );
    // Unknown values are set; null ones and absent blocks are not.
    let some = modern(Value::unknown(Type::String), Value::null(Type::String), &[]);
    assert_eq!(
        validate_modern(&svc, &some).await,
        [
            "warning .title: Attribute Deprecated: Use name instead.",
            "warning: checked: the resource's own validation ran",
        ]
    );
    let none = modern(Value::null(Type::String), Value::null(Type::String), &[]);
    assert_eq!(
        validate_modern(&svc, &none).await,
        ["warning: checked: the resource's own validation ran"]
    );
}

#[tokio::test]
async fn a_deprecated_type_and_provider_attributes_warn_too() {
    let svc = ProviderService::new(DeprecatingProvider).unwrap();
    let legacy = Value::object([("name", s("x"))]);
    let r = svc
        .validate_data_resource_config(Request::new(pb::validate_data_resource_config::Request {
            type_name: "test_legacy".into(),
            config: dynamic::<Legacy>(&legacy),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        shown(&r.diagnostics),
        ["warning: Deprecated: Use the test_modern data source."]
    );
    for (prefix, expected) in [
        (
            s("p-"),
            vec!["warning .prefix: Attribute Deprecated: Set root instead."],
        ),
        (Value::null(Type::String), vec![]),
    ] {
        let config = Value::object([("prefix", prefix), ("root", s("/"))]);
        let r = svc
            .validate_provider_config(Request::new(pb::validate_provider_config::Request {
                config: dynamic::<OldConfig>(&config),
            }))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(shown(&r.diagnostics), expected);
    }
}

#[tokio::test]
async fn a_configuration_that_does_not_decode_gets_its_error_and_no_warning() {
    let svc = ProviderService::new(DeprecatingProvider).unwrap();
    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_modern".into(),
            config: garbage(),
        }))
        .await
        .unwrap()
        .into_inner();
    let shown = shown(&r.diagnostics);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(
        shown[0].starts_with("error: Invalid configuration"),
        "{shown:?}"
    );
}
