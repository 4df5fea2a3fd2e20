//! The declared validators of a model ([`tfvalue::rules`]) run over a configuration:
//! each finding becomes an error diagnostic at the attribute it concerns. Validation of
//! every kind of configuration (provider, resource, data source, ephemeral resource)
//! calls [`rule_findings`], beside the deprecation warnings.

use tfvalue::path::AttributePath;
use tfvalue::rules::{check_object, Rules};
use tfvalue::schema::Schema;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::handler::decode_value;
use crate::messages::DynamicValue;

/// An error for each declared check `config` fails. A model without rules decodes
/// nothing; a configuration that does not decode yields none (the typed decode reports
/// it).
pub(crate) fn rule_findings(
    schema: &Schema,
    rules: &Rules,
    config: Option<&DynamicValue>,
) -> Diagnostics {
    let mut errors = Diagnostics::new();
    if rules.is_empty() {
        return errors;
    }
    let Ok(value) = decode_value(config, schema.object_type()) else {
        return errors;
    };
    let mut findings = Vec::new();
    check_object(rules, &value, &AttributePath::root(), &mut findings);
    for finding in findings {
        let mut error = Diagnostic::error(finding.summary).with_detail(finding.detail);
        if !finding.path.is_root() {
            error = error.at(finding.path);
        }
        errors.push(error);
    }
    errors
}
