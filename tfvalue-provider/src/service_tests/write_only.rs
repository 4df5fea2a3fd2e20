//! Write-only attributes in process: the author sees them in the configuration, and every
//! plan and state the framework answers holds them null, whatever the author returned;
//! a Terraform that does not support them gets an error for each one set.

use super::*;
use crate::{
    ConfigureRequest, CreateRequest, DeleteRequest, ImportRequest, ReadRequest, UpdateRequest,
};

/// An account whose password and key secrets are write-only.
#[derive(TfSchema, Debug, Clone)]
struct Account {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    name: Unknown<String>,
    #[tf(write_only, sensitive)]
    password: Unknown<Nullable<String>>,
    #[tf(block)]
    key: Vec<Key>,
}

#[derive(TfSchema, Debug, Clone)]
struct Key {
    label: String,
    #[tf(write_only)]
    secret: Nullable<String>,
}

/// What the resource's methods saw of the write-only values.
#[derive(Default)]
struct Seen {
    lines: Mutex<Vec<String>>,
}

fn password_of(account: &Account) -> String {
    match account.password.as_known() {
        Some(Nullable::Value(p)) => p.clone(),
        Some(Nullable::Null) => "null".to_owned(),
        None => "unknown".to_owned(),
    }
}

struct Accounts;

impl Accounts {
    fn note(ctx: &Context<Seen>, line: String) {
        if let Ok(seen) = ctx.data() {
            seen.lines.lock().unwrap().push(line);
        }
    }
}

impl Resource for Accounts {
    type Model = Account;
    type Data = Seen;

    async fn plan(
        &self,
        ctx: &mut Context<Seen>,
        plan: &mut Plan<Account>,
    ) -> Result<(), Diagnostics> {
        Self::note(
            ctx,
            format!(
                "plan: config {}, proposed {}",
                password_of(&plan.config),
                password_of(&plan.planned)
            ),
        );
        // A careless author copies the configuration into the plan.
        plan.planned.password = plan.config.password.clone();
        plan.planned.key = plan.config.key.clone();
        Ok(())
    }

    async fn create(
        &self,
        ctx: &mut Context<Seen>,
        request: CreateRequest<Account>,
    ) -> Result<Account, ApplyError<Account>> {
        let planned = request.planned;
        let config = request.config;
        Self::note(
            ctx,
            format!(
                "create: config {}, planned {}",
                password_of(&config),
                password_of(&planned)
            ),
        );
        Ok(Account {
            id: Unknown::known(Nullable::Value("acc-1".to_owned())),
            password: config.password,
            key: config.key,
            ..planned
        })
    }

    async fn read(
        &self,
        _: &mut Context<Seen>,
        request: ReadRequest<Account>,
    ) -> Result<Option<Account>, Diagnostics> {
        let current = request.state;
        let password = Unknown::known(Nullable::Value("read-leak".to_owned()));
        Ok(Some(Account {
            password,
            ..current
        }))
    }

    async fn update(
        &self,
        ctx: &mut Context<Seen>,
        request: UpdateRequest<Account>,
    ) -> Result<Account, ApplyError<Account>> {
        let planned = request.planned;
        let config = request.config;
        self.create(ctx, CreateRequest::new(planned, config)).await
    }

    async fn delete(
        &self,
        _: &mut Context<Seen>,
        _: DeleteRequest<Account>,
    ) -> Result<(), ApplyError<Account>> {
        Ok(())
    }

    async fn import(
        &self,
        _: &mut Context<Seen>,
        request: ImportRequest,
    ) -> Result<Account, Diagnostics> {
        let id = request.id.as_str();
        Ok(Account {
            id: Unknown::known(Nullable::Value(id.to_owned())),
            name: Unknown::known(id.to_owned()),
            password: Unknown::known(Nullable::Value("import-leak".to_owned())),
            key: vec![Key {
                label: "k".to_owned(),
                secret: Nullable::Value("import-leak".to_owned()),
            }],
        })
    }
}

struct WriteOnlyProvider;

impl Provider for WriteOnlyProvider {
    type Config = Config;
    type Data = Seen;

    fn register(&self, registry: &mut impl Registry<Seen>) {
        registry.resource("test_account", Accounts);
    }

    async fn configure(
        &self,
        _: &mut Context<Seen>,
        _: ConfigureRequest<Config>,
    ) -> Result<Seen, Diagnostics> {
        Ok(Seen::default())
    }
}

type Service = ProviderService<WriteOnlyProvider>;

async fn configured() -> Service {
    let svc = ProviderService::new(WriteOnlyProvider).unwrap();
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

fn account_type() -> &'static Type {
    Account::schema().object_type()
}

/// An account value from its JSON form, as MessagePack.
fn account(json: &str) -> Option<pb::DynamicValue> {
    let value = Value::from_json(json.as_bytes(), account_type()).unwrap();
    Some(pb::DynamicValue {
        msgpack: value.to_msgpack(account_type()).unwrap(),
        json: Vec::new(),
    })
}

const CONFIG: &str = r#"{"id": null, "name": "a", "password": "hunter2", "key": [{"label": "k", "secret": "s3cret"}]}"#;

/// Terraform's proposed new state of a create: the configuration, write-only values
/// included (the framework must not rely on Terraform having removed them).
const PROPOSED: &str = CONFIG;

/// Asserts that `value` holds no write-only value and no trace of the secrets.
fn assert_no_secrets(what: &str, value: &Option<pb::DynamicValue>) {
    let value = value.as_ref().unwrap_or_else(|| panic!("{what}: no value"));
    let decoded = decode_as(Some(value), account_type());
    assert_eq!(
        decoded.attr("password"),
        Some(&Value::null(Type::String)),
        "{what}"
    );
    assert_eq!(
        Account::schema().block.write_only_set_in(&decoded),
        Vec::<AttributePath>::new(),
        "{what}"
    );
    for secret in ["hunter2", "s3cret", "leak"] {
        for bytes in [&value.msgpack, &value.json] {
            assert!(
                !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                "{what} holds {secret}"
            );
        }
    }
}

