//! The ephemeral `random_password`: a password that no plan or state holds.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{Context, Diagnostics, EphemeralResource, OpenRequest, Opened};

use super::generator::{bcrypt_hash, generate, params, Params};

/// An ephemeral password (cryptographic random source), for write-only arguments.
#[derive(TfSchema, Debug)]
pub struct EphemeralPasswordModel {
    /// The length of the string desired: at least 1 and the sum of the `min_*` values, at
    /// most 1048576.
    #[tf(
        at_least = 1,
        at_most = 1048576,
        at_least_sum_of(min_upper, min_lower, min_numeric, min_special)
    )]
    pub length: Unknown<i64>,
    /// Include special characters (`!@#$%&*()-_=+[]{}<>:?`). Default value is `true`.
    #[tf(optional, computed)]
    pub special: Unknown<Nullable<bool>>,
    /// Include uppercase alphabet characters. Default value is `true`.
    #[tf(optional, computed)]
    pub upper: Unknown<Nullable<bool>>,
    /// Include lowercase alphabet characters. Default value is `true`.
    #[tf(optional, computed)]
    pub lower: Unknown<Nullable<bool>>,
    /// Include numeric characters. Default value is `true`.
    #[tf(optional, computed, at_least_one_true(special, upper, lower))]
    pub numeric: Unknown<Nullable<bool>>,
    /// Minimum number of numeric characters (at most 1048576). Default value is `0`.
    #[tf(optional, computed, at_most = 1048576)]
    pub min_numeric: Unknown<Nullable<i64>>,
    /// Minimum number of uppercase alphabet characters (at most 1048576). Default value is `0`.
    #[tf(optional, computed, at_most = 1048576)]
    pub min_upper: Unknown<Nullable<i64>>,
    /// Minimum number of lowercase alphabet characters (at most 1048576). Default value is `0`.
    #[tf(optional, computed, at_most = 1048576)]
    pub min_lower: Unknown<Nullable<i64>>,
    /// Minimum number of special characters (at most 1048576). Default value is `0`.
    #[tf(optional, computed, at_most = 1048576)]
    pub min_special: Unknown<Nullable<i64>>,
    /// Your own list of special characters (used only when `special` is true).
    pub override_special: Unknown<Nullable<String>>,
    /// The generated random string.
    #[tf(computed, sensitive)]
    pub result: Unknown<Nullable<String>>,
    /// A bcrypt hash of the result (of its first 72 bytes when it is longer).
    #[tf(computed, sensitive)]
    pub bcrypt_hash: Unknown<Nullable<String>>,
}

/// The ephemeral `random_password` type.
pub struct EphemeralPassword;

impl EphemeralResource for EphemeralPassword {
    type Model = EphemeralPasswordModel;
    type Data = ();

    async fn open(
        &self,
        _: &mut Context<()>,
        request: OpenRequest<EphemeralPasswordModel>,
    ) -> Result<Opened<EphemeralPasswordModel>, Diagnostics> {
        let m = request.config;
        let p = params!(m);
        let result = generate(&p)?;
        let [upper, lower, numeric, special] = p.classes.map(|b| Some(b).into());
        let [min_upper, min_lower, min_numeric, min_special] = p.minimums.map(|n| Some(n).into());
        Ok(Opened::new(EphemeralPasswordModel {
            bcrypt_hash: Some(bcrypt_hash(&result)?).into(),
            result: Some(result).into(),
            special,
            upper,
            lower,
            numeric,
            min_numeric,
            min_upper,
            min_lower,
            min_special,
            ..m
        }))
    }
}
