//! Unicode (N), prefix cuts (I), collection length bounds (R, L), refinements that pin
//! the value (W), sets of dynamic (C) and type nesting (T).

#[allow(unused_imports)]
use super::{case, line};
#[allow(unused_imports)]
use crate::Follows;
