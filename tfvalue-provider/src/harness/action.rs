//! Actions in the harness: what `terraform apply -invoke=action.<type>.<name>` asks of the
//! provider.

use std::marker::PhantomData;

use tfvalue::schema::Schema;
use tfvalue::Value;
use tokio_stream::StreamExt as _;
use tonic::Request;

use super::client::Call;
use super::schema::registered;
use super::wire::{answer, diagnostics, dynamic, joined, outcome, value_of};
use super::Harness;
use crate::protocol::proto::tfplugin6 as pb;
use crate::protocol::proto::tfplugin6::provider_server::Provider as _;
use crate::{Diagnostic, Diagnostics, Model, Provider};

/// An action type of the provider, of the model `M` (its `config` block): from
/// [`Harness::action`].
pub struct ActionHandle<'h, P: Provider, M> {
    harness: &'h Harness<P>,
    type_name: String,
    model: PhantomData<fn() -> M>,
}

/// What an invocation that succeeded reported.
#[derive(Debug)]
#[non_exhaustive]
pub struct Invoked {
    /// Its progress messages, in order.
    pub progress: Vec<String>,
    /// The warnings of the validation, the plan and the invocation.
    pub warnings: Diagnostics,
}

/// What an invocation that failed reported: the progress it sent before it failed (none
/// when the validation or the plan failed), and the diagnostics, errors and warnings. `?`
/// turns it into its diagnostics.
#[derive(Debug)]
#[non_exhaustive]
pub struct InvokeFailed {
    /// The progress messages sent before the failure, in order.
    pub progress: Vec<String>,
    /// The errors, with the warnings given before them.
    pub diagnostics: Diagnostics,
}

impl From<Diagnostics> for InvokeFailed {
    fn from(diagnostics: Diagnostics) -> Self {
        InvokeFailed {
            progress: Vec::new(),
            diagnostics,
        }
    }
}

impl From<InvokeFailed> for Diagnostics {
    fn from(failed: InvokeFailed) -> Self {
        failed.diagnostics
    }
}

impl<'h, P: Provider, M: Model> ActionHandle<'h, P, M> {
    pub(super) fn new(harness: &'h Harness<P>, type_name: &str) -> Self {
        ActionHandle {
            harness,
            type_name: type_name.to_owned(),
            model: PhantomData,
        }
    }

    /// Validates a configuration (`ValidateActionConfig`); answers its warnings.
    ///
    /// # Errors
    /// The answer has an error.
    pub async fn validate(&self, config: &M) -> Result<Diagnostics, Diagnostics> {
        let (schema, config) = self.config(config).await?;
        let warnings = self.validate_value(schema, &config).await?;
        self.harness.answered(warnings)
    }

    /// Plans the action as Terraform does while it plans a run that invokes it:
    /// `ValidateActionConfig`, then `PlanAction`. Answers the warnings.
    ///
    /// # Errors
    /// An answer has an error.
    pub async fn plan(&self, config: &M) -> Result<Diagnostics, Diagnostics> {
        let (schema, config) = self.config(config).await?;
        let warnings = self.plan_value(schema, &config).await?;
        self.harness.answered(warnings)
    }

    /// Invokes the action as `terraform apply -invoke` does: validates and plans it, then
    /// `InvokeAction`, whose progress is read as it streams. The configuration must be
    /// wholly known, as Terraform's is when it invokes.
    ///
    /// # Errors
    /// An answer has an error (the invocation's completion included: the progress sent
    /// before it is in the [`InvokeFailed`]), or the invocation's stream ended without its
    /// completion.
    pub async fn invoke(&self, config: &M) -> Result<Invoked, InvokeFailed> {
        let (schema, config) = self.config(config).await?;
        let planned = self.plan_value(schema, &config).await?;
        let request = pb::invoke_action::Request {
            action_type: self.type_name.clone(),
            config: Some(dynamic(&config, schema.object_type())?),
            client_capabilities: self.harness.capabilities(),
        };
        let mut events = answer(
            self.harness
                .service
                .invoke_action(Request::new(request))
                .await,
        )?;
        let mut progress = Vec::new();
        while let Some(event) = events.next().await {
            let event = match event {
                Ok(event) => event,
                Err(status) => {
                    let failed = Diagnostic::error("The invocation failed")
                        .with_detail(status.message().to_owned());
                    return Err(InvokeFailed {
                        progress,
                        diagnostics: failed.into(),
                    });
                }
            };
            match event.r#type {
                Some(pb::invoke_action::event::Type::Progress(p)) => progress.push(p.message),
                Some(pb::invoke_action::event::Type::Completed(completed)) => {
                    let answered = joined(planned, diagnostics(completed.diagnostics));
                    if answered.has_errors() {
                        return Err(InvokeFailed {
                            progress,
                            diagnostics: answered,
                        });
                    }
                    return Ok(Invoked {
                        progress,
                        warnings: self.harness.answered(answered)?,
                    });
                }
                None => {}
            }
        }
        let unfinished = Diagnostic::error("The invocation failed").with_detail(format!(
            "The provider's InvokeAction stream for the action type {} ended without its \
             completion (after {} progress messages). This is a bug in the provider.",
            self.type_name,
            progress.len()
        ));
        Err(InvokeFailed {
            progress,
            diagnostics: unfinished.into(),
        })
    }

    async fn config(&self, config: &M) -> Result<(&'h Schema, Value), Diagnostics> {
        self.harness.reach(Call::Action, &self.type_name)?;
        let schemas = self.harness.schemas().await?;
        let schema = registered::<M>(&schemas.actions, "action type", &self.type_name)?;
        let config = value_of(config, schema.object_type(), "Invalid configuration")?;
        Ok((schema, config))
    }

    async fn validate_value(
        &self,
        schema: &Schema,
        config: &Value,
    ) -> Result<Diagnostics, Diagnostics> {
        let request = pb::validate_action_config::Request {
            type_name: self.type_name.clone(),
            config: Some(dynamic(config, schema.object_type())?),
        };
        let validated = answer(
            self.harness
                .service
                .validate_action_config(Request::new(request))
                .await,
        )?;
        outcome(diagnostics(validated.diagnostics))
    }

    async fn plan_value(
        &self,
        schema: &Schema,
        config: &Value,
    ) -> Result<Diagnostics, Diagnostics> {
        let validated = self.validate_value(schema, config).await?;
        let request = pb::plan_action::Request {
            action_type: self.type_name.clone(),
            config: Some(dynamic(config, schema.object_type())?),
            client_capabilities: self.harness.capabilities(),
        };
        let planned = answer(
            self.harness
                .service
                .plan_action(Request::new(request))
                .await,
        )?;
        Ok(joined(
            validated,
            outcome(diagnostics(planned.diagnostics))?,
        ))
    }
}
