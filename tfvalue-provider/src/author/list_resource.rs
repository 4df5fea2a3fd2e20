//! [`ListResource`]: finding the existing objects of a managed resource type for
//! `terraform query` (Terraform 1.14 and later), and [`ListResults`], where they go.

use std::future::Future;

use std::pin::Pin;

use crate::author::context::Context;
use crate::author::diagnostics::Diagnostics;
use crate::author::identity::ResourceIdentity;
use crate::author::model::Model;

/// The list resource of a managed resource type: finds the objects of that type that exist
/// (whether Terraform manages them or not), for `list` blocks in `*.tfquery.hcl` files and
/// `terraform query`, which shows them and, with `-generate-config-out`, writes a resource
/// block and an `import` block (by identity) for each.
///
/// It is the managed resource type's own: implement it on the type that implements
/// [`ResourceIdentity`] and register it with its resource type:
/// `registry.resource("files_file", Files).with_list()`
/// ([`ResourceRegistration::with_list`](crate::ResourceRegistration::with_list)). A `list` block's `config`
/// block is [`ListResource::ListConfig`], a model of its own.
///
/// ```
/// use tfvalue::{Nullable, TfSchema, Unknown};
/// use tfvalue_provider::{Context, Diagnostics, ListResource, ListResults, Listed, ResourceIdentity};
/// # use tfvalue_provider::{ApplyError, Resource};
///
/// #[derive(TfSchema)]
/// struct Bucket {
///     #[tf(requires_replace)]
///     name: Unknown<String>,
/// }
///
/// #[derive(TfSchema)]
/// struct BucketIdentity {
///     name: String,
/// }
///
/// /// `list "acme_bucket" "logs" { provider = acme; config { prefix = "logs-" } }`
/// #[derive(TfSchema)]
/// struct BucketQuery {
///     prefix: Nullable<String>,
/// }
///
/// struct Buckets;
///
/// impl ResourceIdentity for Buckets {
///     type Identity = BucketIdentity;
/// }
///
/// impl ListResource for Buckets {
///     type ListConfig = BucketQuery;
///
///     async fn list(
///         &self,
///         ctx: &mut Context<()>,
///         query: BucketQuery,
///         results: &mut ListResults<Bucket, BucketIdentity>,
///     ) -> Result<(), Diagnostics> {
///         let prefix = query.prefix.into_option().unwrap_or_default();
///         for name in ["logs-a", "logs-b", "web"].into_iter().filter(|n| n.starts_with(&prefix)) {
///             let bucket = Bucket { name: Unknown::known(name.to_owned()) };
///             let identity = self.identity(ctx, &bucket)?;
///             // `false`: the limit is reached, or Terraform stopped reading.
///             if !results.push(Listed::new(identity, name).with_state(bucket)).await? {
///                 break;
///             }
///         }
///         Ok(())
///     }
/// }
/// # impl Resource for Buckets {
/// #   type Model = Bucket;
/// #   type Data = ();
/// #   async fn create(&self, _: &mut Context<()>, r: tfvalue_provider::CreateRequest<Bucket>) -> Result<Bucket, ApplyError<Bucket>> { Ok(r.planned) }
/// #   async fn read(&self, _: &mut Context<()>, r: tfvalue_provider::ReadRequest<Bucket>) -> Result<Option<Bucket>, Diagnostics> { Ok(Some(r.state)) }
/// #   async fn update(&self, _: &mut Context<()>, r: tfvalue_provider::UpdateRequest<Bucket>) -> Result<Bucket, ApplyError<Bucket>> { Ok(r.planned) }
/// #   async fn delete(&self, _: &mut Context<()>, _: tfvalue_provider::DeleteRequest<Bucket>) -> Result<(), ApplyError<Bucket>> { Ok(()) }
/// # }
/// ```
pub trait ListResource: ResourceIdentity {
    /// The `config` block of a `list` block.
    type ListConfig: Model;

