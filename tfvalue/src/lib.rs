//! tfvalue: Terraform's type system and wire codecs.

pub mod error;
pub mod limits;
pub mod number;
pub mod path;
#[doc(hidden)]
pub mod private;
pub mod refinements;
pub mod types;

pub use error::{Error, ErrorKind, Result};
pub use number::Number;
pub use path::{AttributePath, PathStep};
pub use refinements::Refinements;
pub use types::{ObjectType, Type};
