//! Checks of a plan, as `terraform show -json <plan file>` prints it: what Terraform is
//! about to do to each resource (`resource_changes[].change.actions`).

use std::fmt;

use serde_json::Value as Json;

type CheckFn = dyn Fn(&Json) -> Result<(), String> + Send + Sync;

/// What a plan does to one resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `["create"]`.
    Create,
    /// `["delete", "create"]` or `["create", "delete"]` (create before destroy).
    Replace,
    /// `["update"]`: in place.
    Update,
    /// `["no-op"]`: unchanged.
    NoOp,
    /// `["delete"]`.
    Destroy,
    /// `["read"]`: a data source read during apply.
    Read,
}

impl Action {
    /// The action that `actions` (as in a plan's JSON) stands for, if one of these.
    pub fn of(actions: &[&str]) -> Option<Action> {
        Some(match actions {
            ["create"] => Action::Create,
            ["delete", "create"] | ["create", "delete"] => Action::Replace,
            ["update"] => Action::Update,
            ["no-op"] => Action::NoOp,
            ["delete"] => Action::Destroy,
            ["read"] => Action::Read,
            _ => return None,
        })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Create => "created",
            Action::Replace => "replaced",
            Action::Update => "updated in place",
            Action::NoOp => "left unchanged",
            Action::Destroy => "destroyed",
            Action::Read => "read",
        })
    }
}

/// One check of the plan a step makes before it applies; build it with [`expect`] (or
/// its short forms) or [`custom`].
pub struct PlanCheck {
    description: String,
    address: Option<String>,
    run: Box<CheckFn>,
}

impl fmt::Debug for PlanCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

impl PlanCheck {
    /// What the check asserts, for messages.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The resource the check is about, if one.
    pub fn address(&self) -> Option<&str> {
        self.address.as_deref()
    }

    /// Runs the check against a plan from `terraform show -json <plan file>`.
    ///
    /// # Errors
    /// What the plan does instead.
    pub fn check(&self, plan: &Json) -> Result<(), String> {
        (self.run)(plan)
    }
}

/// The plan does `action` to the resource at `address`.
pub fn expect(address: &str, action: Action) -> PlanCheck {
    let owned = address.to_owned();
    PlanCheck {
        description: format!("the plan shows {address} {action}"),
        address: Some(owned.clone()),
        run: Box::new(move |plan| match actions_of(plan, &owned) {
            Some(actions) => {
                let found: Vec<&str> = actions.iter().map(String::as_str).collect();
                if Action::of(&found) == Some(action) {
                    Ok(())
                } else {
                    Err(format!("its actions are {found:?}"))
                }
            }
            None => Err(format!(
                "the plan has no change for it; it has changes for {:?}",
                changes(plan)
                    .into_iter()
                    .map(|(a, _)| a)
                    .collect::<Vec<_>>()
            )),
        }),
    }
}

/// The plan creates the resource at `address`.
pub fn creates(address: &str) -> PlanCheck {
    expect(address, Action::Create)
}

/// The plan replaces the resource at `address` (destroy then create, either order).
pub fn replaces(address: &str) -> PlanCheck {
    expect(address, Action::Replace)
}

/// The plan updates the resource at `address` in place.
pub fn updates(address: &str) -> PlanCheck {
    expect(address, Action::Update)
}

/// The plan leaves the resource at `address` unchanged.
pub fn no_op(address: &str) -> PlanCheck {
    expect(address, Action::NoOp)
}

/// The plan destroys the resource at `address`.
pub fn destroys(address: &str) -> PlanCheck {
    expect(address, Action::Destroy)
}

/// The plan changes no managed resource.
pub fn empty() -> PlanCheck {
    PlanCheck {
        description: "the plan is empty".to_owned(),
        address: None,
        run: Box::new(|plan| {
            let pending = pending_changes(plan);
            if pending.is_empty() {
                Ok(())
            } else {
                Err(describe_changes(&pending))
            }
        }),
    }
}

