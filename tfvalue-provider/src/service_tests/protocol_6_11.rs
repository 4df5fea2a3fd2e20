//! What protocol 6.11 (Terraform 1.16) adds, in process, with the bytes Terraform sends:
//! computed blocks in the schema (`Block.computed`, field 8), refused with an error per
//! block to a client without `computed_blocks_allowed` (Terraform 1.15 and older, which
//! send no such capability) and planned unknown where the configuration leaves them out
//! for one with it, and never answered null (LIST, SET, MAP) or unknown after apply; and
//! the private state of the first plan (`planned_private`) handed to the author's plan
//! before apply.

use super::*;
use crate::{ConfigureRequest, Private};

/// A server whose network interfaces the provider assigns: `nic` is a computed LIST block,
/// `net` an ordinary one holding a computed SINGLE block `port`; `token` is chosen while
/// planning where the client keeps the plan's private state.
#[derive(TfSchema, Debug, Clone)]
struct Server {
    name: String,
    #[tf(block)]
    net: Vec<Net>,
    #[tf(block, computed)]
    nic: Unknown<Nullable<Vec<Nic>>>,
    #[tf(computed)]
    token: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug, Clone)]
struct Net {
    cidr: String,
    #[tf(block, computed)]
    port: Unknown<Option<Nic>>,
}

#[derive(TfSchema, Debug, Clone)]
struct Nic {
    #[tf(computed)]
    mac: Unknown<Nullable<String>>,
}

/// A bucket: `token` as in [`Server`], and no computed block, so any Terraform may plan it.
#[derive(TfSchema, Debug, Clone)]
struct Bucket {
    name: String,
    #[tf(computed)]
    token: Unknown<Nullable<String>>,
}

/// The plan step both types share: where the client keeps the plan's private state, the
/// token the first plan chose (or a new one, in the first plan) is planned and kept.
fn plan_token(
    ctx: &mut Context<()>,
    planned_private: Option<&Private>,
    token: &mut Unknown<Nullable<String>>,
) -> Result<(), Diagnostics> {
    let Some(first) = planned_private else {
        return Ok(());
    };
    let chosen = first
        .get::<String>("token")?
        .unwrap_or_else(|| "tok-new".to_owned());
    ctx.private_mut().set("token", &chosen)?;
    *token = Unknown::known(Nullable::Value(chosen));
    Ok(())
}

struct Servers;

impl Resource for Servers {
    type Model = Server;
    type Data = ();

