use tfvalue::{Nullable, TfSchema, Unknown};

/// Attributes shared by several models.
#[derive(TfSchema)]
pub struct Shared {
    /// How long.
    #[tf(default = 16, at_least = 1)]
    pub length: Unknown<Nullable<i64>>,
    #[tf(computed)]
    pub digest: Unknown<Nullable<String>>,
}

/// A model with the shared attributes.
#[derive(TfSchema)]
#[tf(conflicts_with(name, length))]
pub struct Secret {
    pub name: Option<String>,
    #[tf(flatten)]
    pub shared: Shared,
}
