//! A provider that works on Terraform and breaks on OpenTofu, caught by the harness playing
//! OpenTofu's client (`Harness::opentofu`): it takes the version `ConfigureProvider` names
//! for Terraform's, and one of its resource types cannot be used without write-only
//! attributes, which OpenTofu 1.10 does not allow. Each failure is told as the provider
//! author must read it.

use tfvalue::{IntoPlanned as _, Nullable, TfSchema, Unknown};
use tfvalue_provider::harness::{Harness, OpenTofu};
use tfvalue_provider::{
    ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostic, Diagnostics,
    Provider, ReadRequest, Registry, Resource, UpdateRequest,
};

#[derive(TfSchema)]
struct Config {}

/// `vault_password`: a password set from a write-only value, kept nowhere.
#[derive(TfSchema, Debug)]
struct Password {
    name: Unknown<String>,
    /// The password: required, and write-only.
    #[tf(required, write_only, sensitive)]
    value: Unknown<Nullable<String>>,
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
}

/// The wrong provider: it refuses any client older than Terraform 1.14.
struct Vault;

struct Passwords;

impl Provider for Vault {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("vault_password", Passwords);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        request: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        // The mistake: OpenTofu names its own version here, not a Terraform one.
        let mut parts = request.terraform_version.split('.');
        let release = (parts.next(), parts.next());
        let (Some(major), Some(minor)) = release else {
            return Err(Diagnostic::error("Unknown Terraform version").into());
        };
        let release: (Result<u64, _>, Result<u64, _>) = (major.parse(), minor.parse());
        if matches!(release, (Ok(a), Ok(b)) if (a, b) >= (1, 14)) {
            Ok(())
        } else {
            Err(Diagnostic::error("Terraform too old")
                .with_detail(format!(
                    "This provider needs Terraform 1.14 or later; this is {}.",
                    request.terraform_version
                ))
                .into())
        }
    }
}

