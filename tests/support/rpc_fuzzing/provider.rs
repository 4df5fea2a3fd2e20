//! The provider the `rpc` fuzz target serves: everything in memory (no disk, no network,
//! no sleeps), so an input costs only the framework's work, and every answer depends on
//! the input alone.
//!
//! Its types cover what the framework decodes, plans and encodes: the resource
//! `fuzz_thing` (nested blocks of every nesting, a set, a map, a dynamic attribute, a
//! write-only attribute, computed attributes, a state upgrade from version 0, import), the
//! data source `fuzz_lookup`, the ephemeral resource `fuzz_token`, the function `fuzz_sum`,
//! the action `fuzz_notify` and the provider block [`Config`].
//!
//! [`types`] lists every type the provider serves, by kind and name, with the type of its
//! values; the target's checks read that list, and a test compares it with what the
//! provider registers. A new kind of type (an ephemeral resource, a function, a state move)
//! is a registration in [`FuzzProvider::register`] and an entry in [`types`].

use std::collections::BTreeMap;

use std::time::{Duration, SystemTime};
use tfvalue::custom_types::{NormalizedJson, Rfc3339};
use tfvalue::path::AttributePath;
use tfvalue::{Nullable, Set, TfSchema, Type, Unknown, Value};

use tfvalue_provider::{Action, ActionInvokeRequest, ActionPlanRequest, Progress};
use tfvalue_provider::{ApplyError, Context, DataSource, Diagnostic, Diagnostics, Plan};
use tfvalue_provider::{ConfigureRequest, CreateRequest, DeleteRequest, ImportRequest};
use tfvalue_provider::{EphemeralResource, Function, FunctionError, MovedState, Opened};
use tfvalue_provider::{ListResource, ListResults, Listed, ResourceIdentity};
use tfvalue_provider::{OpenRequest, ReadDataSourceRequest, ReadRequest, UpdateRequest};
use tfvalue_provider::{Provider, Registry, Resource, Signature, ValidateRequest, Variadic};

/// The `provider "fuzz"` block.
#[derive(TfSchema, Debug)]
pub struct Config {
    /// Prefix of every id the provider makes.
    pub prefix: Nullable<String>,
    /// A credential; the value `"invalid"` is refused.
    #[tf(sensitive)]
    pub token: Unknown<Nullable<String>>,
    /// Defaults for every `fuzz_thing`.
    #[tf(block(single))]
    pub defaults: Unknown<Nullable<Defaults>>,
}

/// The provider block's `defaults` block.
#[derive(TfSchema, Debug)]
pub struct Defaults {
    /// The size of a thing whose configuration sets none.
    pub size: Unknown<Nullable<i64>>,
}

/// What `configure` makes of [`Config`].
#[derive(Debug)]
pub struct Settings {
    /// Prefix of every id.
    pub prefix: String,
    /// The size of a thing whose configuration sets none.
    pub default_size: i64,
}