    async fn plan(
        &self,
        ctx: &mut Context<()>,
        plan: &mut Plan<Server>,
    ) -> Result<(), Diagnostics> {
        let first = plan.planned_private().cloned();
        plan_token(ctx, first.as_ref(), &mut plan.planned.token)
    }

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        Ok(request.planned)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Server>,
    ) -> Result<Option<Server>, Diagnostics> {
        Ok(Some(request.state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        Ok(request.planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Server>,
    ) -> Result<(), ApplyError<Server>> {
        Ok(())
    }
}

struct Buckets;

impl Resource for Buckets {
    type Model = Bucket;
    type Data = ();

    async fn plan(
        &self,
        ctx: &mut Context<()>,
        plan: &mut Plan<Bucket>,
    ) -> Result<(), Diagnostics> {
        let first = plan.planned_private().cloned();
        plan_token(ctx, first.as_ref(), &mut plan.planned.token)
    }

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Bucket>,
    ) -> Result<Bucket, ApplyError<Bucket>> {
        Ok(request.planned)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Bucket>,
    ) -> Result<Option<Bucket>, Diagnostics> {
        Ok(Some(request.state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Bucket>,
    ) -> Result<Bucket, ApplyError<Bucket>> {
        Ok(request.planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Bucket>,
    ) -> Result<(), ApplyError<Bucket>> {
        Ok(())
    }
}

/// Servers whose apply leaves the computed `nic` blocks out of its answer: null on create
/// (every `port` null too, which a SINGLE block may be), still unknown on update.
struct LazyServers;

impl Resource for LazyServers {
    type Model = Server;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        let mut server = request.planned;
        server.nic = Unknown::known(Nullable::Null);
        for net in &mut server.net {
            net.port = Unknown::known(None);
        }
        server.token = Unknown::known(Nullable::Null);
        Ok(server)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Server>,
    ) -> Result<Option<Server>, Diagnostics> {
        Ok(Some(request.state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        Ok(request.planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Server>,
    ) -> Result<(), ApplyError<Server>> {
        Ok(())
    }
}

struct ComputedBlocksProvider;

impl Provider for ComputedBlocksProvider {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_server", Servers);
        registry.resource("test_bucket", Buckets);
        registry.resource("test_lazy_server", LazyServers);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

type Service = ProviderService<ComputedBlocksProvider>;

async fn configured() -> Service {
    let svc = ProviderService::new(ComputedBlocksProvider).unwrap();
    let r = svc
        .configure_provider(Request::new(pb::configure_provider::Request {
            client_capabilities: None,
            terraform_version: "1.16.0".into(),
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

/// The capabilities Terraform 1.16 sends in ValidateResourceConfig and
/// PlanResourceChange (deferrals only with `-allow-deferral`).
fn terraform_1_16() -> Option<pb::ClientCapabilities> {
    Some(pb::ClientCapabilities {
        deferral_allowed: false,
        write_only_attributes_allowed: true,
        store_planned_private: true,
        computed_blocks_allowed: true,
    })
}

/// The capabilities Terraform 1.15 sends: fields 3 and 4 do not exist for it.
fn terraform_1_15() -> Option<pb::ClientCapabilities> {
    Some(pb::ClientCapabilities {
        deferral_allowed: false,
        write_only_attributes_allowed: true,
        store_planned_private: false,
        computed_blocks_allowed: false,
    })
}

fn msgpack(bytes: &[u8]) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: bytes.to_vec(),
        json: Vec::new(),
    })
}

/// `{"name":"a","net":[{"cidr":"c","port":null}],"nic":[],"token":null}`: the configuration
/// Terraform 1.15 sends for a server that writes one `net` block and no `nic` (a block type
/// left out is an empty list to it).
const CONFIG_1_15: &[u8] =
    b"\x84\xa4name\xa1a\xa3net\x91\x82\xa4cidr\xa1c\xa4port\xc0\xa3nic\x90\xa5token\xc0";

/// The same configuration as Terraform 1.16 sends it: the computed `nic` left out is null.
const CONFIG_1_16: &[u8] =
    b"\x84\xa4name\xa1a\xa3net\x91\x82\xa4cidr\xa1c\xa4port\xc0\xa3nic\xc0\xa5token\xc0";

/// MessagePack's nil: the prior state of a create.
const NIL: &[u8] = b"\xc0";

async fn validate(svc: &Service, caps: Option<pb::ClientCapabilities>) -> Vec<String> {
    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            type_name: "test_server".into(),
            config: msgpack(if caps == terraform_1_16() {
                CONFIG_1_16
            } else {
                CONFIG_1_15
            }),
            client_capabilities: caps,
        }))
        .await
        .unwrap()
        .into_inner();
    shown(&r.diagnostics)
}

async fn plan(
    svc: &Service,
    type_name: &str,
    config: &[u8],
    caps: Option<pb::ClientCapabilities>,
    planned_private: &[u8],
) -> pb::plan_resource_change::Response {
    svc.plan_resource_change(Request::new(pb::plan_resource_change::Request {
        type_name: type_name.into(),
        prior_state: msgpack(NIL),
        proposed_new_state: msgpack(config),
        config: msgpack(config),
        prior_private: Vec::new(),
        provider_meta: None,
        client_capabilities: caps,
        prior_identity: None,
        planned_private: planned_private.to_vec(),
    }))
    .await
    .unwrap()
    .into_inner()
}

#[tokio::test]
async fn the_schema_marks_computed_blocks_with_field_8() {
    let svc = configured().await;
    let r = svc
        .get_provider_schema(Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let server = r.resource_schemas["test_server"].block.as_ref().unwrap();
    let nic = server.block_types.iter().find(|b| b.type_name == "nic");
    let bytes = prost::Message::encode_to_vec(nic.unwrap().block.as_ref().unwrap());
    // Field 2 (attributes): `mac`, a computed string (name, type, computed = field 6);
    // then field 8 (computed), key 0x40, true.
    let mut expected = b"\x12\x11\x0a\x03mac\x12\x08\"string\"\x30\x01".to_vec();
    expected.extend_from_slice(b"\x40\x01");
    assert_eq!(bytes, expected);
    let net = server.block_types.iter().find(|b| b.type_name == "net");
    let net = net.unwrap().block.as_ref().unwrap();
    assert!(!net.computed, "an ordinary block leaves field 8 out");
    assert!(net.block_types[0].block.as_ref().unwrap().computed);
}

#[tokio::test]
async fn a_client_without_computed_blocks_gets_an_error_per_block() {
    let svc = configured().await;
    let detail = |name: &str| {
        format!(
            "The block {name} is computed: the provider fills it in where the configuration \
             leaves it out, and the Terraform running this configuration does not support \
             computed blocks. This resource type needs Terraform 1.16 or later."
        )
    };
    let expected = [
        format!(
            "error .net[0].port: Computed Block Not Supported: {}",
            detail("net[0].port")
        ),
        format!(
            "error .nic: Computed Block Not Supported: {}",
            detail("nic")
        ),
    ];
    // Terraform 1.15, and a client that sends no capabilities at all (before 1.11).
    assert_eq!(validate(&svc, terraform_1_15()).await, expected);
    assert_eq!(validate(&svc, None).await, expected);
    assert_eq!(validate(&svc, terraform_1_16()).await, Vec::<String>::new());
    // A client that plans without validating first is refused there too.
    let planned = plan(&svc, "test_server", CONFIG_1_15, terraform_1_15(), b"").await;
    assert_eq!(shown(&planned.diagnostics), expected);
    assert_eq!(planned.planned_state, None);
}

#[tokio::test]
async fn terraform_1_16_gets_the_left_out_blocks_planned_unknown() {
    let svc = configured().await;
    let planned = plan(&svc, "test_server", CONFIG_1_16, terraform_1_16(), b"").await;
    assert_eq!(shown(&planned.diagnostics), Vec::<String>::new());
    // `port` and `nic` unknown (d4 00 00); the token the first plan chose.
    let expected: &[u8] = b"\x84\xa4name\xa1a\xa3net\x91\x82\xa4cidr\xa1c\xa4port\xd4\x00\x00\
        \xa3nic\xd4\x00\x00\xa5token\xa7tok-new";
    assert_eq!(planned.planned_state.unwrap().msgpack, expected);
    assert_eq!(planned.planned_private, br#"{"token":"tok-new"}"#);
}

#[tokio::test]
async fn the_plan_before_apply_gets_the_first_plans_private_state() {
    let svc = configured().await;
    // `{"name":"b","token":null}`
    let config: &[u8] = b"\x82\xa4name\xa1b\xa5token\xc0";
    // Terraform 1.16's plan before apply, with what the first plan answered.
    let again = plan(
        &svc,
        "test_bucket",
        config,
        terraform_1_16(),
        br#"{"token":"tok-1"}"#,
    )
    .await;
    assert_eq!(
        again.planned_state.unwrap().msgpack,
        b"\x82\xa4name\xa1b\xa5token\xa5tok-1"
    );
    assert_eq!(again.planned_private, br#"{"token":"tok-1"}"#);
    // Terraform 1.15 keeps nothing: the token stays unknown for the apply to choose.
    let old = plan(&svc, "test_bucket", config, terraform_1_15(), b"").await;
    assert_eq!(
        old.planned_state.unwrap().msgpack,
        b"\x82\xa4name\xa1b\xa5token\xd4\x00\x00"
    );
    assert_eq!(old.planned_private, b"");
}

#[test]
fn only_managed_resource_types_may_have_computed_blocks() {
    struct Lookups;
    impl DataSource for Lookups {
        type Model = Server;
        type Data = ();
        async fn read(
            &self,
            _: &mut Context<()>,
            request: ReadDataSourceRequest<Server>,
        ) -> Result<Server, Diagnostics> {
            Ok(request.config)
        }
    }
    struct Misplaced;
    impl Provider for Misplaced {
        type Config = Config;
        type Data = ();
        fn register(&self, registry: &mut impl Registry<()>) {
            registry.resource("test_server", Servers);
            registry.data_source("test_server", Lookups);
        }
        async fn configure(
            &self,
            _: &mut Context<()>,
            _: ConfigureRequest<Config>,
        ) -> Result<(), Diagnostics> {
            Ok(())
        }
    }
    let Err(problems) = ProviderService::new(Misplaced) else {
        panic!("accepted")
    };
    assert_eq!(
        problems,
        [
            r#"data source type "test_server": has computed blocks, which only managed resource types may have"#
        ]
    );
}

/// Terraform 1.16's plan of [`CONFIG_1_16`]: `port` and `nic` unknown (d4 00 00), as
/// [`terraform_1_16_gets_the_left_out_blocks_planned_unknown`] answers it, `token` null.
const PLANNED_1_16: &[u8] = b"\x84\xa4name\xa1a\xa3net\x91\x82\xa4cidr\xa1c\xa4port\xd4\x00\x00\
    \xa3nic\xd4\x00\x00\xa5token\xc0";

async fn apply(svc: &Service, prior: &[u8], planned: &[u8]) -> pb::apply_resource_change::Response {
    svc.apply_resource_change(Request::new(pb::apply_resource_change::Request {
        type_name: "test_lazy_server".into(),
        prior_state: msgpack(prior),
        planned_state: msgpack(planned),
        config: msgpack(CONFIG_1_16),
        planned_private: Vec::new(),
        provider_meta: None,
        planned_identity: None,
    }))
    .await
    .unwrap()
    .into_inner()
}

#[tokio::test]
async fn a_computed_list_block_answered_null_after_create_is_an_error_at_its_path() {
    let svc = configured().await;
    let applied = apply(&svc, NIL, PLANNED_1_16).await;
    assert_eq!(
        shown(&applied.diagnostics),
        [
            "error .nic: Provider produced an invalid new state: The computed block nic is null \
             in the new state, and Terraform refuses a null block after apply: answer an empty \
             collection for no blocks, or the blocks the object has. This is a bug in the \
             provider."
        ]
    );
    // The object is as it was: not created.
    assert_eq!(applied.new_state.unwrap().msgpack, NIL);
}

#[tokio::test]
async fn a_computed_block_left_unknown_after_update_is_an_error_at_its_path() {
    let svc = configured().await;
    // `{"name":"a","net":[{"cidr":"c","port":{"mac":"m2"}}],"nic":[{"mac":"m1"}],"token":null}`
    let prior: &[u8] = b"\x84\xa4name\xa1a\xa3net\x91\x82\xa4cidr\xa1c\xa4port\x81\xa3mac\xa2m2\
        \xa3nic\x91\x81\xa3mac\xa2m1\xa5token\xc0";
    let applied = apply(&svc, prior, PLANNED_1_16).await;
    assert_eq!(
        shown(&applied.diagnostics),
        [
            "error .net[0].port: Provider produced an invalid new state: The new state must be \
             wholly known, but these attributes are unknown: .net[0].port, .nic. This is a bug \
             in the provider."
        ]
    );
    assert_eq!(applied.new_state.unwrap().msgpack, prior);
}
