//! Warnings as a step sees them: the diagnostics of severity `warning` that Terraform
//! reports while the step validates, plans and applies, read from its machine-readable
//! output (`-json`: one JSON object per line, a diagnostic as `{"type": "diagnostic",
//! "diagnostic": {"severity", "summary", "detail", "address", "range"}}`; `validate
//! -json` prints one object whose `diagnostics` array holds them), and the step's
//! expectations of them.

use std::fmt;

use serde_json::Value as Json;

/// When, in a step, Terraform reported a warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WarningPhase {
    /// `terraform validate`, which a configuration, refresh or invoke step that expects
    /// warnings runs before it plans.
    Validate,
    /// A `terraform plan` of the step: the plan it applies (which validates again, so a
    /// warning of the validation shows here too) and the plans it makes after the apply.
    Plan,
    /// A `terraform apply` of the step (also `apply -refresh-only`).
    Apply,
}

impl fmt::Display for WarningPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WarningPhase::Validate => "validate",
            WarningPhase::Plan => "plan",
            WarningPhase::Apply => "apply",
        })
    }
}

impl WarningPhase {
    /// The phase of the Terraform command `args` (its subcommand first), if it is one
    /// whose warnings a step reads.
    pub(crate) fn of_command(args: &[&str]) -> Option<WarningPhase> {
        match args.first().copied() {
            Some("validate") => Some(WarningPhase::Validate),
            Some("plan") => Some(WarningPhase::Plan),
            Some("apply") => Some(WarningPhase::Apply),
            _ => None,
        }
    }
}

/// One warning Terraform reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Warning {
    pub(crate) phase: WarningPhase,
    pub(crate) summary: String,
    pub(crate) detail: String,
    /// The resource (or other object) it is about, when Terraform names one.
    pub(crate) address: Option<String>,
    /// Where in the configuration, as `main.tf line 7`.
    pub(crate) place: Option<String>,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.phase)?;
        if let Some(address) = &self.address {
            write!(f, ", {address}")?;
        }
        if let Some(place) = &self.place {
            write!(f, ", {place}")?;
        }
        write!(f, ": {:?}", self.summary)?;
        if !self.detail.is_empty() {
            write!(f, " ({:?})", self.detail)?;
        }
        Ok(())
    }
}

/// The summary of the warning Terraform gives for the `dev_overrides` of the CLI
/// configuration that runs a provider executable under test: the test's own setting, not
/// something the provider or the configuration said.
const DEV_OVERRIDES: &str = "Provider development overrides are in effect";

/// The warnings in the stdout of a `-json` Terraform command of `phase`: the diagnostic
/// lines of `plan` and `apply`, or the `diagnostics` of `validate`'s one object, leaving
/// out the one about the test's `dev_overrides`. Output that is not JSON holds none.
pub(crate) fn read(phase: WarningPhase, stdout: &[u8]) -> Vec<Warning> {
    let text = String::from_utf8_lossy(stdout);
    let diagnostics: Vec<Json> = match serde_json::from_str::<Json>(&text) {
        Ok(Json::Object(whole)) if whole.contains_key("diagnostics") => {
            whole["diagnostics"].as_array().cloned().unwrap_or_default()
        }
        _ => text
            .lines()
            .filter_map(|line| serde_json::from_str::<Json>(line).ok())
            .filter(|line| line["type"] == "diagnostic")
            .map(|line| line["diagnostic"].clone())
            .collect(),
    };
    diagnostics
        .iter()
        .filter(|d| d["severity"] == "warning" && d["summary"] != DEV_OVERRIDES)
        .map(|d| {
            let range = &d["range"];
            Warning {
                phase,
                summary: d["summary"].as_str().unwrap_or_default().to_owned(),
                detail: d["detail"].as_str().unwrap_or_default().to_owned(),
                address: d["address"]
                    .as_str()
                    .filter(|a| !a.is_empty())
                    .map(str::to_owned),
                place: match (range["filename"].as_str(), range["start"]["line"].as_u64()) {
                    (Some(file), Some(line)) => Some(format!("{file} line {line}")),
                    _ => None,
                },
            }
        })
        .collect()
}

