//! A model whose computed attributes declare refinements, for the committed expansion
//! beside it (refine.expanded.rs): each refinement is one `.refine(...)` of the attribute's
//! rules, and each that depends on the type is one marker trait asked of the field's type.

#[derive(TfSchema)]
pub struct Key {
    pub name: Unknown<String>,
    #[tf(computed, refine(not_null, prefix = "arn:aws:kms:"))]
    pub arn: Unknown<Nullable<String>>,
    #[tf(optional, computed, refine(at_least = 1, less_than = 4096))]
    pub size: Unknown<Nullable<i64>>,
    #[tf(computed, refine(not_null, length(min = 1, max = 5)))]
    pub replicas: Unknown<Nullable<Vec<String>>>,
}
