//! Validation that succeeds with warnings: what a provider, resource, data source or
//! ephemeral resource `validate` adds to its context is answered whether it returns `Ok`
//! or `Err`, after the deprecation warnings of the configuration, and an error added to
//! the context fails the validation even when the method returns `Ok`.

use super::*;
use crate::{EphemeralResource, Opened};

/// The configuration of every kind here: a name, and a deprecated label.
#[derive(TfSchema, Debug)]
struct Checked {
    name: Unknown<String>,
    #[tf(deprecation_message = "Use name instead.")]
    label: Unknown<Nullable<String>>,
}

/// The validation every kind shares: by the name, a warning with success, a warning
/// with a failure, or an error added to the context with success.
fn check(ctx: &mut Context<()>, config: &Checked, what: &str) -> Result<(), Diagnostics> {
    let Some(name) = config.name.as_known() else {
        ctx.warn(
            format!("{what}: name unknown"),
            "checked again when it is known",
        );
        return Ok(());
    };
    match name.as_str() {
        "bad" => {
            ctx.warn(format!("{what}: looked"), "before failing");
            Err(Diagnostic::error(format!("{what}: bad name"))
                .at(AttributePath::root().attr("name"))
                .into())
        }
        "soft" => {
            ctx.add(Diagnostic::error(format!("{what}: soft error")).with_detail("added"));
            Ok(())
        }
        _ => {
            ctx.warn(format!("{what}: looked"), "the name is fine");
            Ok(())
        }
    }
}

struct CheckedResource;

impl Resource for CheckedResource {
    type Model = Checked;
    type Data = ();

    async fn validate(&self, ctx: &mut Context<()>, config: &Checked) -> Result<(), Diagnostics> {
        check(ctx, config, "resource")
    }
    async fn create(
        &self,
        _: &mut Context<()>,
        planned: Checked,
        _: Checked,
    ) -> Result<Checked, ApplyError<Checked>> {
        Ok(planned)
    }
    async fn read(
        &self,
        _: &mut Context<()>,
        current: Checked,
    ) -> Result<Option<Checked>, Diagnostics> {
        Ok(Some(current))
    }
    async fn update(
        &self,
        _: &mut Context<()>,
        _: Checked,
        planned: Checked,
        _: Checked,
    ) -> Result<Checked, ApplyError<Checked>> {
        Ok(planned)
    }
    async fn delete(&self, _: &mut Context<()>, _: Checked) -> Result<(), ApplyError<Checked>> {
        Ok(())
    }
}

struct CheckedDataSource;

impl DataSource for CheckedDataSource {
    type Model = Checked;
    type Data = ();

    async fn validate(&self, ctx: &mut Context<()>, config: &Checked) -> Result<(), Diagnostics> {
        check(ctx, config, "data source")
    }
    async fn read(&self, _: &mut Context<()>, config: Checked) -> Result<Checked, Diagnostics> {
        Ok(config)
    }
}

struct CheckedEphemeral;

impl EphemeralResource for CheckedEphemeral {
    type Model = Checked;
    type Data = ();

    async fn validate(&self, ctx: &mut Context<()>, config: &Checked) -> Result<(), Diagnostics> {
        check(ctx, config, "ephemeral")
    }
    async fn open(
        &self,
        _: &mut Context<()>,
        config: Checked,
    ) -> Result<Opened<Checked>, Diagnostics> {
        Ok(Opened::new(config))
    }
}

struct CheckedProvider;

impl Provider for CheckedProvider {
    type Config = Checked;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry
            .resource("test_checked", CheckedResource)
            .data_source("test_checked", CheckedDataSource)
            .ephemeral_resource("test_checked", CheckedEphemeral);
    }
    async fn validate(&self, ctx: &mut Context<()>, config: &Checked) -> Result<(), Diagnostics> {
        check(ctx, config, "provider")
    }
    async fn configure(&self, _: &mut Context<()>, _: &str, _: Checked) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn config(name: Value, label: Value) -> Option<pb::DynamicValue> {
    let v = Value::object([("label", label), ("name", name)]);
    Some(pb::DynamicValue {
        msgpack: v.to_msgpack(Checked::schema().object_type()).unwrap(),
        json: Vec::new(),
    })
}

