//! Data sources and ephemeral resources in the harness: what Terraform reads and opens from
//! a configuration alone.

use std::marker::PhantomData;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tfvalue::schema::Schema;
use tfvalue::Value;
use tonic::Request;

use super::client::Call;
use super::schema::registered;
use super::wire::{answer, decode, diagnostics, dynamic, joined, model_of, outcome, value_of};
use super::Harness;
use crate::protocol::proto::tfplugin6 as pb;
use crate::protocol::proto::tfplugin6::provider_server::Provider as _;
use crate::{Diagnostic, Diagnostics, Model, Provider};

/// A data source of the provider, of the model `M`: from [`Harness::data_source`].
pub struct DataSourceHandle<'h, P: Provider, M> {
    harness: &'h Harness<P>,
    type_name: String,
    model: PhantomData<fn() -> M>,
}

impl<'h, P: Provider, M: Model> DataSourceHandle<'h, P, M> {
    pub(super) fn new(harness: &'h Harness<P>, type_name: &str) -> Self {
        DataSourceHandle {
            harness,
            type_name: type_name.to_owned(),
            model: PhantomData,
        }
    }

    /// Validates a configuration (`ValidateDataResourceConfig`); answers its warnings.
    ///
    /// # Errors
    /// The answer has an error.
    pub async fn validate(&self, config: &M) -> Result<Diagnostics, Diagnostics> {
        let (schema, config) = self.config(config).await?;
        let warnings = self.validate_value(schema, &config).await?;
        self.harness.answered(warnings)
    }

    /// Reads the data source as Terraform does: validates the configuration, then
    /// `ReadDataSource`. Answers its state, which Terraform requires to be wholly known.
    ///
    /// # Errors
    /// An answer has an error, or the state is null or not wholly known.
    pub async fn read(&self, config: &M) -> Result<M, Diagnostics> {
        let (schema, config) = self.config(config).await?;
        let ty = schema.object_type();
        let validated = self.validate_value(schema, &config).await?;
        let request = pb::read_data_source::Request {
            type_name: self.type_name.clone(),
            config: Some(dynamic(&config, ty)?),
            provider_meta: None,
            client_capabilities: self.harness.capabilities(),
        };
        let read = answer(
            self.harness
                .service
                .read_data_source(Request::new(request))
                .await,
        )?;
        let warnings = joined(validated, outcome(diagnostics(read.diagnostics))?);
        let state = decode(read.state.as_ref(), ty, "data source state")?;
        if state.is_null() || !state.is_wholly_known() {
            let what = if state.is_null() {
                "a null object"
            } else {
                "unknown values"
            };
            return Err(Diagnostic::error("Provider produced invalid object")
                .with_detail(format!(
                    "The provider answered {what} for the data source {}. This is a bug in \
                     the provider.",
                    self.type_name
                ))
                .into());
        }
        self.harness.answered(warnings)?;
        model_of(&state, "Data source state does not fit the model")
    }

    async fn config(&self, config: &M) -> Result<(&'h Schema, Value), Diagnostics> {
        let schemas = self.harness.schemas().await?;
        let schema = registered::<M>(&schemas.data_sources, "data source", &self.type_name)?;
        let config = value_of(config, schema.object_type(), "Invalid configuration")?;
        Ok((schema, config))
    }

    async fn validate_value(
        &self,
        schema: &Schema,
        config: &Value,
    ) -> Result<Diagnostics, Diagnostics> {
        let request = pb::validate_data_resource_config::Request {
            type_name: self.type_name.clone(),
            config: Some(dynamic(config, schema.object_type())?),
        };
        let validated = answer(
            self.harness
                .service
                .validate_data_resource_config(Request::new(request))
                .await,
        )?;
        outcome(diagnostics(validated.diagnostics))
    }
}

/// An ephemeral resource type of the provider, of the model `M`: from
/// [`Harness::ephemeral`].
pub struct EphemeralHandle<'h, P: Provider, M> {
    harness: &'h Harness<P>,
    type_name: String,
    model: PhantomData<fn() -> M>,
}

/// An ephemeral resource the provider opened: its result, when to renew it, and the
/// private state its renewal and closing receive.
#[derive(Debug)]
pub struct Ephemeral<M> {
    result: M,
    renew_at: Option<SystemTime>,
    private: Option<Vec<u8>>,
}

impl<M> Ephemeral<M> {
    /// The result, as the configuration refers to it.
    pub fn result(&self) -> &M {
        &self.result
    }

    /// The result, as [`Ephemeral::result`].
    pub fn into_result(self) -> M {
        self.result
    }

    /// When the provider asks to be called to renew it, if it does.
    pub fn renew_at(&self) -> Option<SystemTime> {
        self.renew_at
    }

    /// The private state its renewal and closing receive.
    pub fn private(&self) -> Option<&[u8]> {
        self.private.as_deref()
    }
}

