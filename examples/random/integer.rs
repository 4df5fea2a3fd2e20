//! `random_integer`: a random integer in a range.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, Diagnostic, Diagnostics, ImportRequest, Resource,
};

use super::generator::Seeded;
use super::{keepers_replace, state_only, Keepers};

/// A random integer from `min` to `max`.
#[derive(TfSchema, Debug, Clone)]
pub struct Integer {
    /// Arbitrary map of values that, when changed, will trigger recreation of resource.
    #[tf(requires_replace_if = keepers_replace)]
    pub keepers: Keepers,
    /// The minimum inclusive value of the range.
    #[tf(requires_replace)]
    pub min: Unknown<i64>,
    /// The maximum inclusive value of the range.
    #[tf(requires_replace)]
    pub max: Unknown<i64>,
    /// A custom seed to always produce the same value.
    #[tf(requires_replace)]
    pub seed: Unknown<Nullable<String>>,
    /// The random integer result.
    #[tf(computed, use_state_for_unknown)]
    pub result: Unknown<Nullable<i64>>,
    /// The string representation of the integer result.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// The `random_integer` resource type.
pub struct IntegerResource;

fn import_error(detail: String) -> Diagnostics {
    Diagnostic::error("Import Random Integer Error")
        .with_detail(detail)
        .into()
}

impl Resource for IntegerResource {
    type Model = Integer;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Integer>,
    ) -> Result<Integer, ApplyError<Integer>> {
        let planned = request.planned;
        let bounds = planned
            .min
            .as_known()
            .zip(planned.max.as_known())
            .filter(|(a, b)| a <= b);
        let Some((&min, &max)) = bounds else {
            return Err(Diagnostic::error("Create Random Integer Error")
                .with_detail("The minimum (minVal) value needs to be smaller than or equal to maximum (maxVal) value.")
                .into());
        };
        let seed = planned.seed.as_value().map_or("", String::as_str);
        let number = Seeded::new(seed)?.int_in(min, max);
        Ok(Integer {
            result: Some(number).into(),
            id: Some(number.to_string()).into(),
            ..planned
        })
    }

    state_only!(Integer);

    async fn import(
        &self,
        _: &mut Context<()>,
        request: ImportRequest,
    ) -> Result<Integer, Diagnostics> {
        let parts: Vec<&str> = request.id.split(',').collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(import_error(
                "Invalid import usage: expecting {result},{min},{max} or {result},{min},{max},{seed}".into(),
            ));
        }
        let mut numbers = [0_i64; 3];
        for (i, what) in ["value", "min value", "max value"].iter().enumerate() {
            numbers[i] = parts[i].parse().map_err(|e| {
                import_error(format!(
                    "The {what} supplied could not be parsed as an integer.\n\nOriginal Error: {e}"
                ))
            })?;
        }
        Ok(Integer {
            keepers: Unknown::known(Nullable::Null),
            min: numbers[1].into(),
            max: numbers[2].into(),
            seed: Unknown::known(parts.get(3).map(|s| (*s).to_owned()).into()),
            result: Some(numbers[0]).into(),
            id: Some(parts[0].to_owned()).into(),
        })
    }
}
