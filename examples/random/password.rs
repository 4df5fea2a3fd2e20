//! `random_password`: `random_string` with a sensitive result and its bcrypt hash.

use tfvalue::{ErrorKind, Nullable, TfSchema, Unknown, Upgrades, Value as TfValue};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, Diagnostics, ImportRequest, Plan, Resource,
};

use serde_json::{Map, Value};

use super::generator::{bcrypt_hash, decode, generate, params, with_settings, Params};
use super::repair::repair_settings;
use super::string::{override_special_replace, plan_number_numeric};
use super::{keepers_replace, state_only, Keepers};

/// A random password (cryptographic random source), hidden from Terraform's output.
#[derive(TfSchema, Debug, Clone)]
#[tf(version = 3)]
pub struct Password {
    /// Arbitrary map of values that, when changed, will trigger recreation of resource.
    #[tf(requires_replace_if = keepers_replace)]
    pub keepers: Keepers,
    /// The length of the string desired: at least 1 and the sum of the `min_*` values, at
    /// most 1048576.
    #[tf(
        requires_replace,
        at_least = 1,
        at_most = 1048576,
        at_least_sum_of(min_upper, min_lower, min_numeric, min_special)
    )]
    pub length: Unknown<i64>,
    /// Include special characters (`!@#$%&*()-_=+[]{}<>:?`). Default value is `true`.
    #[tf(default = true, requires_replace)]
    pub special: Unknown<Nullable<bool>>,
    /// Include uppercase alphabet characters. Default value is `true`.
    #[tf(default = true, requires_replace)]
    pub upper: Unknown<Nullable<bool>>,
    /// Include lowercase alphabet characters. Default value is `true`.
    #[tf(default = true, requires_replace)]
    pub lower: Unknown<Nullable<bool>>,
    /// Include numeric characters. Default value is `true`. Deprecated: use `numeric`.
    #[tf(
        optional,
        computed,
        requires_replace,
        at_least_one_true(special, upper, lower)
    )]
    #[tf(deprecation_message = "**NOTE**: This is deprecated, use `numeric` instead.")]
    pub number: Unknown<Nullable<bool>>,
    /// Include numeric characters. Default value is `true`.
    #[tf(
        optional,
        computed,
        requires_replace,
        at_least_one_true(special, upper, lower)
    )]
    pub numeric: Unknown<Nullable<bool>>,
    /// Minimum number of numeric characters (at most 1048576). Default value is `0`.
    #[tf(default = 0, requires_replace, at_most = 1048576)]
    pub min_numeric: Unknown<Nullable<i64>>,
    /// Minimum number of uppercase alphabet characters (at most 1048576). Default value is `0`.
    #[tf(default = 0, requires_replace, at_most = 1048576)]
    pub min_upper: Unknown<Nullable<i64>>,
    /// Minimum number of lowercase alphabet characters (at most 1048576). Default value is `0`.
    #[tf(default = 0, requires_replace, at_most = 1048576)]
    pub min_lower: Unknown<Nullable<i64>>,
    /// Minimum number of special characters (at most 1048576). Default value is `0`.
    #[tf(default = 0, requires_replace, at_most = 1048576)]
    pub min_special: Unknown<Nullable<i64>>,
    /// Your own list of special characters (used only when `special` is true).
    #[tf(requires_replace_if = override_special_replace)]
    pub override_special: Unknown<Nullable<String>>,
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
        let p = &mut plan.planned;
        Ok(plan_number_numeric(
            [&plan.config.number, &plan.config.numeric],
            [&mut p.number, &mut p.numeric],
        )?)
    }

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Password>,
    ) -> Result<Password, ApplyError<Password>> {
        let planned = request.planned;
        let result = generate(&params!(planned))?;
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
