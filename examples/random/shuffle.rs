//! `random_shuffle`: a random permutation of a list of strings.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, Diagnostic, Diagnostics, Resource, ValidateRequest,
};

use super::generator::Seeded;
use super::limits::{at_most, MAX_REPEATED_TEXT, MAX_RESULT_COUNT};
use super::{keepers_replace, state_only, Keepers};

/// A random permutation of `input`.
#[derive(TfSchema, Debug, Clone)]
pub struct Shuffle {
    /// Arbitrary map of values that, when changed, will trigger recreation of resource.
    #[tf(requires_replace_if = keepers_replace)]
    pub keepers: Keepers,
    /// Seed of the random generator, for less volatile permutations (not fixed forever).
    #[tf(requires_replace)]
    pub seed: Unknown<Nullable<String>>,
    /// The list of strings to shuffle.
    #[tf(requires_replace)]
    pub input: Unknown<Vec<Unknown<Nullable<String>>>>,
    /// The number of results (the length of `input` when not set, at most 65536); items
    /// repeat, but not more often than the input's length allows, into at most 16 MiB.
    #[tf(requires_replace, at_most = 65536)]
    pub result_count: Unknown<Nullable<i64>>,
    /// Random permutation of the list of strings given in `input`.
    #[tf(computed, use_state_for_unknown)]
    pub result: Unknown<Nullable<Vec<Nullable<String>>>>,
    /// A static value used internally by Terraform.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// The number of items of the result, for the known items of `input`: `result_count`
/// (at most [`MAX_RESULT_COUNT`]), or the input's length when not set. A result longer
/// than the input repeats its items; an error at `result_count` when it could then hold
/// more than [`MAX_REPEATED_TEXT`] bytes (`result_count` times the longest item).
pub fn result_len(input: &[&str], result_count: Option<i64>) -> Result<usize, Diagnostic> {
    let Some(n) = result_count else {
        return Ok(input.len());
    };
    let count = at_most(Some(n), MAX_RESULT_COUNT, "result_count")?;
    let longest = input.iter().map(|s| s.len()).max().unwrap_or(0);
    let most = (count as u64).saturating_mul(longest as u64);
    if count > input.len() && most > MAX_REPEATED_TEXT {
        return Err(Diagnostic::error("Invalid Attribute Value")
            .with_detail(format!(
                "Attribute result_count value {count} repeats the {} items of input into up \
                 to {most} bytes ({count} times the longest item's {longest}); a result may \
                 repeat items into at most {MAX_REPEATED_TEXT} bytes (16 MiB)",
                input.len()
            ))
            .at("result_count"));
    }
    Ok(count)
}

/// The known items of `input` (unknown ones are left out; a null item counts as empty).
fn known_items(input: &Unknown<Vec<Unknown<Nullable<String>>>>) -> Vec<&str> {
    input
        .as_known()
        .into_iter()
        .flatten()
        .filter_map(|s| {
            s.as_known()
                .map(|s| s.as_value().map_or("", String::as_str))
        })
        .collect()
}

/// The `random_shuffle` resource type.
pub struct ShuffleResource;

impl Resource for ShuffleResource {
    type Model = Shuffle;
    type Data = ();

    /// Refuses a `result_count` whose repetitions would exceed [`MAX_REPEATED_TEXT`], once
    /// `input` is known (its bound is the declared validator's).
    async fn validate(
        &self,
        _: &mut Context<()>,
        request: ValidateRequest<Shuffle>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        // A count above its bound is the declared validator's error, not repeated here.
        let count = config.result_count.as_value().copied();
        if count.is_some_and(|n| n > MAX_RESULT_COUNT) {
            return Ok(());
        }
        if config
            .input
            .as_known()
            .is_some_and(|v| v.iter().all(Unknown::is_known))
        {
            result_len(&known_items(&config.input), count)?;
        }
        Ok(())
    }

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Shuffle>,
    ) -> Result<Shuffle, ApplyError<Shuffle>> {
        let planned = request.planned;
        let input: Vec<Nullable<String>> = planned
            .input
            .as_known()
            .into_iter()
            .flatten()
            .filter_map(|s| s.as_known().cloned())
            .collect();
        let count = result_len(
            &known_items(&planned.input),
            planned.result_count.as_value().copied(),
        )?;
        let mut result = Vec::with_capacity(if input.is_empty() { 0 } else { count });
        if !input.is_empty() {
            // As upstream: one whole permutation per batch, taken until the count is reached.
            let mut rng = Seeded::new(planned.seed.as_value().map_or("", String::as_str))?;
            while result.len() < count {
                let order = rng.perm(input.len());
                result.extend(
                    order
                        .iter()
                        .take(count - result.len())
                        .map(|&i| input[i].clone()),
                );
            }
        }
        Ok(Shuffle {
            result: Some(result).into(),
            id: Some("-".to_owned()).into(),
            ..planned
        })
    }

    state_only!(Shuffle);
}

#[cfg(test)]
mod tests {
    use super::result_len;
    use tfvalue::AttributePath;

    #[test]
    fn results_are_bounded_in_items_and_repeated_text() {
        let five = ["a", "b", "c", "d", "e"];
        assert_eq!(result_len(&five, None), Ok(5));
        assert_eq!(result_len(&five, Some(12)), Ok(12));
        assert_eq!(result_len(&five, Some(-3)), Ok(0));
        assert_eq!(result_len(&[], Some(65_536)), Ok(65_536));
        let e = result_len(&five, Some(1_000_000_000_000)).unwrap_err();
        assert_eq!(
            e.detail(),
            "Attribute result_count value must be at most 65536, got: 1000000000000"
        );
        assert_eq!(
            e.attribute(),
            Some(&AttributePath::root().attr("result_count"))
        );
        // Repetition: 65,536 items of 256 bytes is exactly 16 MiB; one byte more is refused.
        let item = "x".repeat(256);
        let long = [item.as_str(), "y"];
        assert_eq!(result_len(&long, Some(65_536)), Ok(65_536));
        let longer = "x".repeat(257);
        let e = result_len(&[longer.as_str(), "y"], Some(65_536)).unwrap_err();
        assert_eq!(
            e.detail(),
            "Attribute result_count value 65536 repeats the 2 items of input into up to \
             16842752 bytes (65536 times the longest item's 257); a result may repeat items \
             into at most 16777216 bytes (16 MiB)"
        );
        assert_eq!(
            e.attribute(),
            Some(&AttributePath::root().attr("result_count"))
        );
        // Without repetition the result is the input's own size, whatever it is.
        let big = "z".repeat(1 << 20);
        let items: Vec<&str> = vec![big.as_str(); 20];
        assert_eq!(result_len(&items, Some(20)), Ok(20));
        assert_eq!(result_len(&items, None), Ok(20));
    }
}
