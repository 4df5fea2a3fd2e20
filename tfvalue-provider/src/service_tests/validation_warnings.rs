//! Validation that succeeds with warnings: what a provider, resource, data source or
//! ephemeral resource `validate` adds to its context is answered whether it returns `Ok`
//! or `Err`, after the deprecation warnings of the configuration, and an error added to
//! the context fails the validation even when the method returns `Ok`.

use super::*;
use crate::{
    ConfigureRequest, CreateRequest, DeleteRequest, OpenRequest, ReadDataSourceRequest,
    ReadRequest, UpdateRequest, ValidateRequest,
};
use crate::{EphemeralResource, Opened};

/// The configuration of every kind here: a name, and a deprecated label.
#[derive(TfSchema, Debug)]
struct Checked {
    name: Unknown<String>,
    #[tf(deprecation_message = "Use name instead.")]
    label: Unknown<Nullable<String>>,
}

/// The validation every kind shares: by the name, a warning with success, or a warning
/// with a failure.
fn check(ctx: &mut Context<()>, config: &Checked, what: &str) -> Result<(), Diagnostics> {
    let Some(name) = config.name.as_known() else {
        ctx.warn(
            Diagnostic::warning(format!("{what}: name unknown"))
                .with_detail("checked again when it is known"),
        );
        return Ok(());
    };
    match name.as_str() {
        "bad" => {
            ctx.warn(Diagnostic::warning(format!("{what}: looked")).with_detail("before failing"));
            Err(Diagnostic::error(format!("{what}: bad name"))
                .at("name")
                .into())
        }
        "loud" => {
            ctx.warn(Diagnostic::error(format!("{what}: loud")).with_detail("warned"));
            Ok(())
        }
        _ => {
            ctx.warn(
                Diagnostic::warning(format!("{what}: looked")).with_detail("the name is fine"),
            );
            Ok(())
        }
    }
}

struct CheckedResource;

impl Resource for CheckedResource {
    type Model = Checked;
    type Data = ();

    async fn validate(
        &self,
        ctx: &mut Context<()>,
        request: ValidateRequest<Checked>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        check(ctx, config, "resource")
    }
    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Checked>,
    ) -> Result<Checked, ApplyError<Checked>> {
        let planned = request.planned;
        Ok(planned)
    }
    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Checked>,
    ) -> Result<Option<Checked>, Diagnostics> {
        let current = request.state;
        Ok(Some(current))
    }
    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Checked>,
    ) -> Result<Checked, ApplyError<Checked>> {
        let planned = request.planned;
        Ok(planned)
    }
    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Checked>,
    ) -> Result<(), ApplyError<Checked>> {
        Ok(())
    }
}

struct CheckedDataSource;

impl DataSource for CheckedDataSource {
    type Model = Checked;
    type Data = ();

    async fn validate(
        &self,
        ctx: &mut Context<()>,
        request: ValidateRequest<Checked>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        check(ctx, config, "data source")
    }
    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadDataSourceRequest<Checked>,
    ) -> Result<Checked, Diagnostics> {
        let config = request.config;
        Ok(config)
    }
}

struct CheckedEphemeral;

impl EphemeralResource for CheckedEphemeral {
    type Model = Checked;
    type Data = ();

    async fn validate(
        &self,
        ctx: &mut Context<()>,
        request: ValidateRequest<Checked>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        check(ctx, config, "ephemeral")
    }
    async fn open(
        &self,
        _: &mut Context<()>,
        request: OpenRequest<Checked>,
    ) -> Result<Opened<Checked>, Diagnostics> {
        let config = request.config;
        Ok(Opened::new(config))
    }
}

struct CheckedProvider;

impl Provider for CheckedProvider {
    type Config = Checked;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_checked", CheckedResource);
        registry
            .data_source("test_checked", CheckedDataSource)
            .ephemeral_resource("test_checked", CheckedEphemeral);
    }
    async fn validate(
        &self,
        ctx: &mut Context<()>,
        request: ValidateRequest<Checked>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        check(ctx, config, "provider")
    }
    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Checked>,
    ) -> Result<(), Diagnostics> {
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
    // A diagnostic built as an error and given to `warn` is a warning: errors are what
    // the method returns.
    let answers = validate_each(&svc, config(s("loud"), Value::null(Type::String))).await;
    for (kind, answer) in KINDS.iter().zip(&answers) {
        assert_eq!(
            answer,
            &[format!("warning: {kind}: loud: warned")],
            "{kind}"
        );
    }
}
