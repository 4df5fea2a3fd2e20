//! Semantic equality of custom types ([`tfvalue::custom_types`]) applied to what a resource
//! answers, as terraform-plugin-framework applies `SchemaSemanticEquality`: where the
//! author's value means the same as the text Terraform already has, that text is answered.
//! A plan keeps the configuration's text (and the prior state's for values the
//! configuration leaves null), an apply the planned text, a read the prior state's, a data
//! source's read its configuration's; so
//! Terraform sees neither a change nor an inconsistent result for `+00:00` against `Z` or
//! JSON with its members reordered.
//!
//! Models without custom types pass untouched, their bytes not decoded.

use tfvalue::custom_types::{keep_semantically_equal, keep_semantically_equal_in_plan};
use tfvalue::rules::Rules;
use tfvalue::{Type, Value};

use crate::author::diagnostics::Diagnostics;
use crate::protocol::codec::{decode_failed, decode_value};
use crate::protocol::messages::DynamicValue;

/// The planned state with the configuration's text where the author planned a value that
/// means the same, and the prior state's where the configuration is null.
pub(crate) fn keep_in_plan(
    rules: &Rules,
    config: &Value,
    prior: &Value,
    planned: DynamicValue,
    ty: &Type,
) -> Result<DynamicValue, Diagnostics> {
    if !rules.has_semantics() {
        return Ok(planned);
    }
    rewrite(planned, ty, |value| {
        keep_semantically_equal_in_plan(rules, config, prior, value);
    })
}

/// `new` (a state the author answered) with the text of `kept` (the planned state after
/// apply, the prior state after a read, the configuration after a data source's read)
/// wherever the two mean the same.
pub(crate) fn keep_in_state(
    rules: &Rules,
    kept: Option<&DynamicValue>,
    new: DynamicValue,
    ty: &Type,
) -> Result<DynamicValue, Diagnostics> {
    if !rules.has_semantics() {
        return Ok(new);
    }
    let kept = decode_value(kept, ty).map_err(decode_failed(
        "Invalid planned state, prior state or configuration",
    ))?;
    if kept.is_null() {
        return Ok(new);
    }
    rewrite(new, ty, |value| {
        keep_semantically_equal(rules, &kept, value)
    })
}

/// `value` changed by `change`, encoded again as it came (MessagePack or JSON); the same
/// bytes when nothing changed.
fn rewrite(
    value: DynamicValue,
    ty: &Type,
    change: impl FnOnce(&mut Value),
) -> Result<DynamicValue, Diagnostics> {
    let invalid = "Provider produced an invalid value";
    let decoded = decode_value(Some(&value), ty).map_err(decode_failed(invalid))?;
    if decoded.is_null() {
        return Ok(value);
    }
    let mut changed = decoded.clone();
    change(&mut changed);
    if changed == decoded {
        return Ok(value);
    }
    if value.msgpack.is_empty() && !value.json.is_empty() {
        changed
            .to_json(ty)
            .map(DynamicValue::json)
            .map_err(decode_failed(invalid))
    } else {
        changed
            .to_msgpack(ty)
            .map(DynamicValue::msgpack)
            .map_err(decode_failed(invalid))
    }
}