/// Validates `config` as each kind, and returns what each answered, in the order
/// provider, resource, data source, ephemeral resource.
async fn validate_each(
    svc: &ProviderService<CheckedProvider>,
    config: Option<pb::DynamicValue>,
) -> [Vec<String>; 4] {
    let provider = svc
        .validate_provider_config(Request::new(pb::validate_provider_config::Request {
            config: config.clone(),
        }))
        .await
        .unwrap()
        .into_inner()
        .diagnostics;
    let resource = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_checked".into(),
            config: config.clone(),
        }))
        .await
        .unwrap()
        .into_inner()
        .diagnostics;
    let data_source = svc
        .validate_data_resource_config(Request::new(pb::validate_data_resource_config::Request {
            type_name: "test_checked".into(),
            config: config.clone(),
        }))
        .await
        .unwrap()
        .into_inner()
        .diagnostics;
    let ephemeral = svc
        .validate_ephemeral_resource_config(Request::new(
            pb::validate_ephemeral_resource_config::Request {
                type_name: "test_checked".into(),
                config,
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .diagnostics;
    [
        shown(&provider),
        shown(&resource),
        shown(&data_source),
        shown(&ephemeral),
    ]
}

const KINDS: [&str; 4] = ["provider", "resource", "data source", "ephemeral"];

#[tokio::test]
async fn warnings_added_by_a_successful_validation_are_answered() {
    let svc = ProviderService::new(CheckedProvider).unwrap();
    let answers = validate_each(&svc, config(s("fine"), Value::null(Type::String))).await;
    for (kind, answer) in KINDS.iter().zip(&answers) {
        assert_eq!(
            answer,
            &[format!("warning: {kind}: looked: the name is fine")],
            "{kind}"
        );
    }
    // An unknown value is no reason to fail: a warning and success.
    let answers = validate_each(&svc, config(Value::unknown(Type::String), s("l"))).await;
    for (kind, answer) in KINDS.iter().zip(&answers) {
        assert_eq!(
            answer,
            &[
                "warning .label: Attribute Deprecated: Use name instead.".to_owned(),
                format!("warning: {kind}: name unknown: checked again when it is known"),
            ],
            "{kind}"
        );
    }
}

#[tokio::test]
async fn deprecations_are_warnings_beside_the_validations_own() {
    let svc = ProviderService::new(CheckedProvider).unwrap();
    let answers = validate_each(&svc, config(s("fine"), s("old"))).await;
    for (kind, answer) in KINDS.iter().zip(&answers) {
        assert_eq!(
            answer,
            &[
                "warning .label: Attribute Deprecated: Use name instead.".to_owned(),
                format!("warning: {kind}: looked: the name is fine"),
            ],
            "{kind}"
        );
    }
}

#[tokio::test]
async fn a_failed_validation_answers_its_warnings_and_its_errors() {
    let svc = ProviderService::new(CheckedProvider).unwrap();
    let answers = validate_each(&svc, config(s("bad"), s("old"))).await;
    for (kind, answer) in KINDS.iter().zip(&answers) {
        assert_eq!(
            answer,
            &[
                "warning .label: Attribute Deprecated: Use name instead.".to_owned(),
                format!("warning: {kind}: looked: before failing"),
                format!("error .name: {kind}: bad name: "),
            ],
            "{kind}"
        );
    }
    // An error added to the context fails the validation, though the method returned Ok.
    let answers = validate_each(&svc, config(s("soft"), Value::null(Type::String))).await;
    for (kind, answer) in KINDS.iter().zip(&answers) {
        assert_eq!(
            answer,
            &[format!("error: {kind}: soft error: added")],
            "{kind}"
        );
    }
}
