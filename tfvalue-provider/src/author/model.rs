//! [`Model`]: what a type must be to serve as a provider, resource or data source model.

use serde::de::DeserializeOwned;
use serde::Serialize;
use tfvalue::{TfSchema, UnknownPaths};

/// A provider, resource or data source model: a struct with `#[derive(TfSchema)]`, which
/// gives it its schema, its wire codec and the walk over its unknown values (the derive
/// implements all of these).
pub trait Model:
    TfSchema + UnknownPaths + Serialize + DeserializeOwned + Send + Sync + 'static
{
}

impl<T: TfSchema + UnknownPaths + Serialize + DeserializeOwned + Send + Sync + 'static> Model
    for T
{
}