/// A `fuzz_thing`: an object kept nowhere but in Terraform's state.
#[derive(TfSchema, Debug, Clone)]
#[tf(version = 1, conflicts_with(labels, owner), validate = thing_is_sane)]
pub struct Thing {
    /// Made by the provider from the name.
    #[tf(computed, use_state_for_unknown, refine(not_null))]
    pub id: Unknown<Nullable<String>>,
    /// The thing's name; changing it replaces the thing.
    #[tf(length(min = 1, max = 64), regex = "^[a-z0-9_-]*$", requires_replace)]
    pub name: Unknown<String>,
    /// A password Terraform never stores.
    #[tf(write_only)]
    pub password: Unknown<Nullable<String>>,
    /// Counts every apply that had a password.
    #[tf(computed, refine(at_least = 0))]
    pub revision: Unknown<Nullable<i64>>,
    /// A size; the provider's default when left out.
    #[tf(optional, computed, between(min = 0, max = 1000), requires_replace_if = shrinks)]
    pub size: Unknown<Nullable<i64>>,
    /// Labels (a map).
    #[tf(size(max = 16))]
    pub labels: Unknown<Nullable<BTreeMap<String, Unknown<String>>>>,
    /// Ports (a set).
    pub ports: Unknown<Nullable<Set<Unknown<i64>>>>,
    /// Any value (a dynamic attribute).
    #[tf(optional)]
    pub extra: Value,
    /// A nested attribute.
    #[tf(nested)]
    pub endpoint: Unknown<Nullable<Endpoint>>,
    /// `rule { ... }` blocks, in order, each with `match { ... }` blocks of its own.
    #[tf(block(list, max_items = 8))]
    pub rule: Unknown<Vec<Rule>>,
    /// `member { ... }` blocks, in no order.
    #[tf(block(set))]
    pub member: Unknown<Set<Member>>,
    /// `zone "name" { ... }` blocks, by label.
    #[tf(block(map))]
    pub zone: Unknown<BTreeMap<String, Zone>>,
    /// At most one `owner { ... }` block.
    #[tf(block(single))]
    pub owner: Unknown<Nullable<Owner>>,
    /// `status { ... }` blocks the provider computes, one per rule (Terraform 1.16's
    /// computed blocks; older clients are refused a thing).
    #[tf(block, computed)]
    pub status: Unknown<Nullable<Vec<Status>>>,
    /// Attributes declared once for several resources.
    #[tf(flatten)]
    pub extras: Extras,
}

/// Attributes of custom types, flattened into [`Thing`].
#[derive(TfSchema, Debug, Clone)]
pub struct Extras {
    /// A JSON policy: reordered members and whitespace are no change.
    pub policy: Unknown<Nullable<NormalizedJson>>,
    /// When the thing expires: the same instant in another offset is no change.
    pub expires_at: Unknown<Nullable<Rfc3339>>,
}

/// A `status` block: what the provider made of one rule.
#[derive(TfSchema, Debug, Clone)]
pub struct Status {
    /// The rule's name.
    #[tf(computed)]
    pub rule: Unknown<Nullable<String>>,
}

/// The `endpoint` nested attribute.
#[derive(TfSchema, Debug, Clone)]
pub struct Endpoint {
    /// Host name.
    pub host: Unknown<String>,
    /// Port; must not be 0.
    #[tf(at_most = 65535)]
    pub port: Unknown<Nullable<i64>>,
    /// Assigned by the provider when left out.
    #[tf(optional, computed, use_state_for_unknown)]
    pub address: Unknown<Nullable<String>>,
}

/// A `rule` block.
#[derive(TfSchema, Debug, Clone)]
pub struct Rule {
    /// The rule's name; names are unique among the rules.
    pub name: Unknown<String>,
    /// `match { ... }` blocks.
    #[tf(rename = "match", block(list))]
    pub matches: Unknown<Vec<Match>>,
}

/// A rule's `match` block.
#[derive(TfSchema, Debug, Clone)]
pub struct Match {
    /// The pattern; must not be empty.
    #[tf(validate = no_tabs)]
    pub pattern: Unknown<String>,
}

/// A `member` block.
#[derive(TfSchema, Debug, Clone, PartialEq)]
pub struct Member {
    /// Who: what makes a member the same across plans.
    #[tf(element_key)]
    pub user: Unknown<String>,
    /// The role; `"forbidden"` is refused.
    #[tf(one_of("reader", "writer", "forbidden"))]
    pub role: Unknown<Nullable<String>>,
}

/// A `zone` block.
#[derive(TfSchema, Debug, Clone)]
pub struct Zone {
    /// The zone's weight.
    #[tf(default = 1.0, requires_replace)]
    pub weight: Unknown<Nullable<f64>>,
}

/// The `owner` block.
#[derive(TfSchema, Debug, Clone)]
pub struct Owner {
    /// The owner's name; renaming the owner to `replace-me` replaces the thing.
    #[tf(requires_replace_if = renamed_to_replace_me)]
    pub name: Unknown<String>,
}

