//! The client a harness plays: Terraform, or OpenTofu at one of its releases, with the
//! client capabilities that release sends and the calls it never makes.
//!
//! What each OpenTofu release does is read from OpenTofu's plugin client
//! (`internal/plugin6/grpc_provider.go` at the tags `v1.10.0` to `v1.12.6`):
//!
//! | release | client capabilities sent | identity | ephemeral resources, write-only attributes |
//! |---|---|---|---|
//! | 1.10 | none (no `client_capabilities` field in any request) | never asked for | never called |
//! | 1.11.0 to 1.11.3 | `write_only_attributes_allowed`, `deferral_allowed` | never asked for | called |
//! | 1.11.4 and later 1.11 | `write_only_attributes_allowed` | never asked for | called |
//! | 1.12 | `write_only_attributes_allowed` | `GetResourceIdentitySchemas` after `GetProviderSchema`; identities stored, sent back and imported by | called |
//!
//! No release calls `GetMetadata`, the list resource RPCs, the action RPCs, the state
//! store RPCs or `GenerateResourceConfig`, nor sends `computed_blocks_allowed` or
//! `store_planned_private`.

use std::fmt;

use crate::Diagnostic;

/// One OpenTofu release, whose client a [`Harness`](super::Harness) plays with
/// [`Harness::opentofu`](super::Harness::opentofu).
///
/// ```
/// use tfvalue_provider::harness::OpenTofu;
///
/// assert_eq!(OpenTofu::V1_11.to_string(), "OpenTofu 1.11.14");
/// assert_eq!(OpenTofu::parse("1.12.0"), Ok(OpenTofu::new(1, 12, 0)));
/// assert!(OpenTofu::V1_12.has_identity() && !OpenTofu::V1_11.has_identity());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OpenTofu {
    major: u64,
    minor: u64,
    patch: u64,
}

impl OpenTofu {
    /// The last release of OpenTofu 1.10.
    pub const V1_10: OpenTofu = OpenTofu::new(1, 10, 10);
    /// The last release of OpenTofu 1.11 (the first to speak ephemeral resources and
    /// write-only attributes).
    pub const V1_11: OpenTofu = OpenTofu::new(1, 11, 14);
    /// The last release of OpenTofu 1.12 (the first to speak resource identities).
    pub const V1_12: OpenTofu = OpenTofu::new(1, 12, 6);
    /// Every release line the harness plays, oldest first: a provider published to
    /// OpenTofu's registry is tested against each.
    pub const ALL: [OpenTofu; 3] = [OpenTofu::V1_10, OpenTofu::V1_11, OpenTofu::V1_12];

    /// The release `major.minor.patch`.
    pub const fn new(major: u64, minor: u64, patch: u64) -> OpenTofu {
        OpenTofu {
            major,
            minor,
            patch,
        }
    }

    /// The release a version text names, as `tofu version -json` reports it
    /// (`1.11.2`; a pre-release suffix such as `-rc1` or `-dev` is ignored).
    ///
    /// # Errors
    /// The text is not `major.minor.patch`, or names a release before 1.10, whose client
    /// the harness does not know.
    pub fn parse(version: &str) -> Result<OpenTofu, String> {
        let release = version.trim().trim_start_matches('v');
        let release = release.split(['-', '+']).next().unwrap_or(release);
        let parts: Vec<&str> = release.split('.').collect();
        let numbers: Option<Vec<u64>> = parts.iter().map(|p| p.parse().ok()).collect();
        let tofu = match numbers.as_deref() {
            Some(&[major, minor, patch]) => OpenTofu::new(major, minor, patch),
            _ => {
                return Err(format!(
                    "expected an OpenTofu version as major.minor.patch (e.g. 1.11.2), found {version:?}"
                ))
            }
        };
        if tofu < OpenTofu::new(1, 10, 0) {
            return Err(format!(
                "OpenTofu {release} is older than 1.10, the oldest release whose client the \
                 harness plays"
            ));
        }
        Ok(tofu)
    }

    /// The version as OpenTofu names itself to providers (`ConfigureProvider`'s
    /// `terraform_version`): `1.11.14`.
    pub fn version(&self) -> String {
        format!("{}.{}.{}", self.major, self.minor, self.patch)
    }

    /// Whether this release sends client capabilities at all (1.11 and later).
    pub fn sends_capabilities(&self) -> bool {
        self.at_least(1, 11, 0)
    }

    /// Whether this release says it accepts deferred changes: 1.11.0 to 1.11.3 did, by
    /// mistake, and handled no deferral; later releases do not.
    pub fn allows_deferral(&self) -> bool {
        self.at_least(1, 11, 0) && !self.at_least(1, 11, 4)
    }

    /// Whether this release calls ephemeral resources and allows write-only attributes
    /// (1.11 and later).
    pub fn has_ephemeral(&self) -> bool {
        self.at_least(1, 11, 0)
    }

    /// Whether this release asks for identity schemas, stores identities, sends them
    /// back and imports by identity (1.12 and later).
    pub fn has_identity(&self) -> bool {
        self.at_least(1, 12, 0)
    }

    fn at_least(&self, major: u64, minor: u64, patch: u64) -> bool {
        (self.major, self.minor, self.patch) >= (major, minor, patch)
    }