/// `args` for the machine-readable form of a `validate`, `plan` or `apply` command:
/// `-json` after the subcommand, `-no-color` left out (the JSON has no colour).
pub(crate) fn json_args<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut out: Vec<&str> = args.iter().take(1).copied().collect();
    out.push("-json");
    out.extend(args.iter().skip(1).filter(|a| **a != "-no-color"));
    out
}

/// A warning a step expects.
pub(crate) struct ExpectedWarning {
    /// The phase it must come from; any, if `None`.
    pub(crate) phase: Option<WarningPhase>,
    /// Matched against its summary and its detail, each.
    pub(crate) pattern: Result<regex_lite::Regex, String>,
}

impl fmt::Debug for ExpectedWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description())
    }
}

impl ExpectedWarning {
    fn description(&self) -> String {
        let pattern = match &self.pattern {
            Ok(re) => re.as_str(),
            Err(e) => e.as_str(),
        };
        let during = match self.phase {
            Some(phase) => format!("during {phase}"),
            None => "during the step".to_owned(),
        };
        format!("Terraform warns {during} with a summary or detail matching /{pattern}/")
    }

    fn matches(&self, regex: &regex_lite::Regex, warning: &Warning) -> bool {
        self.phase.is_none_or(|p| p == warning.phase)
            && (regex.is_match(&warning.summary) || regex.is_match(&warning.detail))
    }
}

/// What a step expects of the warnings Terraform reports.
#[derive(Debug, Default)]
pub(crate) struct WarningChecks {
    pub(crate) expected: Vec<ExpectedWarning>,
    pub(crate) none: bool,
}

impl WarningChecks {
    /// Whether the step reads warnings at all (and so runs its commands with `-json`).
    pub(crate) fn any(&self) -> bool {
        self.none || !self.expected.is_empty()
    }

    /// Checks `found`, the warnings of the step in the order reported; the error is the
    /// check and what was found.
    pub(crate) fn check(&self, found: &[Warning]) -> Result<(), (String, String)> {
        if self.none && !self.expected.is_empty() {
            return Err((
                "a step expects warnings or no warnings, not both".to_owned(),
                format!(
                    "expect_no_warnings and {} expected warning(s)",
                    self.expected.len()
                ),
            ));
        }
        if self.none && !found.is_empty() {
            return Err((
                "Terraform reports no warnings during the step".to_owned(),
                format!("{} warning(s):\n{}", found.len(), list(found)),
            ));
        }
        for expected in &self.expected {
            let regex = match &expected.pattern {
                Ok(regex) => regex,
                Err(e) => {
                    return Err((
                        "the expected warning is a regular expression".to_owned(),
                        e.clone(),
                    ))
                }
            };
            if !found.iter().any(|w| expected.matches(regex, w)) {
                let found = if found.is_empty() {
                    "no warnings at all".to_owned()
                } else {
                    format!("no such warning; the warnings were:\n{}", list(found))
                };
                return Err((expected.description(), found));
            }
        }
        Ok(())
    }
}

