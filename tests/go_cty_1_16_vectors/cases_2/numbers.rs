//! Numbers: text and bytes (D, P, Q, T, U) and the number bounds of refinements (S).

#[allow(unused_imports)]
use super::{case, line};
#[allow(unused_imports)]
use crate::Follows;