    /// Whether this release makes `call` at all; when not, the error a harness answers
    /// with, naming `type_name`.
    pub(super) fn reach(&self, call: Call, type_name: &str) -> Result<(), Diagnostic> {
        match self.unreachable_reason(call) {
            None => Ok(()),
            Some(reason) => Err(
                Diagnostic::error(format!("Unreachable on {self}")).with_detail(format!(
                    "The {} {type_name:?} cannot be used with {self}: {reason}. A test of it \
                     under this client tests nothing a user of {self} can reach.",
                    call.what()
                )),
            ),
        }
    }

    /// Why this release never makes `call`, or `None` when it does.
    pub(super) fn unreachable_reason(&self, call: Call) -> Option<String> {
        match call {
            Call::List => Some(
                "OpenTofu never calls ListResource (list blocks and `query` are Terraform's \
                 alone)"
                    .to_owned(),
            ),
            Call::Action => Some(
                "OpenTofu never calls the action RPCs (action blocks and `-invoke` are \
                 Terraform's alone)"
                    .to_owned(),
            ),
            Call::Ephemeral if !self.has_ephemeral() => Some(format!(
                "OpenTofu calls ephemeral resources from 1.11 on, and this is {}",
                self.version()
            )),
            Call::Identity if !self.has_identity() => Some(format!(
                "OpenTofu asks for identity schemas, keeps identities and imports by identity \
                 from 1.12 on, and this is {}",
                self.version()
            )),
            Call::Ephemeral | Call::Identity => None,
        }
    }
}

impl fmt::Display for OpenTofu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OpenTofu {}", self.version())
    }
}

/// A kind of call a client may never make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Call {
    /// `ValidateListResourceConfig` and `ListResource`.
    List,
    /// `ValidateActionConfig`, `PlanAction`, `InvokeAction`.
    Action,
    /// The ephemeral resource RPCs.
    Ephemeral,
    /// `GetResourceIdentitySchemas`, identities sent back, import by identity.
    Identity,
}

impl Call {
    fn what(self) -> &'static str {
        match self {
            Call::List => "list resource type",
            Call::Action => "action type",
            Call::Ephemeral => "ephemeral resource type",
            Call::Identity => "identity of the resource type",
        }
    }
}

/// A part of a provider its client never reaches: what it is, its name, and why
/// ([`Harness::unreachable`](super::Harness::unreachable)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable {
    /// What kind of part: `list resource type`, `action type`, `ephemeral resource
    /// type` or `identity of the resource type`.
    pub kind: &'static str,
    /// Its type name.
    pub name: String,
    /// Why the client never reaches it.
    pub reason: String,
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} {:?}: {}", self.kind, self.name, self.reason)
    }
}

impl Unreachable {
    pub(super) fn new(tofu: &OpenTofu, call: Call, name: &str) -> Option<Unreachable> {
        tofu.unreachable_reason(call).map(|reason| Unreachable {
            kind: call.what(),
            name: name.to_owned(),
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_as_tofu_version_json_reports_them() {
        // `terraform_version` values from OpenTofu's internal/command/version_test.go
        // ("4.5.6", "4.5.6-foo") and views/version_test.go ("0.1.0-dev"), at releases
        // the harness knows.
        assert_eq!(OpenTofu::parse("1.11.2"), Ok(OpenTofu::new(1, 11, 2)));
        assert_eq!(OpenTofu::parse("1.12.0-foo"), Ok(OpenTofu::new(1, 12, 0)));
        assert_eq!(OpenTofu::parse("1.13.0-dev"), Ok(OpenTofu::new(1, 13, 0)));
        assert_eq!(
            OpenTofu::parse("1.11"),
            Err(
                "expected an OpenTofu version as major.minor.patch (e.g. 1.11.2), found \"1.11\""
                    .to_owned()
            )
        );
        assert_eq!(
            OpenTofu::parse("0.1.0-dev"),
            Err("OpenTofu 0.1.0 is older than 1.10, the oldest release whose client the harness plays".to_owned())
        );
    }

    #[test]
    fn each_release_has_the_features_its_client_shows() {
        let at = |v: &str| OpenTofu::parse(v).unwrap();
        assert!(!at("1.10.10").sends_capabilities() && !at("1.10.10").has_ephemeral());
        assert!(at("1.11.0").allows_deferral() && at("1.11.3").allows_deferral());
        assert!(!at("1.11.4").allows_deferral() && !OpenTofu::V1_12.allows_deferral());
        assert!(at("1.11.0").has_ephemeral() && !at("1.11.14").has_identity());
        assert!(at("1.12.0").has_identity());
    }

    #[test]
    fn an_unreachable_call_names_the_type_the_release_and_why() {
        let error = OpenTofu::V1_10
            .reach(Call::Ephemeral, "localfs_secret")
            .unwrap_err();
        assert_eq!(error.summary(), "Unreachable on OpenTofu 1.10.10");
        assert_eq!(
            error.detail(),
            "The ephemeral resource type \"localfs_secret\" cannot be used with OpenTofu \
             1.10.10: OpenTofu calls ephemeral resources from 1.11 on, and this is 1.10.10. A \
             test of it under this client tests nothing a user of OpenTofu 1.10.10 can reach."
        );
        assert!(OpenTofu::V1_11.reach(Call::Ephemeral, "x").is_ok());
        assert!(OpenTofu::V1_12.reach(Call::Identity, "x").is_ok());
        assert!(OpenTofu::V1_12.reach(Call::List, "x").is_err());
        assert!(OpenTofu::V1_12.reach(Call::Action, "x").is_err());
    }
}
