//! Actions (Terraform 1.14 and later) as a step sees them: the action events of
//! `terraform apply -json` (Terraform's `internal/command/views/json/hook.go`: one line per
//! event, of type `action_start`, `action_progress` with its `message`, `action_complete`
//! or `action_errored` with its `error`, each naming the action at `hook.action.addr` and
//! what triggered it, `hook.lifecycle.resource.addr` with `hook.lifecycle.trigger_event`
//! or `hook.invoke`), the checks of a step on them, and the readable text of the JSON
//! output for messages and expected errors.

use std::fmt;

use serde_json::Value as Json;

/// What invoked an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Trigger {
    /// `terraform apply -invoke=<action>`.
    Cli,
    /// A resource's `action_trigger`: the resource's address and Terraform's name of the
    /// event (`AfterCreate`, `AfterUpdate`, ...).
    Lifecycle { resource: String, event: String },
}

impl fmt::Display for Trigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trigger::Cli => f.write_str("triggered by -invoke"),
            Trigger::Lifecycle { resource, event } => {
                write!(f, "triggered by {resource}, {event}")
            }
        }
    }
}

/// What happened to an invocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// It started.
    Start,
    /// It reported a progress message.
    Progress(String),
    /// It ended successfully.
    Complete,
    /// It failed with this error.
    Errored(String),
}

/// One action event of an apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ActionEvent {
    /// The action instance's address, as `action.localfs_append.log`.
    pub(crate) action: String,
    pub(crate) trigger: Trigger,
    pub(crate) event: Event,
}

impl fmt::Display for ActionEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match &self.event {
            Event::Start => "started".to_owned(),
            Event::Progress(m) => format!("progress {m:?}"),
            Event::Complete => "complete".to_owned(),
            Event::Errored(e) => format!("errored {e:?}"),
        };
        write!(f, "{} ({}): {what}", self.action, self.trigger)
    }
}

/// The action events in the stdout of `terraform apply -json`, in order; lines that are
/// not action events (or not JSON) are passed over.
pub(crate) fn events(stdout: &[u8]) -> Vec<ActionEvent> {
    let text = String::from_utf8_lossy(stdout);
    text.lines()
        .filter_map(|line| serde_json::from_str::<Json>(line).ok())
        .filter_map(|line| event(&line))
        .collect()
}

fn event(line: &Json) -> Option<ActionEvent> {
    let hook = &line["hook"];
    let event = match line["type"].as_str()? {
        "action_start" => Event::Start,
        "action_progress" => Event::Progress(hook["message"].as_str()?.to_owned()),
        "action_complete" => Event::Complete,
        "action_errored" => Event::Errored(hook["error"].as_str()?.to_owned()),
        _ => return None,
    };
    let lifecycle = &hook["lifecycle"];
    let trigger = match lifecycle["resource"]["addr"].as_str() {
        Some(resource) => Trigger::Lifecycle {
            resource: resource.to_owned(),
            event: lifecycle["trigger_event"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        },
        None => Trigger::Cli,
    };
    Some(ActionEvent {
        action: hook["action"]["addr"].as_str()?.to_owned(),
        trigger,
        event,
    })
}

/// The stdout of a `-json` command as a reader (and an expected error's pattern) wants
/// it: each line's `@message`, a diagnostic as Terraform prints it without `-json`
/// (`Error: <summary>`, `on <file> line <n>:` when it has a place, then its detail);
/// a line that is not JSON as it is.
pub(crate) fn readable(stdout: &[u8]) -> String {
    let text = String::from_utf8_lossy(stdout);
    let mut out = String::new();
    for line in text.lines() {
        let Ok(json) = serde_json::from_str::<Json>(line) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let diagnostic = &json["diagnostic"];
        if json["type"] == "diagnostic" && diagnostic.is_object() {
            let severity = match diagnostic["severity"].as_str() {
                Some("warning") => "Warning",
                _ => "Error",
            };
            let summary = diagnostic["summary"].as_str().unwrap_or_default();
            out.push_str(&format!("\n{severity}: {summary}\n\n"));
            let range = &diagnostic["range"];
            if let (Some(file), Some(line)) =
                (range["filename"].as_str(), range["start"]["line"].as_u64())
            {
                out.push_str(&format!("  on {file} line {line}:\n\n"));
            }
            if let Some(detail) = diagnostic["detail"].as_str().filter(|d| !d.is_empty()) {
                out.push_str(detail);
                out.push_str("\n\n");
            }
        } else {
            out.push_str(json["@message"].as_str().unwrap_or(line));
            out.push('\n');
        }
    }
    out
}

/// A step's expectation of the actions its apply invoked.
pub(crate) enum ActionCheck {
    /// The progress messages, of `action` or of every action, are exactly these, in order.
    Progress {
        action: Option<String>,
        expected: Vec<String>,
    },
    /// Some progress message, of `action` or of any action, matches.
    ProgressMatching {
        action: Option<String>,
        pattern: Result<regex_lite::Regex, String>,
    },
    /// `action` was invoked this many times.
    Invocations { action: String, times: usize },
}

impl fmt::Debug for ActionCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description())
    }
}

