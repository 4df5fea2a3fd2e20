//! `random_password`: `random_string` with a sensitive result and its bcrypt hash.

use tfvalue::{ErrorKind, Nullable, TfSchema, Unknown, Upgrades, Value as TfValue};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, Diagnostics, ImportRequest, Plan, Resource,
};

use serde_json::{Map, Value};

use super::generator::{bcrypt_hash, decode, generate, params, with_settings, Params};
use super::repair::repair_settings;
use super::state_only;
use super::string::{plan_number_numeric, StringSettings};

/// A random password (cryptographic random source), hidden from Terraform's output.
#[derive(TfSchema, Debug, Clone)]
#[tf(version = 3)]
pub struct Password {
    /// The settings `random_string` shares.
    #[tf(flatten)]
    pub settings: StringSettings,
    /// The generated random string.
    #[tf(computed, sensitive, use_state_for_unknown)]
    pub result: Unknown<Nullable<String>>,
    /// A bcrypt hash of the result (of its first 72 bytes when it is longer).
    #[tf(computed, sensitive, use_state_for_unknown)]
    pub bcrypt_hash: Unknown<Nullable<String>>,
    /// A static value used internally by Terraform.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// The `random_password` resource type.
pub struct PasswordResource;

impl Resource for PasswordResource {
    type Model = Password;
    type Data = ();

    async fn plan(
        &self,
        _: &mut Context<()>,
        plan: &mut Plan<Password>,
    ) -> Result<(), Diagnostics> {
        let (config, p) = (&plan.config.settings, &mut plan.planned.settings);
        Ok(plan_number_numeric(
            [&config.number, &config.numeric],
            [&mut p.number, &mut p.numeric],
        )?)
    }

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Password>,
    ) -> Result<Password, ApplyError<Password>> {
        let planned = request.planned;
        let result = generate(&params!(planned.settings))?;
        let hash = bcrypt_hash(&result)?;
        Ok(Password {
            bcrypt_hash: Some(hash).into(),
            id: Some("none".to_owned()).into(),
            result: Some(result).into(),
            ..planned
        })
    }

    state_only!(Password);

    async fn import(
        &self,
        _: &mut Context<()>,
        request: ImportRequest,
    ) -> Result<Password, Diagnostics> {
        let id = request.id;
        let hash = bcrypt_hash(&id)?;
        let state = Map::from_iter([
            ("result".into(), id.into()),
            ("id".into(), "none".into()),
            ("bcrypt_hash".into(), hash.into()),
        ]);
        Ok(decode(with_settings(state))?)
    }

    /// Versions 0 to 2: the settings a state may lack, and a fresh hash where version 0 had
    /// none and version 2 (provider 3.4) may have stored a wrong one.
    fn upgrades(&self) -> Upgrades<Password> {
        Upgrades::new()
            .from(0, |state| from_old(0, state))
            .from(1, |state| from_old(1, state))
            .from(2, |state| from_old(2, state))
    }

    /// A version-3 state with null settings gets the settings of an import, and a hash of
    /// its result when `bcrypt_hash` is null too.
    async fn repair_state(
        &self,
        _: &mut Context<()>,
        state: &mut TfValue,
    ) -> Result<(), Diagnostics> {
        repair_settings(state)?;
        let result = state
            .attr("result")
            .and_then(TfValue::as_str)
            .map(str::to_owned);
        if let (Some(result), Some(hash)) = (result, state.attr_mut("bcrypt_hash")) {
            if hash.is_null() {
                *hash = TfValue::String(bcrypt_hash(&result)?);
            }
        }
        Ok(())
    }
}

/// A `random_password` state of schema `version` (0 to 2) as the current model.
fn from_old(version: i64, state: Map<String, Value>) -> tfvalue::Result<Password> {
    let mut state = with_settings(state);
    let result = state
        .get("result")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let stored = state
        .get("bcrypt_hash")
        .and_then(Value::as_str)
        .unwrap_or("");
    let custom = |text: String| tfvalue::Error::new(ErrorKind::Custom, text);
    // Version 0 had no hash; version 2 (provider 3.4) may have stored a wrong one.
    let fresh = match version {
        0 => true,
        2 => !bcrypt::verify(&result, stored).map_err(|e| {
            custom(format!(
                "An unexpected error occurred when comparing the state version 2 password and \
                 bcrypt hash. This is always an issue in the provider and should be reported \
                 to the provider developers.\n\nOriginal Error: {e}"
            ))
            .in_attr("bcrypt_hash")
        })?,
        _ => false,
    };
    if fresh {
        let hash = bcrypt_hash(&result).map_err(|d| custom(d.detail().to_owned()))?;
        state.insert("bcrypt_hash".into(), hash.into());
    }
    decode(state)
}