/// The object validator of [`Thing`]: a thing with an owner has a name.
fn thing_is_sane(thing: &Thing) -> tfvalue::Result<()> {
    let owned = thing
        .owner
        .as_known()
        .is_some_and(|o| matches!(o, Nullable::Value(_)));
    let nameless = thing.name.as_known().is_some_and(String::is_empty);
    if owned && nameless {
        return Err(
            tfvalue::Error::new(tfvalue::ErrorKind::Custom, "an owned thing needs a name")
                .in_attr("name"),
        );
    }
    Ok(())
}

/// `requires_replace_if` of `size`: a thing can grow in place, not shrink.
fn shrinks(
    prior: &Unknown<Nullable<i64>>,
    planned: &Unknown<Nullable<i64>>,
) -> Result<bool, String> {
    match (prior.as_known(), planned.as_known()) {
        (Some(Nullable::Value(a)), Some(Nullable::Value(b))) => Ok(b < a),
        (_, Some(Nullable::Value(b))) if *b > 999 => {
            Err(format!("cannot be compared above 999 (planned {b})"))
        }
        _ => Ok(false),
    }
}

/// `requires_replace_if` of the owner's `name`: it changed to `replace-me`.
fn renamed_to_replace_me(
    _prior: &Unknown<String>,
    planned: &Unknown<String>,
) -> Result<bool, std::convert::Infallible> {
    Ok(planned.as_known().map(String::as_str) == Some("replace-me"))
}

/// The validator of a `match` pattern.
fn no_tabs(pattern: &str) -> Result<(), String> {
    if pattern.contains('\t') {
        Err("must not contain tabs".to_owned())
    } else {
        Ok(())
    }
}

/// `fuzz_thing` as schema version 0 stored it: a name and nothing else.
#[derive(TfSchema, Debug)]
pub struct ThingV0 {
    /// The id.
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
    /// The name.
    pub name: Unknown<String>,
}

/// `fuzz_thing`'s states of version 0 straight into the current model (version 1, its
/// `#[tf(version = 1)]`).
fn from_v0(v0: ThingV0) -> tfvalue::Result<Thing> {
    Ok(Thing {
        id: v0.id,
        ..Thing::named(v0.name)
    })
}

impl Thing {
    /// A thing with this name and nothing else set.
    fn named(name: Unknown<String>) -> Thing {
        Thing {
            id: Unknown::null(),
            name,
            password: Unknown::null(),
            revision: Unknown::null(),
            size: Unknown::null(),
            labels: Unknown::null(),
            ports: Unknown::null(),
            extra: Value::null(Type::Dynamic),
            endpoint: Unknown::null(),
            rule: Unknown::known(Vec::new()),
            member: Unknown::known(Set::new()),
            zone: Unknown::known(BTreeMap::new()),
            owner: Unknown::null(),
            status: Unknown::known(Nullable::Value(Vec::new())),
            extras: Extras {
                policy: Unknown::null(),
                expires_at: Unknown::null(),
            },
        }
    }
}

/// What names a `fuzz_thing`: its name and the provider's prefix (from its
/// configuration, not the state). Version 1: version 0 had the name alone.
#[derive(TfSchema, Debug, Clone)]
#[tf(version = 1)]
pub struct ThingIdentity {
    /// The thing's name.
    pub name: String,
    /// The provider's prefix; the provider's own when an import leaves it out.
    pub prefix: Nullable<String>,
    /// Tags, to have a list in the identity.
    pub tags: Nullable<Vec<String>>,
}

/// A `fuzz_thing` identity of version 0.
#[derive(serde::Deserialize)]
pub struct ThingIdentityV0 {
    /// The thing's name.
    pub name: String,
}

/// The `config` block of `list "fuzz_thing"`: `count` things named `<stem><n>`.
#[derive(TfSchema, Debug)]
pub struct ThingQuery {
    /// How many things to make up (at most 64; negative is an error at the attribute).
    #[tf(at_most = 1000)]
    pub count: Unknown<i64>,
    /// The names' stem.
    pub stem: Nullable<String>,
}

