//! [`Model`]: what a type must be to serve as a provider, resource or data source model.

use serde::de::DeserializeOwned;
use serde::Serialize;
use tfvalue::TfSchema;

/// A provider, resource or data source model: a struct with `#[derive(TfSchema)]`, which
/// gives it its schema and its wire codec (the derive implements all of these).
pub trait Model: TfSchema + Serialize + DeserializeOwned + Send + Sync + 'static {}

impl<T: TfSchema + Serialize + DeserializeOwned + Send + Sync + 'static> Model for T {}