impl ActionCheck {
    /// The check, as it reads in a failure report.
    pub(crate) fn description(&self) -> String {
        let of = |action: &Option<String>| match action {
            Some(a) => format!("the progress of {a}"),
            None => "the progress of the step's actions".to_owned(),
        };
        match self {
            ActionCheck::Progress { action, expected } => {
                format!("{} is exactly {expected:?}, in order", of(action))
            }
            ActionCheck::ProgressMatching { action, pattern } => {
                let pattern = match pattern {
                    Ok(re) => re.as_str().to_owned(),
                    Err(e) => e.clone(),
                };
                format!("{} has a message matching /{pattern}/", of(action))
            }
            ActionCheck::Invocations { action, times } => {
                format!("{action} is invoked {times} time(s)")
            }
        }
    }

    /// Checks `events`; the error says what was found.
    pub(crate) fn check(&self, events: &[ActionEvent]) -> Result<(), String> {
        let progress = |action: &Option<String>| -> Vec<&str> {
            events
                .iter()
                .filter(|e| action.as_ref().is_none_or(|a| *a == e.action))
                .filter_map(|e| match &e.event {
                    Event::Progress(m) => Some(m.as_str()),
                    _ => None,
                })
                .collect()
        };
        let found = || {
            if events.is_empty() {
                "no action events".to_owned()
            } else {
                let lines: Vec<String> = events.iter().map(|e| format!("  {e}")).collect();
                format!("the action events were:\n{}", lines.join("\n"))
            }
        };
        match self {
            ActionCheck::Progress { action, expected } => {
                let got = progress(action);
                if got == *expected {
                    Ok(())
                } else {
                    Err(format!("the progress was {got:?}; {}", found()))
                }
            }
            ActionCheck::ProgressMatching { action, pattern } => {
                let re = pattern.as_ref().map_err(Clone::clone)?;
                if progress(action).iter().any(|m| re.is_match(m)) {
                    Ok(())
                } else {
                    Err(format!("no message matches; {}", found()))
                }
            }
            ActionCheck::Invocations { action, times } => {
                let got = events
                    .iter()
                    .filter(|e| e.action == *action && e.event == Event::Start)
                    .count();
                if got == *times {
                    Ok(())
                } else {
                    Err(format!("it was invoked {got} time(s); {}", found()))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines as Terraform 1.15.5 printed them for `apply -json` of a `localfs_file` with an
    /// `action_trigger` (timestamps and the address fields not read here left out).
    const LIFECYCLE: &str = r#"{"@level":"info","@message":"Terraform 1.15.5","type":"version","terraform":"1.15.5","ui":"1.3"}
{"@level":"info","@message":"localfs_file.a: Creation complete after 0s [id=a.txt]","hook":{"resource":{"addr":"localfs_file.a"},"action":"create","id_key":"id","id_value":"a.txt","elapsed_seconds":0},"type":"apply_complete"}
{"@level":"info","@message":"localfs_file.a.trigger[0]: Action started: action.localfs_append.log","hook":{"action":{"addr":"action.localfs_append.log","module":"","action":"action.localfs_append.log","implied_provider":"localfs","action_type":"localfs_append","action_name":"log","action_key":null},"lifecycle":{"resource":{"addr":"localfs_file.a"},"trigger_index":0,"actions_index":0,"trigger_event":"AfterCreate"}},"type":"action_start"}
{"@level":"info","@message":"localfs_file.a (0): action.localfs_append.log - appended line 1 of 2 to deploy.log","hook":{"action":{"addr":"action.localfs_append.log"},"message":"appended line 1 of 2 to deploy.log","lifecycle":{"resource":{"addr":"localfs_file.a"},"trigger_index":0,"actions_index":0,"trigger_event":"AfterCreate"}},"type":"action_progress"}
{"@level":"info","@message":"localfs_file.a (0): action.localfs_append.log - appended line 2 of 2 to deploy.log","hook":{"action":{"addr":"action.localfs_append.log"},"message":"appended line 2 of 2 to deploy.log","lifecycle":{"resource":{"addr":"localfs_file.a"},"trigger_index":0,"actions_index":0,"trigger_event":"AfterCreate"}},"type":"action_progress"}
{"@level":"info","@message":"localfs_file.a (0): Action complete: action.localfs_append.log","hook":{"action":{"addr":"action.localfs_append.log"},"lifecycle":{"resource":{"addr":"localfs_file.a"},"trigger_index":0,"actions_index":0,"trigger_event":"AfterCreate"}},"type":"action_complete"}
{"@level":"info","@message":"Apply complete! Resources: 1 added, 0 changed, 0 destroyed. Actions: 1 invoked.","changes":{"add":1,"change":0,"import":0,"remove":0,"action_invocation":1,"operation":"apply"},"type":"change_summary"}
"#;

    /// Terraform 1.15.5's `apply -json` of a plan made with `-invoke`, the action failing.
    const INVOKED: &str = r#"{"@level":"info","@message":"Action started: action.localfs_append.bad","hook":{"action":{"addr":"action.localfs_append.bad"},"invoke":{}},"type":"action_start"}
{"@level":"info","@message":"Action errored: action.localfs_append.bad - Cannot open the file: /f/dir: Is a directory (os error 21)","hook":{"action":{"addr":"action.localfs_append.bad"},"error":"Cannot open the file: /f/dir: Is a directory (os error 21)","invoke":{}},"type":"action_errored"}
{"@level":"error","@message":"Error: Error when invoking action","diagnostic":{"severity":"error","summary":"Error when invoking action","detail":"Cannot open the file: /f/dir: Is a directory (os error 21)"},"type":"diagnostic"}
"#;

    fn lifecycle(event: Event) -> ActionEvent {
        ActionEvent {
            action: "action.localfs_append.log".into(),
            trigger: Trigger::Lifecycle {
                resource: "localfs_file.a".into(),
                event: "AfterCreate".into(),
            },
            event,
        }
    }

    #[test]
    fn events_of_a_lifecycle_trigger_and_of_an_invoke() {
        assert_eq!(
            events(LIFECYCLE.as_bytes()),
            vec![
                lifecycle(Event::Start),
                lifecycle(Event::Progress("appended line 1 of 2 to deploy.log".into())),
                lifecycle(Event::Progress("appended line 2 of 2 to deploy.log".into())),
                lifecycle(Event::Complete),
            ]
        );
        let invoked = events(INVOKED.as_bytes());
        assert_eq!(invoked.len(), 2);
        assert_eq!(invoked[1].trigger, Trigger::Cli);
        assert_eq!(
            invoked[1].event,
            Event::Errored("Cannot open the file: /f/dir: Is a directory (os error 21)".into())
        );
        assert_eq!(
            invoked[0].to_string(),
            "action.localfs_append.bad (triggered by -invoke): started"
        );
        assert!(events(b"not json\n{}\n").is_empty());
    }

    #[test]
    fn the_readable_text_has_each_message_and_diagnostics_as_without_json() {
        let diagnostic = r#"{"@level":"error","@message":"Error: File not found","diagnostic":{"severity":"error","summary":"File not found","detail":"x does not exist.","range":{"filename":"main.tf","start":{"line":12,"column":13,"byte":200},"end":{"line":12,"column":20,"byte":207}}},"type":"diagnostic"}"#;
        let text = readable(format!("{INVOKED}{diagnostic}\nplain line\n").as_bytes());
        assert_eq!(
            text,
            "Action started: action.localfs_append.bad\n\
             Action errored: action.localfs_append.bad - Cannot open the file: /f/dir: Is a directory (os error 21)\n\
             \nError: Error when invoking action\n\n\
             Cannot open the file: /f/dir: Is a directory (os error 21)\n\n\
             \nError: File not found\n\n  on main.tf line 12:\n\nx does not exist.\n\n\
             plain line\n"
        );
    }

    #[test]
    fn checks_pass_and_fail_with_what_was_found() {
        let all = events(LIFECYCLE.as_bytes());
        let exact = |action: Option<&str>, expected: &[&str]| ActionCheck::Progress {
            action: action.map(str::to_owned),
            expected: expected.iter().map(|s| (*s).to_owned()).collect(),
        };
        let both = [
            "appended line 1 of 2 to deploy.log",
            "appended line 2 of 2 to deploy.log",
        ];
        assert_eq!(exact(None, &both).check(&all), Ok(()));
        assert_eq!(
            exact(Some("action.localfs_append.log"), &both).check(&all),
            Ok(())
        );
        // Order matters; another action's progress is not this one's.
        let reversed = exact(None, &[both[1], both[0]]).check(&all).unwrap_err();
        assert!(
            reversed.starts_with("the progress was [\"appended line 1 of 2 to deploy.log\", "),
            "{reversed}"
        );
        assert!(
            reversed.contains("\n  action.localfs_append.log (triggered by localfs_file.a, AfterCreate): progress \"appended line 2 of 2 to deploy.log\""),
            "{reversed}"
        );
        assert_eq!(
            exact(Some("action.localfs_append.other"), &[]).check(&all),
            Ok(())
        );
        assert!(exact(Some("action.localfs_append.other"), &both[..1])
            .check(&all)
            .is_err());
        assert_eq!(exact(None, &[]).check(&[]), Ok(()));
        assert_eq!(
            exact(None, &both[..1]).check(&[]).unwrap_err(),
            "the progress was []; no action events"
        );

        let matching = |pattern: &str| ActionCheck::ProgressMatching {
            action: None,
            pattern: regex_lite::Regex::new(pattern).map_err(|e| e.to_string()),
        };
        assert_eq!(matching("^appended line 2 of 2 ").check(&all), Ok(()));
        let none = matching("^appended line 3").check(&all).unwrap_err();
        assert!(
            none.starts_with(
                "no message matches; the action events were:
"
            ),
            "{none}"
        );
        assert_eq!(
            matching("^appended line 3").description(),
            "the progress of the step's actions has a message matching /^appended line 3/"
        );

        let invoked = |times| ActionCheck::Invocations {
            action: "action.localfs_append.log".into(),
            times,
        };
        assert_eq!(invoked(1).check(&all), Ok(()));
        assert!(invoked(2)
            .check(&all)
            .unwrap_err()
            .starts_with("it was invoked 1 time(s); "));
        assert_eq!(
            invoked(0).description(),
            "action.localfs_append.log is invoked 0 time(s)"
        );
    }
}