/// A check of the test's own over the whole plan JSON, described by `description`.
pub fn custom<F>(description: &str, check: F) -> PlanCheck
where
    F: Fn(&Json) -> Result<(), String> + Send + Sync + 'static,
{
    PlanCheck {
        description: description.to_owned(),
        address: None,
        run: Box::new(check),
    }
}

/// The actions planned for the resource at `address`, if the plan mentions it.
pub fn actions_of(plan: &Json, address: &str) -> Option<Vec<String>> {
    changes(plan)
        .into_iter()
        .find(|(a, _)| a == address)
        .map(|(_, actions)| actions)
}

/// Every resource change in the plan: its address and its actions.
pub fn changes(plan: &Json) -> Vec<(String, Vec<String>)> {
    plan["resource_changes"]
        .as_array()
        .map(|all| {
            all.iter()
                .map(|rc| {
                    let address = rc["address"].as_str().unwrap_or_default().to_owned();
                    let actions = rc["change"]["actions"]
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .filter_map(|x| x.as_str().map(str::to_owned))
                                .collect()
                        })
                        .unwrap_or_default();
                    (address, actions)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The changes that make a plan not empty: every managed resource whose actions are not
/// `["no-op"]`.
pub fn pending_changes(plan: &Json) -> Vec<(String, Vec<String>)> {
    let managed: Vec<&str> = plan["resource_changes"]
        .as_array()
        .map(|all| {
            all.iter()
                .filter(|rc| rc["mode"] == "managed")
                .filter_map(|rc| rc["address"].as_str())
                .collect()
        })
        .unwrap_or_default();
    changes(plan)
        .into_iter()
        .filter(|(address, actions)| {
            managed.contains(&address.as_str()) && actions.as_slice() != ["no-op"]
        })
        .collect()
}

/// The changes, one per line, for messages.
pub fn describe_changes(changes: &[(String, Vec<String>)]) -> String {
    let lines: Vec<String> = changes
        .iter()
        .map(|(address, actions)| format!("{address}: {}", actions.join(", ")))
        .collect();
    format!("planned changes:\n  {}", lines.join("\n  "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn plan() -> Json {
        json!({"resource_changes": [
            {"address": "a.new", "mode": "managed", "change": {"actions": ["create"]}},
            {"address": "a.rep", "mode": "managed", "change": {"actions": ["create", "delete"]}},
            {"address": "a.rep2", "mode": "managed", "change": {"actions": ["delete", "create"]}},
            {"address": "a.same", "mode": "managed", "change": {"actions": ["no-op"]}},
            {"address": "data.d.x", "mode": "data", "change": {"actions": ["read"]}}
        ]})
    }

    #[test]
    fn actions_are_checked_by_address() {
        let p = plan();
        assert_eq!(creates("a.new").check(&p), Ok(()));
        assert_eq!(replaces("a.rep").check(&p), Ok(()));
        assert_eq!(replaces("a.rep2").check(&p), Ok(()));
        assert_eq!(no_op("a.same").check(&p), Ok(()));
        assert_eq!(expect("data.d.x", Action::Read).check(&p), Ok(()));
        assert_eq!(
            updates("a.new").check(&p),
            Err("its actions are [\"create\"]".to_owned())
        );
        assert!(destroys("a.gone")
            .check(&p)
            .unwrap_err()
            .contains("no change for it"));
    }

    #[test]
    fn emptiness_ignores_no_ops_and_data_reads() {
        let p = plan();
        let pending = pending_changes(&p);
        assert_eq!(pending.len(), 3);
        assert!(empty()
            .check(&p)
            .unwrap_err()
            .contains("a.rep2: delete, create"));
        let quiet = json!({"resource_changes": [
            {"address": "a.same", "mode": "managed", "change": {"actions": ["no-op"]}},
            {"address": "data.d.x", "mode": "data", "change": {"actions": ["read"]}}
        ]});
        assert_eq!(empty().check(&quiet), Ok(()));
        assert_eq!(empty().check(&json!({})), Ok(()));
    }
}
