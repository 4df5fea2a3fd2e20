//! The declared validators of a model ([`tfvalue::rules`]) run over a configuration:
//! each finding becomes an error diagnostic at the attribute it concerns. Validation of
//! every kind of configuration (provider, resource, data source, ephemeral resource)
//! calls [`rule_findings`], beside the deprecation warnings; planning reports the rules' own
//! failures with [`finding_error`].

use tfvalue::path::AttributePath;
use tfvalue::rules::{check_object, Finding, Rules};
use tfvalue::Value;

use crate::author::diagnostics::{Diagnostic, Diagnostics};

/// An error for each declared check `config` (a decoded configuration) fails.
pub(crate) fn rule_findings(rules: &Rules, config: &Value) -> Diagnostics {
    let mut errors = Diagnostics::new();
    let mut findings = Vec::new();
    check_object(rules, config, &AttributePath::root(), &mut findings);
    for finding in findings {
        errors.push(finding_error(finding));
    }
    errors
}

/// A finding of the declared rules (a validator's, or a default's or replacement check's
/// while planning) as an error at its attribute.
pub(crate) fn finding_error(finding: Finding) -> Diagnostic {
    let error = Diagnostic::error(finding.summary).with_detail(finding.detail);
    if finding.path.is_root() {
        error
    } else {
        error.at(finding.path)
    }
}