/// `warnings` one a line, each once (a plan after the apply repeats the plan's).
fn list(warnings: &[Warning]) -> String {
    let mut seen: Vec<&Warning> = Vec::new();
    for w in warnings {
        if !seen.contains(&w) {
            seen.push(w);
        }
    }
    seen.iter()
        .map(|w| format!("  {w}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAN: &str = r#"{"@level":"info","@message":"Terraform 1.11.4","type":"version"}
{"@level":"warn","@message":"Warning: Attribute Deprecated","type":"diagnostic","diagnostic":{"severity":"warning","summary":"Attribute Deprecated","detail":"Use `permissions` instead.","address":"localfs_file.old","range":{"filename":"main.tf","start":{"line":8,"column":3,"byte":90},"end":{"line":8,"column":20,"byte":107}}}}
{"@level":"error","@message":"Error: boom","type":"diagnostic","diagnostic":{"severity":"error","summary":"boom","detail":""}}
{"@level":"warn","type":"diagnostic","diagnostic":{"severity":"warning","summary":"Provider development overrides are in effect","detail":"The following provider development overrides are set"}}
not json
"#;

    fn regex(p: &str) -> Result<regex_lite::Regex, String> {
        regex_lite::Regex::new(p).map_err(|e| e.to_string())
    }

    #[test]
    fn warnings_are_read_from_json_lines_and_from_validate() {
        let found = read(WarningPhase::Plan, PLAN.as_bytes());
        assert_eq!(
            found,
            vec![Warning {
                phase: WarningPhase::Plan,
                summary: "Attribute Deprecated".into(),
                detail: "Use `permissions` instead.".into(),
                address: Some("localfs_file.old".into()),
                place: Some("main.tf line 8".into()),
            }]
        );
        assert_eq!(
            found[0].to_string(),
            "plan, localfs_file.old, main.tf line 8: \"Attribute Deprecated\" (\"Use `permissions` instead.\")"
        );
        let validate = r#"{
  "format_version": "1.0",
  "valid": true,
  "error_count": 0,
  "warning_count": 1,
  "diagnostics": [
    {"severity": "warning", "summary": "Deprecated", "detail": ""}
  ]
}"#;
        let found = read(WarningPhase::Validate, validate.as_bytes());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].to_string(), "validate: \"Deprecated\"");
        assert!(read(WarningPhase::Apply, b"Apply complete!\n").is_empty());
    }

    #[test]
    fn json_args_replace_no_color() {
        assert_eq!(
            json_args(&["plan", "-no-color", "-input=false", "-out", "p"]),
            vec!["plan", "-json", "-input=false", "-out", "p"]
        );
        assert_eq!(WarningPhase::of_command(&["show", "-json"]), None);
        assert_eq!(
            WarningPhase::of_command(&["apply", "-auto-approve"]),
            Some(WarningPhase::Apply)
        );
    }

    #[test]
    fn expectations_name_the_pattern_and_every_warning_found() {
        let found = read(WarningPhase::Plan, PLAN.as_bytes());
        let expect = |phase, pattern: &str| WarningChecks {
            expected: vec![ExpectedWarning {
                phase,
                pattern: regex(pattern),
            }],
            none: false,
        };
        assert!(expect(None, "^Attribute Deprecated$").check(&found).is_ok());
        assert!(expect(Some(WarningPhase::Plan), "permissions")
            .check(&found)
            .is_ok());
        let (check, what) = expect(Some(WarningPhase::Apply), "Deprecated")
            .check(&found)
            .unwrap_err();
        assert_eq!(
            check,
            "Terraform warns during apply with a summary or detail matching /Deprecated/"
        );
        assert_eq!(
            what,
            "no such warning; the warnings were:\n  plan, localfs_file.old, main.tf line 8: \"Attribute Deprecated\" (\"Use `permissions` instead.\")"
        );
        let (_, what) = expect(None, "x").check(&[]).unwrap_err();
        assert_eq!(what, "no warnings at all");

        let none = WarningChecks {
            expected: Vec::new(),
            none: true,
        };
        assert!(none.any());
        assert!(none.check(&[]).is_ok());
        let twice = [found[0].clone(), found[0].clone()];
        let (check, what) = none.check(&twice).unwrap_err();
        assert_eq!(check, "Terraform reports no warnings during the step");
        assert!(
            what.starts_with("2 warning(s):\n  plan, localfs_file.old")
                && what.matches("Attribute Deprecated").count() == 1,
            "{what}"
        );

        let bad = WarningChecks {
            expected: vec![ExpectedWarning {
                phase: None,
                pattern: Err("/(/: unclosed group".into()),
            }],
            none: false,
        };
        assert_eq!(
            bad.check(&found).unwrap_err().0,
            "the expected warning is a regular expression"
        );
        let both = WarningChecks {
            expected: expect(None, "x").expected,
            none: true,
        };
        assert_eq!(
            both.check(&[]).unwrap_err().0,
            "a step expects warnings or no warnings, not both"
        );
        assert!(!WarningChecks::default().any());
    }
}
