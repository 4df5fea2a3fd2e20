//! The refinements declared on computed attributes (`#[tf(computed, refine(...))]`), in a
//! plan and on the state an apply answers: the planned unknown of such an attribute
//! carries them once the author's `plan` has run (so they hold whatever it planned, and
//! narrow any refinements it set), and the applied value must keep them, or the apply
//! fails at the attribute before Terraform sees a result inconsistent with its plan.

use tfvalue::path::AttributePath;
use tfvalue::rules::{apply_refinements, check_promises, Rules};
use tfvalue::{Type, Value};

use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::engine::rule_findings::finding_error;
use crate::protocol::codec::{decode_failed, decode_value};
use crate::protocol::messages::DynamicValue;

/// `planned` (the encoded plan of an object of type `ty`) with the declared refinements
/// given to each unknown the provider plans where `config` is null; as it is when the
/// model declares none.
pub(crate) fn refine_plan(
    rules: &Rules,
    config: &Value,
    planned: DynamicValue,
    ty: &Type,
) -> Result<DynamicValue, Diagnostics> {
    if !rules.refines_anything() {
        return Ok(planned);
    }
    let invalid = "Provider produced an invalid plan";
    let mut value = decode_value(Some(&planned), ty).map_err(decode_failed(invalid))?;
    apply_refinements(rules, Some(config), &mut value, &AttributePath::root())
        .map_err(finding_error)?;
    let bytes = value.to_msgpack(ty).map_err(decode_failed(invalid))?;
    Ok(DynamicValue::msgpack(bytes))
}

/// The errors for each refinement of `planned` (the plan being applied, of type `ty`)
/// that `new_state` breaks: one at each attribute whose value the plan promised would be
/// not null, start with a prefix, lie within bounds, or have a number of elements, and
/// is not or does not.
pub(crate) fn broken_promises(
    planned: Option<&DynamicValue>,
    new_state: &DynamicValue,
    ty: &Type,
) -> Diagnostics {
    let mut errors = Diagnostics::new();
    if planned.is_some_and(|p| p.json.is_empty() && !may_hold_refinements(&p.msgpack)) {
        return errors;
    }
    let values =
        decode_value(planned, ty).and_then(|p| Ok((p, decode_value(Some(new_state), ty)?)));
    let (planned, new) = match values {
        Ok(values) => values,
        Err(e) => {
            errors.push(Diagnostic::from_value_error("Invalid planned state", &e));
            return errors;
        }
    };
    let mut findings = Vec::new();
    check_promises(&planned, &new, &AttributePath::root(), &mut findings);
    for finding in findings {
        errors.push(finding_error(finding));
    }
    errors
}

/// False when `msgpack` holds no refined unknown value for certain: no extension header of
/// type 12 (`d4`..`d8` or `c7`/`c8`/`c9` followed by their length bytes, then `0c`), so
/// that an apply whose plan promised nothing does not decode its states. A string that
/// happens to hold such bytes only costs the decoding.
fn may_hold_refinements(msgpack: &[u8]) -> bool {
    msgpack.iter().enumerate().any(|(i, &b)| {
        let type_at = match b {
            0xd4..=0xd8 => i + 1,
            0xc7 => i + 2,
            0xc8 => i + 3,
            0xc9 => i + 5,
            _ => return false,
        };
        msgpack.get(type_at) == Some(&0x0c)
    })
}

#[cfg(test)]
mod tests {
    use super::may_hold_refinements;

    #[test]
    fn refined_unknowns_are_found_by_their_extension_type() {
        // A plain unknown (`d4 00 00`) promises nothing.
        assert!(!may_hold_refinements(&[0x81, 0xa1, b'a', 0xd4, 0x00, 0x00]));
        // Not null, as Terraform encodes it: ext 8 of 3 bytes, type 12, `{1: false}`.
        assert!(may_hold_refinements(&[
            0x81, 0xa1, b'a', 0xc7, 0x03, 0x0c, 0x81, 0x01, 0xc2
        ]));
        assert!(may_hold_refinements(&[0xd5, 0x0c, 0x81, 0x01]));
        assert!(may_hold_refinements(&[0xc8, 0x00, 0x10, 0x0c]));
        assert!(!may_hold_refinements(&[0xc7]));
        assert!(!may_hold_refinements(&[]));
    }
}