impl Resource for Passwords {
    type Model = Password;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        r: CreateRequest<Password>,
    ) -> Result<Password, ApplyError<Password>> {
        let mut password = r.planned.into_planned()?;
        password.id = Some(password.name.clone()).into();
        Ok(password.into())
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        r: ReadRequest<Password>,
    ) -> Result<Option<Password>, Diagnostics> {
        Ok(Some(r.state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        r: UpdateRequest<Password>,
    ) -> Result<Password, ApplyError<Password>> {
        Ok(r.planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Password>,
    ) -> Result<(), ApplyError<Password>> {
        Ok(())
    }
}

fn password() -> Password {
    Password {
        name: Unknown::known("db".into()),
        value: Unknown::known(Some("hunter2".to_owned()).into()),
        id: Unknown::null(),
    }
}

fn shown(diagnostics: &Diagnostics) -> Vec<String> {
    (diagnostics.iter())
        .map(|d| {
            let at = d.attribute().map(ToString::to_string).unwrap_or_default();
            format!("{at}: {}: {}", d.summary(), d.detail())
        })
        .collect()
}

#[tokio::test]
async fn the_provider_works_on_terraform() {
    let harness = Harness::new(Vault).unwrap();
    harness.configure(&Config {}).await.unwrap();
    let created = harness
        .resource::<Password>("vault_password")
        .create(&password())
        .await
        .unwrap();
    assert_eq!(created.id.as_value().map(String::as_str), Some("db"));
    assert!(
        created.value.is_null(),
        "write-only values are kept nowhere"
    );
    assert_eq!(harness.unreachable().await.unwrap(), []);
}

#[tokio::test]
async fn a_provider_that_reads_opentofus_version_as_terraforms_fails_to_configure() {
    for tofu in OpenTofu::ALL {
        let harness = Harness::new(Vault).unwrap().opentofu(tofu);
        let errors = harness.configure(&Config {}).await.unwrap_err();
        assert_eq!(
            shown(&errors),
            [format!(
                ": Terraform too old: This provider needs Terraform 1.14 or later; this is {}.",
                tofu.version()
            )]
        );
    }
}

/// The provider without its version check, to reach its resource type.
struct Unchecked;

impl Provider for Unchecked {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("vault_password", Passwords);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

#[tokio::test]
async fn a_required_write_only_attribute_makes_the_type_unusable_on_opentofu_1_10() {
    for tofu in OpenTofu::ALL {
        let harness = Harness::new(Unchecked).unwrap().opentofu(tofu);
        harness.configure(&Config {}).await.unwrap();
        let created = harness
            .resource::<Password>("vault_password")
            .create(&password())
            .await;
        if tofu.has_ephemeral() {
            assert!(created.is_ok(), "{tofu}: {created:?}");
        } else {
            let errors = created.unwrap_err();
            let summaries: Vec<String> = (errors.iter())
                .map(|d| {
                    format!(
                        "{:?}: {}",
                        d.attribute().map(ToString::to_string),
                        d.summary()
                    )
                })
                .collect();
            assert_eq!(
                summaries,
                [r#"Some(".value"): Write-only Attribute Not Allowed"#],
                "{tofu}"
            );
        }
    }
}

#[tokio::test]
async fn a_provider_without_unreachable_parts_reports_none() {
    // No list resource, action, ephemeral resource or identity: OpenTofu reaches it all.
    for tofu in OpenTofu::ALL {
        let harness = Harness::new(Unchecked).unwrap().opentofu(tofu);
        assert_eq!(harness.unreachable().await.unwrap(), [], "{tofu}");
    }
}

#[test]
fn opentofu_releases_before_1_10_are_refused() {
    assert_eq!(
        OpenTofu::parse("1.9.1"),
        Err(
            "OpenTofu 1.9.1 is older than 1.10, the oldest release whose client the harness plays"
                .to_owned()
        )
    );
}

#[tokio::test]
async fn each_call_opentofu_never_makes_is_refused_naming_the_type_and_why() {
    let tofu = OpenTofu::V1_10;
    let harness = Harness::new(Unchecked).unwrap().opentofu(tofu);
    harness.configure(&Config {}).await.unwrap();
    let refused = |what: &str, name: &str, why: &str| {
        vec![format!(
            ": Unreachable on OpenTofu 1.10.10: The {what} \"{name}\" cannot be used with \
             OpenTofu 1.10.10: {why}. A test of it under this client tests nothing a user of \
             OpenTofu 1.10.10 can reach."
        )]
    };
    let listed = harness
        .list::<Password, Config>("vault_password")
        .list(&Config {})
        .await;
    let Err(listed) = listed else {
        panic!("OpenTofu listed")
    };
    assert_eq!(
        shown(&listed),
        refused(
            "list resource type",
            "vault_password",
            "OpenTofu never calls ListResource (list blocks and `query` are Terraform's alone)"
        )
    );
    let planned = harness
        .action::<Config>("vault_rotate")
        .plan(&Config {})
        .await;
    assert_eq!(
        shown(&planned.unwrap_err()),
        refused(
            "action type",
            "vault_rotate",
            "OpenTofu never calls the action RPCs (action blocks and `-invoke` are Terraform's \
             alone)"
        )
    );
    let validated = (harness.ephemeral::<Password>("vault_token"))
        .validate(&password())
        .await;
    assert_eq!(
        shown(&validated.unwrap_err()),
        refused(
            "ephemeral resource type",
            "vault_token",
            "OpenTofu calls ephemeral resources from 1.11 on, and this is 1.10.10"
        )
    );
    let imported = (harness.resource::<Password>("vault_password"))
        .import_by_identity(&Config {})
        .await;
    assert_eq!(
        shown(&imported.unwrap_err()),
        refused(
            "identity of the resource type",
            "vault_password",
            "OpenTofu asks for identity schemas, keeps identities and imports by identity from \
             1.12 on, and this is 1.10.10"
        )
    );
}
