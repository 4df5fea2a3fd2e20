//! One request through one typed ephemeral resource: decoding its configuration, calling
//! the author's method, encoding the result, and turning every failure into diagnostics
//! (as `resource.rs` does for resources and data sources). The registry keeps ephemeral
//! resource types behind the object-safe trait here.

use std::time::SystemTime;

use tfvalue::schema::Schema;
use tfvalue::{TfSchema, UnknownPaths};

use crate::author::context::Context;
use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::ephemeral_resource::EphemeralResource;
use crate::author::requests::{OpenRequest, ValidateRequest};
use crate::engine::call::{finish, validate_config, BoxFuture};
use crate::protocol::codec::{decode_config, encode_model};
use crate::protocol::messages::{
    CloseEphemeralResourceRequest, CloseEphemeralResourceResponse, DynamicValue,
    OpenEphemeralResourceRequest, OpenEphemeralResourceResponse, RenewEphemeralResourceRequest,
    RenewEphemeralResourceResponse, ValidateEphemeralResourceConfigRequest,
    ValidateEphemeralResourceConfigResponse,
};

/// An ephemeral resource type, whatever its model. Every method answers one RPC; the
/// diagnostics of its response are the provider's, with the paths as it set them (the
/// dispatch cuts them for Terraform). Renew and close get the private data of the request
/// in their context.
pub(crate) trait ErasedEphemeralResource<D>: Send + Sync {
    fn schema(&self) -> &'static Schema;
    fn validate<'a>(
        &'a self,
        ctx: Context<D>,
        request: ValidateEphemeralResourceConfigRequest,
    ) -> BoxFuture<'a, ValidateEphemeralResourceConfigResponse>;
    fn open<'a>(
        &'a self,
        ctx: Context<D>,
        request: OpenEphemeralResourceRequest,
    ) -> BoxFuture<'a, OpenEphemeralResourceResponse>;
    fn renew<'a>(
        &'a self,
        ctx: Context<D>,
        request: RenewEphemeralResourceRequest,
    ) -> BoxFuture<'a, RenewEphemeralResourceResponse>;
    fn close<'a>(
        &'a self,
        ctx: Context<D>,
        request: CloseEphemeralResourceRequest,
    ) -> BoxFuture<'a, CloseEphemeralResourceResponse>;
}

/// An ephemeral resource type behind [`ErasedEphemeralResource`].
pub(crate) struct EphemeralOf<E>(pub(crate) E);

impl<E: EphemeralResource> ErasedEphemeralResource<E::Data> for EphemeralOf<E> {
    fn schema(&self) -> &'static Schema {
        E::Model::schema()
    }

    fn validate<'a>(
        &'a self,
        ctx: Context<E::Data>,
        request: ValidateEphemeralResourceConfigRequest,
    ) -> BoxFuture<'a, ValidateEphemeralResourceConfigResponse> {
        Box::pin(async move {
            let diagnostics = validate_config::<E::Data, E::Model, _, _>(
                ctx,
                request.config,
                move |mut ctx, model| async move {
                    let result = self.0.validate(&mut ctx, ValidateRequest::new(model)).await;
                    (ctx, result)
                },
            )
            .await;
            ValidateEphemeralResourceConfigResponse { diagnostics }
        })
    }

    fn open<'a>(
        &'a self,
        mut ctx: Context<E::Data>,
        request: OpenEphemeralResourceRequest,
    ) -> BoxFuture<'a, OpenEphemeralResourceResponse> {
        Box::pin(async move {
            let result: Result<(DynamicValue, Option<SystemTime>), Diagnostics> = async {
                let config = decode_config::<E::Model>(request.config.as_ref())?;
                // Terraform opens only what it knows in full; anything else is a request
                // no result could answer.
                if let Some(first) = config.unknown_paths().into_iter().next() {
                    return Err(Diagnostic::error("Configuration not wholly known")
                        .with_detail(
                            "An ephemeral resource is opened with a wholly known \
                             configuration, but this value is unknown.",
                        )
                        .at(first)
                        .into());
                }
                let opened = self.0.open(&mut ctx, OpenRequest::new(config)).await?;
                let result = encode_model(&opened.result, "ephemeral resource result", true)?;
                Ok((result, opened.renew_at))
            }
            .await;
            match finish(ctx, result) {
                (Some((result, renew_at)), diagnostics, private) => OpenEphemeralResourceResponse {
                    diagnostics,
                    renew_at,
                    result: Some(result),
                    private: Some(private),
                },
                (None, diagnostics, _) => OpenEphemeralResourceResponse {
                    diagnostics,
                    ..OpenEphemeralResourceResponse::default()
                },
            }
        })
    }

    fn renew<'a>(
        &'a self,
        mut ctx: Context<E::Data>,
        _: RenewEphemeralResourceRequest,
    ) -> BoxFuture<'a, RenewEphemeralResourceResponse> {
        Box::pin(async move {
            let result = self.0.renew(&mut ctx).await;
            match finish(ctx, result) {
                (Some(renew_at), diagnostics, private) => RenewEphemeralResourceResponse {
                    diagnostics,
                    renew_at,
                    private: Some(private),
                },
                (None, diagnostics, _) => RenewEphemeralResourceResponse {
                    diagnostics,
                    ..RenewEphemeralResourceResponse::default()
                },
            }
        })
    }

    fn close<'a>(
        &'a self,
        mut ctx: Context<E::Data>,
        _: CloseEphemeralResourceRequest,
    ) -> BoxFuture<'a, CloseEphemeralResourceResponse> {
        Box::pin(async move {
            let result = self.0.close(&mut ctx).await;
            let (_, diagnostics, _) = finish(ctx, result);
            CloseEphemeralResourceResponse { diagnostics }
        })
    }
}
