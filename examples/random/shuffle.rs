//! `random_shuffle`: a random permutation of a list of strings.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{ApplyError, Context, Resource};

use super::generator::Seeded;
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
    /// The number of results (the length of `input` when not set); items repeat, but
    /// not more often than the input's length allows.
    #[tf(requires_replace)]
    pub result_count: Unknown<Nullable<i64>>,
    /// Random permutation of the list of strings given in `input`.
    #[tf(computed, use_state_for_unknown)]
    pub result: Unknown<Nullable<Vec<Nullable<String>>>>,
    /// A static value used internally by Terraform.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// The `random_shuffle` resource type.
pub struct ShuffleResource;

impl Resource for ShuffleResource {
    type Model = Shuffle;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        planned: Shuffle,
        _: Shuffle,
    ) -> Result<Shuffle, ApplyError<Shuffle>> {
        let input: Vec<Nullable<String>> = planned
            .input
            .as_known()
            .into_iter()
            .flatten()
            .filter_map(|s| s.as_known().cloned())
            .collect();
        let count = planned
            .result_count
            .as_value()
            .map_or(input.len(), |&n| usize::try_from(n).unwrap_or(0));
        let mut result = Vec::with_capacity(count.min(input.len() * 16));
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
