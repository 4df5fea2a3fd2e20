//! One `list` block's query through one typed [`ListResource`]: validating its
//! configuration, and running the listing as a task of its own whose objects stream to
//! Terraform through a bounded channel as they are found.

use std::sync::Arc;

use tfvalue::schema::{Block, Schema};
use tfvalue::TfSchema;
use tokio::sync::mpsc;
use tracing::Instrument as _;

use crate::author::context::Context;
use crate::author::diagnostics::Diagnostics;
use crate::author::list_resource::{ListResource, ListResults, ListSink, Listed};
use crate::author::model::Model;
use crate::engine::call::{finish, task_failure, validate_config, BoxFuture};
use crate::protocol::codec::decode_config;
use crate::protocol::codec::encode_model;
use crate::protocol::messages::{
    ListEvents, ListResourceEvent, ListResourceRequest, ListResourceResponse,
    ValidateListResourceConfigRequest, ValidateListResourceConfigResponse,
};

/// How many found objects may wait for Terraform to read them before the listing waits.
pub(crate) const LIST_BUFFER: usize = 16;

/// A list resource type, whatever its models.
pub(crate) trait ErasedList<D>: Send + Sync {
    /// The schema of a `list` block's `config` block.
    fn schema(&self) -> &'static Schema;

    fn validate<'a>(
        &'a self,
        ctx: Context<D>,
        request: ValidateListResourceConfigRequest,
    ) -> BoxFuture<'a, ValidateListResourceConfigResponse>;

    /// Starts the listing: its objects arrive on the answer's channel. A configuration that
    /// does not decode is answered at once.
    fn start(
        self: Arc<Self>,
        ctx: Context<D>,
        request: ListResourceRequest,
    ) -> ListResourceResponse;
}

/// A registered list resource.
pub(crate) struct ListOf<L>(pub(crate) Arc<L>);

impl<L: ListResource> ErasedList<L::Data> for ListOf<L> {
    fn schema(&self) -> &'static Schema {
        L::ListConfig::schema()
    }

    fn validate<'a>(
        &'a self,
        ctx: Context<L::Data>,
        request: ValidateListResourceConfigRequest,
    ) -> BoxFuture<'a, ValidateListResourceConfigResponse> {
        Box::pin(async move {
            let diagnostics = validate_config::<L::Data, L::ListConfig, _, _>(
                ctx,
                request.config,
                move |mut ctx, config| async move {
                    let result = self.0.validate_list_config(&mut ctx, &config).await;
                    (ctx, result)
                },
            )
            .await;
            ValidateListResourceConfigResponse { diagnostics }
        })
    }

    fn start(
        self: Arc<Self>,
        mut ctx: Context<L::Data>,
        request: ListResourceRequest,
    ) -> ListResourceResponse {
        let block = &L::ListConfig::schema().block;
        let config = match decode_config::<L::ListConfig>(request.config.as_ref()) {
            Ok(config) => config,
            Err(diagnostics) => {
                return ListResourceResponse {
                    events: ListEvents(None),
                    diagnostics: diagnostics.for_terraform(Some(block)),
                }
            }
        };
        // Terraform reads no more than `limit` objects (none for a limit of zero or less).
        let limit = u64::try_from(request.limit).unwrap_or(0);
        let (sender, receiver) = mpsc::channel(LIST_BUFFER);
        if limit > 0 {
            let closing = sender.clone();
            let sink = EventSink {
                events: sender,
                config: block,
            };
            let mut results =
                ListResults::new(Box::new(sink), request.include_resource_object, limit);
            // In the RPC's span, like every other call's work.
            let listing = tokio::spawn(
                async move {
                    let result = self.0.list(&mut ctx, config, &mut results).await;
                    finish(ctx, result).1
                }
                .instrument(tracing::Span::current()),
            );
            tokio::spawn(async move {
                let diagnostics = match listing.await {
                    Ok(diagnostics) => diagnostics,
                    Err(error) => task_failure("ListResource", error),
                };
                if !diagnostics.is_empty() {
                    let event = ListResourceEvent {
                        diagnostics: diagnostics.for_terraform(Some(block)),
                        ..ListResourceEvent::default()
                    };
                    // Ignored: Terraform no longer reading is no one's error.
                    let _ = closing.send(event).await;
                }
            });
        }
        ListResourceResponse {
            events: ListEvents(Some(receiver)),
            diagnostics: Diagnostics::new(),
        }
    }
}

/// The listed objects' way to Terraform: each encoded as a `ListResource` event.
struct EventSink {
    events: mpsc::Sender<ListResourceEvent>,
    /// The `config` block's schema, which the warnings' paths point into.
    config: &'static Block,
}

impl<M: Model, I: Model> ListSink<M, I> for EventSink {
    fn send<'a>(
        &'a mut self,
        found: Listed<M, I>,
        with_state: bool,
    ) -> BoxFuture<'a, Result<bool, Diagnostics>> {
        Box::pin(async move {
            let identity = encode_model(&found.identity, "listed identity", true)?;
            let resource_object = match found.state {
                Some(state) if with_state => Some(encode_model(&state, "listed object", true)?),
                _ => None,
            };
            let event = ListResourceEvent {
                identity: Some(identity),
                display_name: found.display_name,
                resource_object,
                diagnostics: Diagnostics::new(),
            };
            Ok(self.events.send(event).await.is_ok())
        })
    }

    fn warn<'a>(&'a mut self, warnings: Diagnostics) -> BoxFuture<'a, bool> {
        Box::pin(async move {
            let event = ListResourceEvent {
                diagnostics: warnings.for_terraform(Some(self.config)),
                ..ListResourceEvent::default()
            };
            self.events.send(event).await.is_ok()
        })
    }
}
