//! Terraform's JSON type-constraint syntax: parsing (straight from the bytes, through
//! serde, with locations in error messages) and printing (byte for byte as Terraform).
//! Printing is in `print`, parsing in `parse`; both give `Type` its serde impls.

mod parse;
mod print;

pub(super) use self::parse::{from_json, from_json_value};
pub(super) use self::print::{to_json_value, write_json};

#[cfg(test)]
mod tests;
