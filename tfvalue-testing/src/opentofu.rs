//! OpenTofu as one of the CLIs a test runs: `tofu` recognised by its `version -json`
//! output, and the provider addresses OpenTofu resolves, whose default registry is
//! `registry.opentofu.org`.
//!
//! OpenTofu cannot run on the machine this crate is developed on (no registry reachable
//! there ships its binary), so what is tested here is the parsing of its output and the
//! addresses a workspace gives it, with text copied from OpenTofu's source; a provider's
//! RPC behaviour under OpenTofu's client is emulated in process by
//! `tfvalue_provider::harness::Harness::opentofu`.

use serde_json::Value;

/// Which CLI an executable is: Terraform or OpenTofu.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cli {
    /// HashiCorp Terraform.
    #[default]
    Terraform,
    /// OpenTofu (`tofu`).
    OpenTofu,
}

impl Cli {
    /// The CLI's name, for messages: `Terraform` or `OpenTofu`.
    pub fn name(self) -> &'static str {
        match self {
            Cli::Terraform => "Terraform",
            Cli::OpenTofu => "OpenTofu",
        }
    }

    /// The host a provider source address without one resolves to:
    /// `registry.terraform.io` or [`OPENTOFU_REGISTRY`].
    pub fn default_registry(self) -> &'static str {
        match self {
            Cli::Terraform => TERRAFORM_REGISTRY,
            Cli::OpenTofu => OPENTOFU_REGISTRY,
        }
    }

    /// The address this CLI is to know the provider `address` by in a test's workspace:
    /// the same under Terraform; under OpenTofu, an address on Terraform's registry (or
    /// with no host) moves to [`OPENTOFU_REGISTRY`], where OpenTofu resolves
    /// `namespace/type` and where a provider published for it lives. Other hosts stay.
    ///
    /// ```
    /// use tfvalue_testing::Cli;
    ///
    /// let tofu = Cli::OpenTofu;
    /// assert_eq!(tofu.provider_address("registry.terraform.io/hashicorp/random"), "registry.opentofu.org/hashicorp/random");
    /// assert_eq!(tofu.provider_address("acme/files"), "registry.opentofu.org/acme/files");
    /// assert_eq!(tofu.provider_address("example.com/acme/files"), "example.com/acme/files");
    /// assert_eq!(Cli::Terraform.provider_address("registry.terraform.io/acme/files"), "registry.terraform.io/acme/files");
    /// ```
    pub fn provider_address(self, address: &str) -> String {
        let parts: Vec<&str> = address.split('/').collect();
        match (self, parts.as_slice()) {
            (Cli::Terraform, _) => address.to_owned(),
            (Cli::OpenTofu, [namespace, name]) => {
                format!("{OPENTOFU_REGISTRY}/{namespace}/{name}")
            }
            (Cli::OpenTofu, [host, namespace, name])
                if host.eq_ignore_ascii_case(TERRAFORM_REGISTRY) =>
            {
                format!("{OPENTOFU_REGISTRY}/{namespace}/{name}")
            }
            (Cli::OpenTofu, _) => address.to_owned(),
        }
    }
}

/// The Terraform release whose provider features an OpenTofu release has, as
/// `(major, minor)`, for the gates that name Terraform releases
/// ([`Terraform::at_least`](crate::Terraform::at_least)): OpenTofu 1.10 has provider
/// functions and moved resource states but no ephemeral resources (Terraform 1.9's); 1.11
/// adds ephemeral resources and write-only attributes (Terraform 1.11's); 1.12 adds
/// identities and import by identity (Terraform 1.12's), and no later release is known to
/// add list resources or actions (Terraform 1.14's), so later releases count as 1.12 until
/// shown otherwise. `None` for a version that does not parse. Before 1.10: 1.7 to 1.9
/// have provider functions (Terraform 1.8's); 1.6, forked from Terraform 1.6, is that.
pub(crate) fn terraform_features_of(opentofu_version: &str) -> Option<(u64, u64)> {
    let mut parts = opentofu_version.split(['.', '-']).map(str::parse::<u64>);
    let (Some(Ok(major)), Some(Ok(minor))) = (parts.next(), parts.next()) else {
        return None;
    };
    Some(match (major, minor) {
        (1, 10) => (1, 9),
        (1, 11) => (1, 11),
        (1, 7..=9) => (1, 8),
        (1, 0..=6) => (1, minor),
        _ => (1, 12),
    })
}

