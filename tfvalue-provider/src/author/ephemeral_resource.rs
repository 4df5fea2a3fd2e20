//! [`EphemeralResource`]: a value Terraform opens for one run and never stores, and
//! [`Opened`], what opening it gives.

use std::future::Future;
use std::time::SystemTime;

use crate::author::context::Context;
use crate::author::diagnostics::Diagnostics;
use crate::author::model::Model;
use crate::author::requests::{OpenRequest, ValidateRequest};

/// An ephemeral resource type (`ephemeral "type" "name" { ... }`, Terraform 1.10 and
/// later): a value such as a secret or a short-lived token that Terraform opens when a run
/// needs it, may renew while the run lasts, and closes at its end. Its result lives only
/// in Terraform's memory: never in a plan or state. Write-only attributes of managed
/// resources are where such values usually go.
///
/// Terraform opens an ephemeral resource in each run that uses it (once while planning,
/// once more while applying), and only once its configuration is wholly known; until then
/// the result is unknown and nothing is opened. When [`Opened::renew_at`] is set, Terraform
/// calls [`EphemeralResource::renew`] at that time, and again at each time renew returns;
/// after the last use of the value it calls [`EphemeralResource::close`].
///
/// Renew and close get no model: what they need (a lease id, a token to revoke) is the
/// private data [`open`](EphemeralResource::open) keeps with
/// [`Context::private_mut`] and they read with [`Context::private`]. Renew may replace it
/// for the next renewal; close gets what open kept (Terraform hands close the private data
/// of the open, not of a later renewal).
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use tfvalue::{Nullable, TfSchema, Unknown};
/// use tfvalue_provider::{Context, Diagnostics, EphemeralResource, OpenRequest, Opened};
///
/// /// `ephemeral "vault_token" "ci" { role = "deploy" }`
/// #[derive(TfSchema)]
/// struct Token {
///     role: String,
///     #[tf(computed, sensitive)]
///     token: Unknown<Nullable<String>>,
/// }
///
/// struct Tokens;
///
/// impl EphemeralResource for Tokens {
///     type Model = Token;
///     type Data = ();
///
///     async fn open(
///         &self,
///         ctx: &mut Context<()>,
///         request: OpenRequest<Token>,
///     ) -> Result<Opened<Token>, Diagnostics> {
///         let config = request.config;
///         let lease = format!("lease-for-{}", config.role);
///         ctx.private_mut().set("lease", &lease)?; // for renew and close
///         let token = Unknown::known(Nullable::Value(format!("t0k3n/{lease}")));
///         Ok(Opened {
///             result: Token { token, ..config },
///             renew_at: Some(SystemTime::now() + Duration::from_secs(300)),
///         })
///     }
///
///     async fn renew(&self, ctx: &mut Context<()>) -> Result<Option<SystemTime>, Diagnostics> {
///         let _lease: Option<String> = ctx.private().get("lease")?; // extend it
///         Ok(Some(SystemTime::now() + Duration::from_secs(300)))
///     }
///
///     async fn close(&self, ctx: &mut Context<()>) -> Result<(), Diagnostics> {
///         let _lease: Option<String> = ctx.private().get("lease")?; // revoke it
///         Ok(())
///     }
/// }
/// ```
///
/// Register it with [`Registry::ephemeral_resource`](crate::Registry::ephemeral_resource).
pub trait EphemeralResource: Send + Sync + 'static {
    /// The model: the configuration and the result have this shape; the attributes open
    /// computes are null in the configuration. It has no write-only attributes (checked
    /// when the provider starts): the whole result is already kept out of plans and state.
    type Model: Model;
    /// What the provider's `configure` returns (the same type as its `Data`).
    type Data: Send + Sync + 'static;

    /// Checks a configuration beyond what the schema says (values may be unknown).
    ///
    /// A warning (say, a setting that works but is discouraged) goes on the context,
    /// [`Context::warn`], and is answered with the success; returning `Err` fails the
    /// validation, and the warnings given before are answered with its errors. The
    /// framework's own findings come first: warnings for the deprecated
    /// attributes and blocks the configuration sets, errors of the validators the model
    /// declares.
    fn validate(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ValidateRequest<Self::Model>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, request);
        async { Ok(()) }
    }

    /// Opens the resource: returns the configuration with the computed attributes filled
    /// in, wholly known, and when to renew it. The configuration is wholly known. What
    /// renew and close need goes in the private data ([`Context::private_mut`]).
    fn open(
        &self,
        ctx: &mut Context<Self::Data>,
        request: OpenRequest<Self::Model>,
    ) -> impl Future<Output = Result<Opened<Self::Model>, Diagnostics>> + Send;

    /// Renews the opened value (extends a lease, refreshes a token) and returns when to
    /// renew next (`None`: no more renewals). [`Context::private`] holds what open, or the
    /// previous renewal, kept; the method may replace it for the next renewal. After an
    /// error Terraform stops renewing. By default nothing is renewed.
    fn renew(
        &self,
        ctx: &mut Context<Self::Data>,
    ) -> impl Future<Output = Result<Option<SystemTime>, Diagnostics>> + Send {
        let _ = ctx;
        async { Ok(None) }
    }

    /// Releases the opened value at the end of its use; [`Context::private`] holds what
    /// open kept. By default there is nothing to release.
    fn close(
        &self,
        ctx: &mut Context<Self::Data>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = ctx;
        async { Ok(()) }
    }
}

/// What [`EphemeralResource::open`] gives: the value, and when Terraform should renew it.
#[derive(Debug)]
pub struct Opened<M> {
    /// The configuration with the computed attributes filled in, wholly known.
    pub result: M,
    /// When Terraform should call [`EphemeralResource::renew`]; `None`: never.
    pub renew_at: Option<SystemTime>,
}

impl<M> Opened<M> {
    /// A result that is never renewed.
    pub fn new(result: M) -> Self {
        Opened {
            result,
            renew_at: None,
        }
    }
}
