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