impl<'h, P: Provider, M: Model> EphemeralHandle<'h, P, M> {
    pub(super) fn new(harness: &'h Harness<P>, type_name: &str) -> Self {
        EphemeralHandle {
            harness,
            type_name: type_name.to_owned(),
            model: PhantomData,
        }
    }

    /// Validates a configuration (`ValidateEphemeralResourceConfig`); answers its
    /// warnings.
    ///
    /// # Errors
    /// The answer has an error.
    pub async fn validate(&self, config: &M) -> Result<Diagnostics, Diagnostics> {
        let (schema, config) = self.config(config).await?;
        let warnings = self.validate_value(schema, &config).await?;
        self.harness.answered(warnings)
    }

    /// Opens the ephemeral resource as Terraform does: validates the configuration, then
    /// `OpenEphemeralResource`.
    ///
    /// # Errors
    /// An answer has an error, or the result is null.
    pub async fn open(&self, config: &M) -> Result<Ephemeral<M>, Diagnostics> {
        let (schema, config) = self.config(config).await?;
        let ty = schema.object_type();
        let validated = self.validate_value(schema, &config).await?;
        let request = pb::open_ephemeral_resource::Request {
            type_name: self.type_name.clone(),
            config: Some(dynamic(&config, ty)?),
            client_capabilities: self.harness.capabilities(),
        };
        let opened = answer(
            self.harness
                .service
                .open_ephemeral_resource(Request::new(request))
                .await,
        )?;
        let warnings = joined(validated, outcome(diagnostics(opened.diagnostics))?);
        let result = decode(opened.result.as_ref(), ty, "ephemeral result")?;
        if result.is_null() {
            return Err(
                Diagnostic::error("Provider produced invalid ephemeral resource instance")
                    .with_detail(format!(
                    "The provider answered a null result for {}. This is a bug in the provider.",
                    self.type_name
                ))
                    .into(),
            );
        }
        self.harness.answered(warnings)?;
        Ok(Ephemeral {
            result: model_of(&result, "Ephemeral result does not fit the model")?,
            renew_at: opened.renew_at.map(time),
            private: opened.private,
        })
    }

    /// Renews an open ephemeral resource (`RenewEphemeralResource`, with its private
    /// state), as Terraform does once its renewal time has come; keeps the next renewal
    /// time and private state in it.
    ///
    /// # Errors
    /// The answer has an error.
    pub async fn renew(&self, open: &mut Ephemeral<M>) -> Result<(), Diagnostics> {
        let request = pb::renew_ephemeral_resource::Request {
            type_name: self.type_name.clone(),
            private: open.private.clone(),
        };
        let renewed = answer(
            self.harness
                .service
                .renew_ephemeral_resource(Request::new(request))
                .await,
        )?;
        let warnings = outcome(diagnostics(renewed.diagnostics))?;
        open.renew_at = renewed.renew_at.map(time);
        open.private = renewed.private;
        self.harness.answered(warnings).map(drop)
    }

    /// Closes an open ephemeral resource (`CloseEphemeralResource`, with its private
    /// state), as Terraform does when it no longer needs it.
    ///
    /// # Errors
    /// The answer has an error.
    pub async fn close(&self, open: Ephemeral<M>) -> Result<(), Diagnostics> {
        let request = pb::close_ephemeral_resource::Request {
            type_name: self.type_name.clone(),
            private: open.private,
        };
        let closed = answer(
            self.harness
                .service
                .close_ephemeral_resource(Request::new(request))
                .await,
        )?;
        let warnings = outcome(diagnostics(closed.diagnostics))?;
        self.harness.answered(warnings).map(drop)
    }

    async fn config(&self, config: &M) -> Result<(&'h Schema, Value), Diagnostics> {
        self.harness.reach(Call::Ephemeral, &self.type_name)?;
        let schemas = self.harness.schemas().await?;
        let schema = registered::<M>(
            &schemas.ephemeral_resources,
            "ephemeral resource type",
            &self.type_name,
        )?;
        let config = value_of(config, schema.object_type(), "Invalid configuration")?;
        Ok((schema, config))
    }

    async fn validate_value(
        &self,
        schema: &Schema,
        config: &Value,
    ) -> Result<Diagnostics, Diagnostics> {
        let request = pb::validate_ephemeral_resource_config::Request {
            type_name: self.type_name.clone(),
            config: Some(dynamic(config, schema.object_type())?),
        };
        let validated = answer(
            self.harness
                .service
                .validate_ephemeral_resource_config(Request::new(request))
                .await,
        )?;
        outcome(diagnostics(validated.diagnostics))
    }
}

/// A protocol timestamp as a time (a negative one is taken as the epoch).
fn time(t: pb::Timestamp) -> SystemTime {
    let seconds = u64::try_from(t.seconds).unwrap_or(0);
    let nanos = u32::try_from(t.nanos).unwrap_or(0);
    UNIX_EPOCH + Duration::new(seconds, nanos)
}