    /// Checks a `list` block's configuration beyond what the schema says (values may be
    /// unknown); as [`Resource::validate`](crate::Resource::validate) does for resources.
    fn validate_list_config(
        &self,
        ctx: &mut Context<Self::Data>,
        config: &Self::ListConfig,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, config);
        async { Ok(()) }
    }

    /// Finds the objects `config` asks for and pushes each into `results` as it is found
    /// (Terraform receives it at once). Stop when [`ListResults::push`] answers `false`.
    /// An error returned ends the listing; the objects pushed before it stay listed.
    fn list(
        &self,
        ctx: &mut Context<Self::Data>,
        config: Self::ListConfig,
        results: &mut ListResults<Self::Model, Self::Identity>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;
}

/// One object a listing found: its identity, a name for people, and (when the listing
/// asks for objects, [`ListResults::wants_state`]) its state.
#[derive(Debug)]
pub struct Listed<M, I> {
    pub(crate) identity: I,
    pub(crate) display_name: String,
    pub(crate) state: Option<M>,
}

impl<M, I> Listed<M, I> {
    /// An object by its identity and the name `terraform query` shows for it.
    pub fn new(identity: I, display_name: impl Into<String>) -> Self {
        Listed {
            identity,
            display_name: display_name.into(),
            state: None,
        }
    }

    /// The object's state (wholly known), sent when the query asks for objects
    /// (`include_resource = true`, and always for `-generate-config-out`).
    #[must_use]
    pub fn with_state(mut self, state: M) -> Self {
        self.state = Some(state);
        self
    }
}

/// Where a listing's objects go: each [`ListResults::push`] sends one to Terraform, up to
/// the query's limit.
pub struct ListResults<M, I> {
    sink: Box<dyn ListSink<M, I>>,
    wants_state: bool,
    remaining: u64,
}

/// What the engine does with each listed object: encodes it and streams it to Terraform.
pub(crate) trait ListSink<M, I>: Send {
    /// Sends one object (its state only when `with_state`); `Ok(false)` when Terraform no
    /// longer reads.
    fn send<'a>(
        &'a mut self,
        found: Listed<M, I>,
        with_state: bool,
    ) -> Pin<Box<dyn Future<Output = Result<bool, Diagnostics>> + Send + 'a>>;

    /// Sends warnings; `false` when Terraform no longer reads.
    fn warn<'a>(
        &'a mut self,
        warnings: Diagnostics,
    ) -> Pin<Box<dyn Future<Output = bool> + Send + 'a>>;
}

impl<M: Model, I: Model> ListResults<M, I> {
    pub(crate) fn new(sink: Box<dyn ListSink<M, I>>, wants_state: bool, limit: u64) -> Self {
        ListResults {
            sink,
            wants_state,
            remaining: limit,
        }
    }

    /// Whether the query asks for each object's state as well as its identity; when it
    /// does not, a state given with [`Listed::with_state`] is not sent (and need not be
    /// read).
    pub fn wants_state(&self) -> bool {
        self.wants_state
    }

    /// How many more objects the query takes.
    pub fn remaining(&self) -> u64 {
        self.remaining
    }

    /// Sends `found` to Terraform. Answers whether the listing should go on: `false` once
    /// the query's limit is reached or Terraform stopped reading.
    ///
    /// # Errors
    /// The identity or state holds unknown values, or does not encode.
    pub async fn push(&mut self, found: Listed<M, I>) -> Result<bool, Diagnostics> {
        if self.remaining == 0 {
            return Ok(false);
        }
        if !self.sink.send(found, self.wants_state).await? {
            self.remaining = 0;
            return Ok(false);
        }
        self.remaining -= 1;
        Ok(self.remaining > 0)
    }

    /// Sends warnings about the listing (an object that could not be read, say) without an
    /// object; Terraform shows them and the listing goes on (an error among them ends it on
    /// Terraform's side). Paths point into the `config` block. Answers whether Terraform is
    /// still reading.
    pub async fn warn(&mut self, warnings: Diagnostics) -> bool {
        self.sink.warn(warnings).await
    }
}