/// Terraform's default provider registry host.
pub const TERRAFORM_REGISTRY: &str = "registry.terraform.io";

/// OpenTofu's default provider registry host (`DefaultProviderRegistryHost` in OpenTofu's
/// `internal/addrs/provider.go`).
pub const OPENTOFU_REGISTRY: &str = "registry.opentofu.org";

/// The version and the CLI a `version -json` output names.
///
/// Both print `terraform_version`; Terraform's output always has `terraform_outdated`
/// (and `platform`), OpenTofu's never does (its `versionOutput` in
/// `internal/command/views/version.go` has `terraform_version`, `platform`, `fips140` and
/// `provider_selections` only).
pub(crate) fn read_version_json(stdout: &[u8]) -> Result<(String, Cli), String> {
    let v: Value = serde_json::from_slice(stdout).map_err(|e| {
        format!(
            "`version -json` printed no JSON ({e}): {}",
            String::from_utf8_lossy(stdout)
        )
    })?;
    let version = v["terraform_version"]
        .as_str()
        .ok_or_else(|| format!("`version -json` has no terraform_version: {v}"))?;
    let cli = if v.get("terraform_outdated").is_some() {
        Cli::Terraform
    } else if v.get("platform").is_some() {
        Cli::OpenTofu
    } else {
        return Err(format!(
            "`version -json` is neither Terraform's (expected terraform_outdated) nor \
             OpenTofu's (expected platform without terraform_outdated): {v}"
        ));
    };
    Ok((version.to_owned(), cli))
}

