//! `random_string`: a random permutation of alphanumeric and special characters.

use tfvalue::{Nullable, TfSchema, Unknown, Upgrades, Value};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, Diagnostic, Diagnostics, ImportRequest, Plan, Resource,
};

use serde_json::Map;

use super::generator::{decode, generate, params, with_settings, Params};
use super::repair::repair_settings;
use super::{keepers_replace, state_only, Keepers};

/// The deprecation of `number`, in `random_string` and `random_password`.
pub const NUMBER_DEPRECATED: &str = "**NOTE**: This is deprecated, use `numeric` instead.";

/// What `random_string` and `random_password` are configured with: the attributes
/// both declare (each flattens this struct, so the attributes are theirs).
#[derive(TfSchema, Debug, Clone)]
pub struct StringSettings {
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
}

/// A random string (cryptographic random source).
#[derive(TfSchema, Debug, Clone)]
#[tf(version = 2)]
pub struct RandomString {
    /// The settings `random_password` shares.
    #[tf(flatten)]
    pub settings: StringSettings,
    /// The generated random string.
    #[tf(computed, use_state_for_unknown)]
    pub result: Unknown<Nullable<String>>,
    /// The generated random string.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// `override_special` replaces the object when it changes, except from `""` (stored by
/// provider 3.4) to null. It cannot fail.
pub fn override_special_replace(
    prior: &Unknown<Nullable<String>>,
    planned: &Unknown<Nullable<String>>,
) -> Result<bool, std::convert::Infallible> {
    Ok(
        planned.is_known()
            && !(planned.is_null() && prior.as_value().is_some_and(String::is_empty)),
    )
}

/// Plans `number` and `numeric` alike: the one configured, or `true`; both configured
/// must agree.
pub fn plan_number_numeric(
    config: [&Unknown<Nullable<bool>>; 2],
    planned: [&mut Unknown<Nullable<bool>>; 2],
) -> Result<(), Diagnostic> {
    let value = match (config[0].as_known(), config[1].as_known()) {
        (Some(Nullable::Value(a)), Some(Nullable::Value(b))) if a != b => {
            return Err(Diagnostic::error(
                "Number and numeric are both configured with different values",
            )
            .with_detail("Number is deprecated, use numeric instead"));
        }
        (Some(Nullable::Null), Some(Nullable::Null)) => Unknown::known(Nullable::Value(true)),
        (Some(Nullable::Null), _) => config[1].clone(),
        (_, Some(Nullable::Null)) => config[0].clone(),
        _ => return Ok(()),
    };
    for p in planned {
        *p = value.clone();
    }
    Ok(())
}

/// The `random_string` resource type.
pub struct StringResource;

impl Resource for StringResource {
    type Model = RandomString;
    type Data = ();

    async fn plan(
        &self,
        _: &mut Context<()>,
        plan: &mut Plan<RandomString>,
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
        request: CreateRequest<RandomString>,
    ) -> Result<RandomString, ApplyError<RandomString>> {
        let planned = request.planned;
        let result = generate(&params!(planned.settings))?;
        Ok(RandomString {
            id: Some(result.clone()).into(),
            result: Some(result).into(),
            ..planned
        })
    }

    state_only!(RandomString);

    async fn import(
        &self,
        _: &mut Context<()>,
        request: ImportRequest,
    ) -> Result<RandomString, Diagnostics> {
        let id = request.id;
        let state = Map::from_iter([
            ("result".into(), id.clone().into()),
            ("id".into(), id.into()),
        ]);
        Ok(decode(with_settings(state))?)
    }

    /// Versions 0 and 1 differ from the current one only in the settings a state may lack.
    fn upgrades(&self) -> Upgrades<RandomString> {
        let from_old = |state: Map<String, serde_json::Value>| decode(with_settings(state));
        Upgrades::new().from(0, from_old).from(1, from_old)
    }

    /// A version-2 state with null settings (an import by provider 3.3.1 or older) gets
    /// the settings of an import.
    async fn repair_state(
        &self,
        _: &mut Context<()>,
        state: &mut Value,
    ) -> Result<(), Diagnostics> {
        Ok(repair_settings(state)?)
    }
}