/// A `fuzz_lookup` data source: the configuration's name, looked up.
#[derive(TfSchema, Debug)]
pub struct Lookup {
    /// What to look up.
    pub name: Unknown<String>,
    /// The name, upper-cased.
    #[tf(computed)]
    pub value: Unknown<Nullable<String>>,
    /// The name's characters.
    #[tf(computed)]
    pub chars: Unknown<Nullable<Vec<Unknown<String>>>>,
    /// `filter { ... }` blocks.
    #[tf(block(list))]
    pub filter: Unknown<Vec<Filter>>,
    /// An instant, answered in UTC: the configured text comes back where it means the same.
    #[tf(optional)]
    pub since: Unknown<Nullable<Rfc3339>>,
}

/// A `filter` block of `fuzz_lookup`.
#[derive(TfSchema, Debug)]
pub struct Filter {
    /// Values to keep.
    pub values: Unknown<Nullable<Set<Unknown<String>>>>,
}

/// The `fuzz_token` ephemeral resource: a token derived from a name.
#[derive(TfSchema, Debug)]
pub struct Token {
    /// Whose token.
    pub name: Unknown<String>,
    /// The token.
    #[tf(computed, sensitive)]
    pub value: Unknown<Nullable<String>>,
}

/// What the `fuzz_sum` function answers: an object.
#[derive(TfSchema, Debug)]
pub struct Sum {
    /// The label given.
    pub label: String,
    /// The sum of the numbers given.
    pub total: i64,
    /// How many numbers were given.
    pub count: i64,
}

/// A `fuzz_notify` action's `config` block: a message sent to a channel, some times.
#[derive(TfSchema, Debug)]
pub struct Notify {
    /// Where to send it.
    #[tf(length(min = 1, max = 32))]
    pub channel: Unknown<String>,
    /// What to send (the channel's name when not set).
    pub message: Unknown<Nullable<String>>,
    /// How many times to send it (once when not set).
    #[tf(between(min = 0, max = 5))]
    pub repeat: Unknown<Nullable<i64>>,
    /// A credential Terraform never stores.
    #[tf(write_only, sensitive)]
    pub token: Unknown<Nullable<String>>,
}

/// The `fuzz_notify` action type: each message is a progress message; the channel
/// `"closed"` fails the plan, `"fail"` the invocation.
pub struct Notifications;

/// The provider.
pub struct FuzzProvider;

/// The `fuzz_token` ephemeral resource type.
pub struct Tokens;

/// The `fuzz_sum` function: a label and any number of integers.
pub struct SumFunction;

/// The `fuzz_thing` resource type.
pub struct Things;

/// The `fuzz_lookup` data source type.
pub struct Lookups;

/// Which kind of type a name is looked up among.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// The provider block (its name is empty).
    Provider,
    /// Managed resources.
    Resource,
    /// Data sources.
    DataSource,
    /// Ephemeral resources.
    Ephemeral,
    /// List resources.
    ListResource,
    /// Actions.
    Action,
    /// State stores.
    StateStore,
    /// Resource identities.
    Identity,
    /// Functions: the type is the function's return type.
    Function,
}

/// Every type the provider serves: `(kind, name, type of its values)`; for a function, the
/// type of its result. Register a type in [`FuzzProvider::register`] and list it here.
pub fn types() -> Vec<(Kind, &'static str, &'static Type)> {
    vec![
        (Kind::Provider, "", Config::schema().object_type()),
        (Kind::Resource, "fuzz_thing", Thing::schema().object_type()),
        (
            Kind::Identity,
            "fuzz_thing",
            ThingIdentity::schema().object_type(),
        ),
        (
            Kind::ListResource,
            "fuzz_thing",
            ThingQuery::schema().object_type(),
        ),
        (
            Kind::DataSource,
            "fuzz_lookup",
            Lookup::schema().object_type(),
        ),
        (Kind::Ephemeral, "fuzz_token", Token::schema().object_type()),
        (Kind::Function, "fuzz_sum", Sum::schema().object_type()),
        (Kind::Action, "fuzz_notify", Notify::schema().object_type()),
    ]
}