/// A `TF_REATTACH_PROVIDERS` value with each provider address as `cli` resolves the
/// workspace's source address ([`Cli::provider_address`]): OpenTofu parses each key as a
/// source address (`parseReattachProviders` in its `cmd/tofu/main.go`), so a provider
/// attached as `registry.terraform.io/acme/files` must be keyed
/// `registry.opentofu.org/acme/files` for a configuration OpenTofu resolves there.
pub(crate) fn reattach_for(cli: Cli, reattach: &str) -> Result<String, String> {
    if cli == Cli::Terraform {
        return Ok(reattach.to_owned());
    }
    let providers: serde_json::Map<String, Value> = serde_json::from_str(reattach)
        .map_err(|e| {
            format!("expected TF_REATTACH_PROVIDERS as a JSON object of providers ({e}), found {reattach:?}")
        })?;
    let moved: serde_json::Map<String, Value> = (providers.into_iter())
        .map(|(address, config)| (cli.provider_address(&address), config))
        .collect();
    Ok(Value::Object(moved).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `tofu version -json`, from OpenTofu's internal/command/version_test.go
    /// (TestVersion_json, with its lock file of two providers).
    const TOFU_VERSION_JSON: &str = r#"{
  "terraform_version": "4.5.6-foo",
  "platform": "aros_riscv64",
  "provider_selections": {
    "registry.opentofu.org/hashicorp/test1": "7.8.9-beta.2",
    "registry.opentofu.org/hashicorp/test2": "1.2.3"
  }
}"#;

    /// `terraform version -json` of Terraform 1.11.4.
    const TERRAFORM_VERSION_JSON: &str = r#"{
  "terraform_version": "1.11.4",
  "platform": "linux_amd64",
  "provider_selections": {},
  "terraform_outdated": false
}"#;

    #[test]
    fn version_json_tells_opentofu_from_terraform() {
        assert_eq!(
            read_version_json(TOFU_VERSION_JSON.as_bytes()),
            Ok(("4.5.6-foo".to_owned(), Cli::OpenTofu))
        );
        // OpenTofu with FIPS mode on (views/version.go's `fips140`).
        let fips = r#"{"terraform_version":"1.12.0","platform":"linux_amd64","fips140":true,"provider_selections":{}}"#;
        assert_eq!(
            read_version_json(fips.as_bytes()),
            Ok(("1.12.0".to_owned(), Cli::OpenTofu))
        );
        assert_eq!(
            read_version_json(TERRAFORM_VERSION_JSON.as_bytes()),
            Ok(("1.11.4".to_owned(), Cli::Terraform))
        );
    }

    #[test]
    fn version_json_that_is_neither_fails_saying_what_was_expected() {
        assert_eq!(
            read_version_json(br#"{"terraform_version":"1.0.0"}"#),
            Err(
                "`version -json` is neither Terraform's (expected terraform_outdated) nor \
                 OpenTofu's (expected platform without terraform_outdated): \
                 {\"terraform_version\":\"1.0.0\"}"
                    .to_owned()
            )
        );
        assert_eq!(
            read_version_json(br#"{"platform":"linux_amd64"}"#),
            Err(
                "`version -json` has no terraform_version: {\"platform\":\"linux_amd64\"}"
                    .to_owned()
            )
        );
        let error = read_version_json(b"OpenTofu v1.11.0\non linux_amd64").unwrap_err();
        assert!(
            error.starts_with("`version -json` printed no JSON (")
                && error.ends_with("): OpenTofu v1.11.0\non linux_amd64"),
            "{error}"
        );
    }

    #[test]
    fn opentofu_releases_have_the_features_of_terraform_releases() {
        assert_eq!(terraform_features_of("1.6.2"), Some((1, 6)));
        assert_eq!(terraform_features_of("1.7.3"), Some((1, 8)));
        assert_eq!(terraform_features_of("1.9.0"), Some((1, 8)));
        assert_eq!(terraform_features_of("1.10.10"), Some((1, 9)));
        assert_eq!(terraform_features_of("1.11.0-rc1"), Some((1, 11)));
        assert_eq!(terraform_features_of("1.12.6"), Some((1, 12)));
        assert_eq!(terraform_features_of("1.13.0-dev"), Some((1, 12)));
        assert_eq!(terraform_features_of("dev"), None);
        let tofu = |version: &str| crate::Terraform {
            path: "tofu".into(),
            version: version.into(),
            cli: Cli::OpenTofu,
        };
        // Ephemeral resources (Terraform 1.10): not in OpenTofu 1.10.
        assert!(!tofu("1.10.10").at_least(1, 10));
        assert!(tofu("1.10.10").at_least(1, 8));
        assert!(tofu("1.11.4").at_least(1, 11) && !tofu("1.11.4").at_least(1, 12));
        // Actions and list resources (Terraform 1.14): in no OpenTofu.
        assert!(tofu("1.12.6").at_least(1, 12) && !tofu("1.12.6").at_least(1, 14));
    }

    #[test]
    fn addresses_move_to_opentofus_registry_as_it_resolves_them() {
        let tofu = Cli::OpenTofu;
        // The dev_overrides example of OpenTofu's website/docs/cli/config/config-file.mdx
        // names "hashicorp/null", which OpenTofu resolves on its own registry.
        assert_eq!(
            tofu.provider_address("hashicorp/null"),
            "registry.opentofu.org/hashicorp/null"
        );
        assert_eq!(
            tofu.provider_address("Registry.Terraform.io/hashicorp/null"),
            "registry.opentofu.org/hashicorp/null"
        );
        assert_eq!(
            tofu.provider_address("registry.opentofu.org/acme/files"),
            "registry.opentofu.org/acme/files"
        );
        assert_eq!(tofu.provider_address("files"), "files");
        assert_eq!(tofu.default_registry(), "registry.opentofu.org");
        assert_eq!(Cli::Terraform.provider_address("acme/files"), "acme/files");
    }

    fn tofu() -> crate::Terraform {
        crate::Terraform {
            path: "tofu".into(),
            version: "1.11.4".into(),
            cli: Cli::OpenTofu,
        }
    }

    #[test]
    fn an_opentofu_workspace_names_the_provider_on_opentofus_registry() {
        let provider =
            crate::TestProvider::binary("registry.terraform.io/acme/files", "/nonexistent");
        let ws = crate::Workspace::new(&tofu(), &provider, "tofu-dev-overrides");
        let required = std::fs::read_to_string(ws.module_dir().join(crate::PROVIDERS_FILE));
        assert!(
            required
                .as_deref()
                .is_ok_and(|r| r.contains("source = \"registry.opentofu.org/acme/files\"")),
            "{required:?}"
        );
        let cli_config = std::fs::read_to_string(ws.root().join("terraform.rc"));
        assert!(
            cli_config
                .as_deref()
                .is_ok_and(|c| c.contains("\"registry.opentofu.org/acme/files\" = ")),
            "{cli_config:?}"
        );
        assert_eq!(ws.provider_source(), "registry.opentofu.org/acme/files");
    }

    #[test]
    fn an_attached_provider_is_keyed_by_opentofus_address() {
        let reattach = r#"{"registry.terraform.io/acme/files":{"Protocol":"grpc","ProtocolVersion":6,"Pid":1,"Test":true,"Addr":{"Network":"unix","String":"/tmp/p"}}}"#;
        let provider = crate::TestProvider::attached("registry.terraform.io/acme/files", reattach);
        let ws = crate::Workspace::new(&tofu(), &provider, "tofu-reattach");
        let value = ws
            .env
            .iter()
            .find(|(k, _)| k == "TF_REATTACH_PROVIDERS")
            .and_then(|(_, v)| v.to_str())
            .map(serde_json::from_str::<Value>);
        let Some(Ok(value)) = value else {
            panic!("expected TF_REATTACH_PROVIDERS as JSON, found {value:?}");
        };
        assert_eq!(
            value["registry.opentofu.org/acme/files"]["Addr"]["String"],
            "/tmp/p"
        );
    }

    #[test]
    #[should_panic(
        expected = "the provider registry.terraform.io/acme/files cannot be attached: expected \
                    TF_REATTACH_PROVIDERS as a JSON object of providers"
    )]
    fn an_attached_provider_whose_reattach_is_no_object_fails_naming_it() {
        let provider = crate::TestProvider::attached("registry.terraform.io/acme/files", "[]");
        crate::Workspace::new(&tofu(), &provider, "tofu-bad-reattach");
    }

    #[test]
    fn reattach_keys_move_with_the_address() {
        let reattach = r#"{"registry.terraform.io/acme/files":{"Protocol":"grpc","ProtocolVersion":6,"Pid":42,"Test":true,"Addr":{"Network":"unix","String":"/tmp/plugin1"}}}"#;
        let moved: Value =
            serde_json::from_str(&reattach_for(Cli::OpenTofu, reattach).unwrap()).unwrap();
        let entry = &moved["registry.opentofu.org/acme/files"];
        assert_eq!(entry["Addr"]["String"], "/tmp/plugin1");
        assert_eq!(entry["Pid"], 42);
        assert_eq!(moved.as_object().map(|m| m.len()), Some(1));
        assert_eq!(
            reattach_for(Cli::Terraform, reattach).as_deref(),
            Ok(reattach)
        );
        assert_eq!(
            reattach_for(Cli::OpenTofu, "[1]").unwrap_err(),
            "expected TF_REATTACH_PROVIDERS as a JSON object of providers (invalid type: sequence, expected a map at line 1 column 0), found \"[1]\""
        );
    }
}