#[tokio::test]
async fn plans_and_states_hold_write_only_attributes_null() {
    let svc = configured().await;
    let plan = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: Some(pb::ClientCapabilities {
                deferral_allowed: false,
                write_only_attributes_allowed: true,
                store_planned_private: false,
                computed_blocks_allowed: false,
            }),
            prior_identity: None,
            type_name: "test_account".into(),
            prior_state: Some(nil()),
            proposed_new_state: account(PROPOSED),
            config: account(CONFIG),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        errors(&plan.diagnostics).is_empty(),
        "{:?}",
        plan.diagnostics
    );
    assert_no_secrets("plan", &plan.planned_state);

    let applied = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            planned_identity: None,
            type_name: "test_account".into(),
            prior_state: Some(nil()),
            planned_state: plan.planned_state.clone(),
            config: account(CONFIG),
            planned_private: Vec::new(),
            provider_meta: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        errors(&applied.diagnostics).is_empty(),
        "{:?}",
        applied.diagnostics
    );
    assert_no_secrets("new state", &applied.new_state);
    let state =
        Value::from_msgpack(&applied.new_state.as_ref().unwrap().msgpack, account_type()).unwrap();
    assert_eq!(state.attr("id"), Some(&s("acc-1")));

    // A new write-only value alone changes nothing: the plan is the prior state, its
    // computed `id` still known.
    let next = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_account".into(),
            prior_state: applied.new_state.clone(),
            proposed_new_state: account(
                r#"{"id": "acc-1", "name": "a", "password": "hunter3", "key": [{"label": "k", "secret": "s3cret"}]}"#,
            ),
            config: account(CONFIG),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        errors(&next.diagnostics).is_empty(),
        "{:?}",
        next.diagnostics
    );
    assert_eq!(
        next.planned_state, applied.new_state,
        "an update planned for a write-only value"
    );

    let read = svc
        .read_resource(Request::new(pb::read_resource::Request {
            client_capabilities: None,
            current_identity: None,
            type_name: "test_account".into(),
            current_state: applied.new_state.clone(),
            private: Vec::new(),
            provider_meta: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        errors(&read.diagnostics).is_empty(),
        "{:?}",
        read.diagnostics
    );
    assert_no_secrets("read state", &read.new_state);

    let imported = svc
        .import_resource_state(Request::new(pb::import_resource_state::Request {
            client_capabilities: None,
            type_name: "test_account".into(),
            id: "acc-9".into(),
            identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        errors(&imported.diagnostics).is_empty(),
        "{:?}",
        imported.diagnostics
    );
    assert_no_secrets("imported state", &imported.imported_resources[0].state);

    let upgraded = svc
        .upgrade_resource_state(Request::new(pb::upgrade_resource_state::Request {
            type_name: "test_account".into(),
            version: 0,
            raw_state: Some(pb::RawState {
                json: br#"{"id": "acc-1", "name": "a", "password": "stored-leak", "key": [{"label": "k", "secret": "leak"}]}"#.to_vec(),
                flatmap: Default::default(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        errors(&upgraded.diagnostics).is_empty(),
        "{:?}",
        upgraded.diagnostics
    );
    assert_no_secrets("upgraded state", &upgraded.upgraded_state);

    // The methods saw the values in the configuration only.
    let seen = svc
        .context(Vec::new())
        .data()
        .unwrap()
        .lines
        .lock()
        .unwrap()
        .clone();
    assert_eq!(
        seen,
        [
            "plan: config hunter2, proposed null",
            "create: config hunter2, planned null",
            "plan: config hunter2, proposed null",
        ]
    );
}

async fn validate(svc: &Service, allowed: Option<bool>, config: &str) -> Vec<pb::Diagnostic> {
    svc.validate_resource_config(Request::new(pb::validate_resource_config::Request {
        client_capabilities: allowed.map(|allowed| pb::ClientCapabilities {
            deferral_allowed: false,
            write_only_attributes_allowed: allowed,
            store_planned_private: false,
            computed_blocks_allowed: false,
        }),
        type_name: "test_account".into(),
        config: account(config),
    }))
    .await
    .unwrap()
    .into_inner()
    .diagnostics
}

#[tokio::test]
async fn a_terraform_without_write_only_support_is_refused_each_one_set() {
    let svc = configured().await;
    assert!(validate(&svc, Some(true), CONFIG).await.is_empty());
    for allowed in [None, Some(false)] {
        let refused = validate(&svc, allowed, CONFIG).await;
        assert_eq!(
            errors(&refused),
            [
                ".password: Write-only Attribute Not Allowed",
                ".key[0].secret: Write-only Attribute Not Allowed"
            ],
            "{allowed:?}"
        );
        for (diagnostic, name) in refused.iter().zip(["password", "key[0].secret"]) {
            let detail = &diagnostic.detail;
            assert!(
                detail.contains(&format!("attribute {name} is write-only")),
                "{detail}"
            );
            assert!(detail.contains("Terraform 1.11 or later"), "{detail}");
            assert!(
                !detail.contains("  "),
                "one space between words: {detail:?}"
            );
        }
        // Write-only attributes left null are no concern of an older Terraform.
        let unset = r#"{"id": null, "name": "a", "password": null, "key": [{"label": "k", "secret": null}]}"#;
        assert!(validate(&svc, allowed, unset).await.is_empty());
    }
}