/// The type of the values of `name` among the `kind` types; `None` when the provider
/// serves no such type.
pub fn type_of(kind: Kind, name: &str) -> Option<&'static Type> {
    types()
        .into_iter()
        .find(|(k, n, _)| *k == kind && *n == name)
        .map(|(_, _, ty)| ty)
}

fn not_empty(value: &Unknown<String>, path: AttributePath, what: &str) -> Result<(), Diagnostic> {
    match value.as_known() {
        Some(s) if s.is_empty() => Err(Diagnostic::error(format!("Empty {what}"))
            .with_detail(format!("The {what} must not be empty."))
            .at(path)),
        _ => Ok(()),
    }
}

impl ResourceIdentity for Things {
    type Identity = ThingIdentity;

    fn identity(
        &self,
        ctx: &Context<Settings>,
        state: &Thing,
    ) -> Result<ThingIdentity, Diagnostics> {
        let name = state
            .name
            .as_known()
            .cloned()
            .ok_or_else(|| -> Diagnostics { Diagnostic::error("Unknown name").into() })?;
        Ok(ThingIdentity {
            name,
            prefix: Some(ctx.data()?.prefix.clone()).into(),
            tags: Nullable::Null,
        })
    }

    async fn import_by_identity(
        &self,
        ctx: &mut Context<Settings>,
        identity: ThingIdentity,
    ) -> Result<Thing, Diagnostics> {
        if let Some(prefix) = identity.prefix.as_value() {
            if *prefix != ctx.data()?.prefix {
                return Err(Diagnostic::error("Another prefix").into());
            }
        }
        Resource::import(self, ctx, ImportRequest::new(identity.name)).await
    }

    fn identity_upgrades(&self) -> tfvalue::Upgrades<ThingIdentity> {
        tfvalue::Upgrades::new().from(0, |v0: ThingIdentityV0| {
            Ok(ThingIdentity {
                name: v0.name,
                prefix: Nullable::Null,
                tags: Nullable::Null,
            })
        })
    }
}

impl ListResource for Things {
    type ListConfig = ThingQuery;

    async fn list(
        &self,
        ctx: &mut Context<Settings>,
        query: ThingQuery,
        results: &mut ListResults<Thing, ThingIdentity>,
    ) -> Result<(), Diagnostics> {
        let count = query.count.as_known().copied().unwrap_or(0);
        if count < 0 {
            return Err(Diagnostic::error("Negative count").at("count").into());
        }
        let stem = query
            .stem
            .into_option()
            .unwrap_or_else(|| "thing".to_owned());
        for n in 0..count.min(64) {
            let name = format!("{stem}{n}");
            let thing = Thing {
                id: Some(name.clone()).into(),
                ..Thing::named(Unknown::known(name.clone()))
            };
            let identity = self.identity(ctx, &thing)?;
            if !results
                .push(Listed::new(identity, name).with_state(thing))
                .await?
            {
                break;
            }
        }
        Ok(())
    }
}

impl Provider for FuzzProvider {
    type Config = Config;
    type Data = Settings;

    fn register(&self, registry: &mut impl Registry<Settings>) {
        registry.resource("fuzz_thing", Things).with_list();
        registry.data_source("fuzz_lookup", Lookups);
        registry.ephemeral_resource("fuzz_token", Tokens);
        registry.function("fuzz_sum", SumFunction);
        registry.action("fuzz_notify", Notifications);
        // Further kinds register here, each with its entry in `types()`.
    }

    async fn validate(
        &self,
        _: &mut Context<Settings>,
        request: ValidateRequest<Config>,
    ) -> Result<(), Diagnostics> {
        if request.config.token.as_value().map(String::as_str) == Some("invalid") {
            return Err(Diagnostic::error("Invalid token").at("token").into());
        }
        Ok(())
    }

    async fn configure(
        &self,
        _: &mut Context<Settings>,
        request: ConfigureRequest<Config>,
    ) -> Result<Settings, Diagnostics> {
        let config = request.config;
        let default_size = config
            .defaults
            .as_value()
            .and_then(|d| d.size.as_value().copied())
            .unwrap_or(1);
        if default_size < 0 {
            return Err(Diagnostic::error("Negative default size")
                .at(AttributePath::root().attr("defaults").attr("size"))
                .into());
        }
        Ok(Settings {
            prefix: config.prefix.unwrap_or_else(|| "thing-".to_owned()),
            default_size,
        })
    }
}

impl Resource for Things {
    type Model = Thing;
    type Data = Settings;

    async fn validate(
        &self,
        _: &mut Context<Settings>,
        request: ValidateRequest<Thing>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        let root = AttributePath::root();
        let mut problems = Diagnostics::new();
        let mut check = |r: Result<(), Diagnostic>| {
            if let Err(d) = r {
                problems.push(d);
            }
        };
        check(not_empty(&config.name, root.clone().attr("name"), "name"));
        if let Some(endpoint) = config.endpoint.as_value() {
            if endpoint.port.as_value() == Some(&0) {
                check(Err(Diagnostic::error("Invalid port")
                    .at(root.clone().attr("endpoint").attr("port"))));
            }
        }
        let mut names = Vec::new();
        for (i, rule) in config.rule.as_known().into_iter().flatten().enumerate() {
            let at = root.clone().attr("rule").index(i as i64);
            if let Some(name) = rule.name.as_known() {
                if names.contains(&name) {
                    check(Err(
                        Diagnostic::error("Duplicate rule name").at(at.clone().attr("name"))
                    ));
                }
                names.push(name);
            }
            for (j, m) in rule.matches.as_known().into_iter().flatten().enumerate() {
                let path = at.clone().attr("match").index(j as i64).attr("pattern");
                check(not_empty(&m.pattern, path, "pattern"));
            }
        }
        // A set element has no path in the protocol: the framework cuts this one at
        // `.member`.
        for (i, member) in config.member.as_known().into_iter().flatten().enumerate() {
            if member.role.as_value().map(String::as_str) == Some("forbidden") {
                check(Err(Diagnostic::error("Forbidden role").at(root
                    .clone()
                    .attr("member")
                    .index(i as i64)
                    .attr("role"))));
            }
        }
        for (label, zone) in config.zone.as_known().into_iter().flatten() {
            if zone
                .weight
                .as_value()
                .is_some_and(|w| !w.is_finite() || *w < 0.0)
            {
                check(Err(Diagnostic::error("Invalid weight").at(root
                    .clone()
                    .attr("zone")
                    .key(label)
                    .attr("weight"))));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }

    async fn plan(
        &self,
        ctx: &mut Context<Settings>,
        plan: &mut Plan<Thing>,
    ) -> Result<(), Diagnostics> {
        if let Some(prior) = &plan.prior {
            plan.planned.id = prior.id.clone();
        }
        if plan.planned.size.is_unknown() && plan.config.size.is_null() {
            if let Ok(settings) = ctx.data() {
                plan.planned.size = Some(settings.default_size).into();
            }
        }
        Ok(())
    }

    async fn create(
        &self,
        ctx: &mut Context<Settings>,
        request: CreateRequest<Thing>,
    ) -> Result<Thing, ApplyError<Thing>> {
        let CreateRequest {
            planned, config, ..
        } = request;
        let settings = ctx.data()?;
        let name = planned.name.as_known().cloned().unwrap_or_default();
        let state = Thing {
            id: Some(format!("{}{name}", settings.prefix)).into(),
            revision: Some(i64::from(config.password.as_value().is_some())).into(),
            ..fill_computed(planned, settings.default_size)
        };
        if name == "tainted" {
            return Err(
                ApplyError::new(Diagnostic::error("Created, then failed")).with_state(state)
            );
        }
        Ok(state)
    }

    async fn read(
        &self,
        _: &mut Context<Settings>,
        request: ReadRequest<Thing>,
    ) -> Result<Option<Thing>, Diagnostics> {
        let current = request.state;
        if current.name.as_known().map(String::as_str) == Some("gone") {
            return Ok(None);
        }
        Ok(Some(current))
    }

    async fn update(
        &self,
        ctx: &mut Context<Settings>,
        request: UpdateRequest<Thing>,
    ) -> Result<Thing, ApplyError<Thing>> {
        let UpdateRequest {
            prior,
            planned,
            config,
            ..
        } = request;
        let settings = ctx.data()?;
        let before = prior.revision.as_value().copied().unwrap_or(0);
        let bump = i64::from(config.password.as_value().is_some());
        Ok(Thing {
            id: prior.id,
            revision: Some(before.saturating_add(bump)).into(),
            ..fill_computed(planned, settings.default_size)
        })
    }

    async fn delete(
        &self,
        _: &mut Context<Settings>,
        request: DeleteRequest<Thing>,
    ) -> Result<(), ApplyError<Thing>> {
        let prior = request.prior;
        if prior.name.as_known().map(String::as_str) == Some("undeletable") {
            return Err(ApplyError::new(Diagnostic::error("Cannot delete")).with_state(prior));
        }
        Ok(())
    }

    async fn move_state(
        &self,
        _: &mut Context<Settings>,
        source: MovedState<'_>,
    ) -> Result<Option<Thing>, Diagnostics> {
        // Accepts the same type from another provider (a provider renamed).
        if source.source_type_name() != "fuzz_thing" {
            return Ok(None);
        }
        source.decode::<Thing>().map(Some)
    }

    async fn import(
        &self,
        _: &mut Context<Settings>,
        request: ImportRequest,
    ) -> Result<Thing, Diagnostics> {
        let id = request.id;
        if id.is_empty() {
            return Err(Diagnostic::error("Empty import id").into());
        }
        Ok(Thing {
            id: Some(id.clone()).into(),
            ..Thing::named(Unknown::known(id))
        })
    }

    fn upgrades(&self) -> tfvalue::Upgrades<Thing> {
        tfvalue::Upgrades::new().from(0, from_v0)
    }
}

/// `planned` with the computed attributes the provider fills in known.
fn fill_computed(mut planned: Thing, default_size: i64) -> Thing {
    if planned.size.is_unknown() {
        planned.size = Some(default_size).into();
    }
    if planned.status.is_unknown() {
        let rules = planned
            .rule
            .as_known()
            .map(Vec::as_slice)
            .unwrap_or_default();
        let status = (rules.iter())
            .map(|rule| Status {
                rule: Unknown::known(rule.name.as_known().cloned().into()),
            })
            .collect();
        planned.status = Unknown::known(Nullable::Value(status));
    }
    if let Some(Nullable::Value(endpoint)) = planned.endpoint.as_known_mut() {
        if endpoint.address.is_unknown() {
            let host = endpoint.host.as_known().cloned().unwrap_or_default();
            endpoint.address = Some(format!("{host}.internal")).into();
        }
    }
    planned
}

impl DataSource for Lookups {
    type Model = Lookup;
    type Data = Settings;

    async fn validate(
        &self,
        _: &mut Context<Settings>,
        request: ValidateRequest<Lookup>,
    ) -> Result<(), Diagnostics> {
        not_empty(&request.config.name, "name".into(), "name").map_err(Into::into)
    }

    async fn read(
        &self,
        _: &mut Context<Settings>,
        request: ReadDataSourceRequest<Lookup>,
    ) -> Result<Lookup, Diagnostics> {
        let config = request.config;
        let name = config
            .name
            .as_known()
            .cloned()
            .ok_or_else(|| Diagnostic::error("Unknown name").at("name"))?;
        let chars = name
            .chars()
            .map(|c| Unknown::known(c.to_string()))
            .collect();
        let since = config.since.as_value().map(|at| {
            at.parse()
                .ok()
                .and_then(|t| t.to_utc())
                .map_or_else(|| at.clone(), |utc| Rfc3339::new(utc.to_string()))
        });
        Ok(Lookup {
            value: Some(name.to_uppercase()).into(),
            chars: Some(chars).into(),
            since: since.into(),
            ..config
        })
    }
}

impl EphemeralResource for Tokens {
    type Model = Token;
    type Data = Settings;

    async fn open(
        &self,
        ctx: &mut Context<Settings>,
        request: OpenRequest<Token>,
    ) -> Result<Opened<Token>, Diagnostics> {
        let config = request.config;
        let name = config.name.as_known().cloned().unwrap_or_default();
        if name.is_empty() {
            return Err(Diagnostic::error("Empty name").at("name").into());
        }
        ctx.private_mut().set("name", &name)?;
        Ok(Opened {
            result: Token {
                value: Unknown::known(Nullable::Value(name.chars().rev().collect())),
                ..config
            },
            renew_at: Some(SystemTime::UNIX_EPOCH + Duration::from_secs(4_000_000_000)),
        })
    }

    async fn renew(&self, ctx: &mut Context<Settings>) -> Result<Option<SystemTime>, Diagnostics> {
        if ctx.private().is_empty() {
            return Err(Diagnostic::error("Nothing to renew").into());
        }
        Ok(Some(
            SystemTime::UNIX_EPOCH + Duration::from_secs(4_000_000_000),
        ))
    }

    async fn close(&self, ctx: &mut Context<Settings>) -> Result<(), Diagnostics> {
        if ctx.private().is_empty() {
            return Err(Diagnostic::error("Nothing to close").into());
        }
        Ok(())
    }
}

impl Function for SumFunction {
    type Args = (String, Variadic<i64>);
    type Output = Sum;
    type Data = Settings;

    fn signature(&self) -> Signature {
        Signature::new("Sums integers under a label")
            .param("label", "A label")
            .variadic("numbers", "The numbers")
    }

    async fn call(
        &self,
        _: &mut Context<Settings>,
        (label, numbers): Self::Args,
    ) -> Result<Sum, FunctionError> {
        let mut total: i64 = 0;
        for (index, n) in numbers.indexed() {
            total = total
                .checked_add(*n)
                .ok_or_else(|| FunctionError::argument(index, "the sum overflows"))?;
        }
        let count = i64::try_from(numbers.as_slice().len()).unwrap_or(i64::MAX);
        Ok(Sum {
            label,
            total,
            count,
        })
    }
}

impl Action for Notifications {
    type Model = Notify;
    type Data = Settings;

    async fn plan(
        &self,
        ctx: &mut Context<Settings>,
        request: ActionPlanRequest<Notify>,
    ) -> Result<(), Diagnostics> {
        ctx.data()?;
        if request.config.channel.as_known().map(String::as_str) == Some("closed") {
            return Err(Diagnostic::error("Channel closed").at("channel").into());
        }
        Ok(())
    }

    async fn invoke(
        &self,
        ctx: &mut Context<Settings>,
        request: ActionInvokeRequest<Notify>,
        progress: &mut Progress,
    ) -> Result<(), Diagnostics> {
        let prefix = ctx.data()?.prefix.clone();
        let config = request.config;
        let channel = config.channel.as_known().cloned().unwrap_or_default();
        let message = match config.message.as_known() {
            Some(Nullable::Value(message)) => message.clone(),
            _ => channel.clone(),
        };
        let repeat = match config.repeat.as_known() {
            Some(Nullable::Value(n)) => (*n).clamp(0, 5),
            _ => 1,
        };
        for i in 0..repeat {
            progress
                .send(format!("{prefix}{channel} #{i}: {message}"))
                .await?;
        }
        if channel == "fail" {
            return Err(Diagnostic::error("Delivery failed").at("channel").into());
        }
        Ok(())
    }
}
