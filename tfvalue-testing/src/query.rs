//! Checks of what a query step ([`Step::query`](crate::Step::query)) listed: the results
//! of each `list` block, as `terraform query -json` reports them (Terraform 1.14 and
//! later), by the block's address (`list.localfs_file.etc`).
//!
//! A result has an identity and a display name; its attribute values come with it only
//! when the `list` block sets `include_resource = true`.

use std::fmt;
use std::sync::Arc;

use serde_json::Value as Json;

use crate::attr_path::AttrPath;
use crate::value_test::{self, ValueTest};

type CheckFn = dyn Fn(&[QueryResult]) -> Result<(), String> + Send + Sync;

/// One result of a `list` block.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryResult {
    /// The `list` block's address, as `list.localfs_file.etc`.
    pub address: String,
    /// The name the provider shows for the object.
    pub display_name: String,
    /// The object's identity, a JSON object of its attributes.
    pub identity: Json,
    /// The object's attribute values, when the `list` block has `include_resource = true`.
    pub values: Option<Json>,
}

impl QueryResult {
    /// Whether every attribute of `wanted` (a JSON object) is in the result's identity, with
    /// the same value.
    pub fn has_identity(&self, wanted: &Json) -> bool {
        match (wanted, &self.identity) {
            (Json::Object(wanted), Json::Object(identity)) => wanted
                .iter()
                .all(|(name, value)| identity.get(name) == Some(value)),
            (wanted, identity) => wanted == identity,
        }
    }
}

/// The results `terraform query -json` printed on `stdout` (`list_resource_found` lines),
/// in order; lines of other kinds, and lines that are not JSON, are left out.
pub fn results(stdout: &[u8]) -> Vec<QueryResult> {
    let text = String::from_utf8_lossy(stdout);
    text.lines()
        .filter_map(|line| serde_json::from_str::<Json>(line).ok())
        .filter(|json| json["type"] == "list_resource_found")
        .map(|json| {
            let found = &json["list_resource_found"];
            QueryResult {
                address: found["address"].as_str().unwrap_or_default().to_owned(),
                display_name: found["display_name"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                identity: found["identity"].clone(),
                values: Some(found["resource_object"].clone()).filter(|v| !v.is_null()),
            }
        })
        .collect()
}

/// One check of a query step's results; build it with [`length`], [`length_at_least`],
/// [`identity`], [`display_names`], [`value`] or [`custom`].
#[derive(Clone)]
pub struct QueryCheck {
    description: String,
    address: Option<String>,
    run: Arc<CheckFn>,
}

impl fmt::Debug for QueryCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

impl QueryCheck {
    /// What the check asserts, for messages.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The `list` block the check is about, if one.
    pub fn address(&self) -> Option<&str> {
        self.address.as_deref()
    }

    /// Runs the check against the results of a query.
    ///
    /// # Errors
    /// What was found instead.
    pub fn check(&self, results: &[QueryResult]) -> Result<(), String> {
        (self.run)(results)
    }
}

fn of_block<'r>(results: &'r [QueryResult], address: &str) -> Vec<&'r QueryResult> {
    results.iter().filter(|r| r.address == address).collect()
}

fn list_check(
    address: &str,
    description: String,
    check: impl Fn(&[&QueryResult]) -> Result<(), String> + Send + Sync + 'static,
) -> QueryCheck {
    let owned = address.to_owned();
    QueryCheck {
        description,
        address: Some(address.to_owned()),
        run: Arc::new(move |results| check(&of_block(results, &owned))),
    }
}

/// The display names of `found`, for messages.
fn names(found: &[&QueryResult]) -> String {
    let names: Vec<&str> = found.iter().map(|r| r.display_name.as_str()).collect();
    format!("{names:?}")
}

/// The `list` block at `address` found exactly `expected` results.
pub fn length(address: &str, expected: usize) -> QueryCheck {
    list_check(
        address,
        format!("{address} lists {expected} results"),
        move |found| match found.len() == expected {
            true => Ok(()),
            false => Err(format!("it listed {}: {}", found.len(), names(found))),
        },
    )
}

/// The `list` block at `address` found `at_least` results or more (a listing of objects
/// the test does not all control).
pub fn length_at_least(address: &str, at_least: usize) -> QueryCheck {
    list_check(
        address,
        format!("{address} lists at least {at_least} results"),
        move |found| match found.len() >= at_least {
            true => Ok(()),
            false => Err(format!("it listed {}: {}", found.len(), names(found))),
        },
    )
}

/// The display names of the results of the `list` block at `address` are `expected`, in
/// the order the provider listed them.
pub fn display_names(address: &str, expected: &[&str]) -> QueryCheck {
    let expected: Vec<String> = expected.iter().map(|n| (*n).to_owned()).collect();
    list_check(
        address,
        format!("the results of {address} are named {expected:?}"),
        move |found| {
            let names: Vec<&str> = found.iter().map(|r| r.display_name.as_str()).collect();
            match names == expected {
                true => Ok(()),
                false => Err(format!("they are named {names:?}")),
            }
        },
    )
}

/// Some result of the `list` block at `address` has an identity with the attributes of
/// `expected` (a JSON object; attributes it leaves out may hold anything, so
/// `json!({"path": "a.txt"})` finds a result whose identity also names its root).
pub fn identity(address: &str, expected: impl Into<Json>) -> QueryCheck {
    let expected = expected.into();
    list_check(
        address,
        format!("{address} lists a result with identity {expected}"),
        move |found| {
            if found.iter().any(|r| r.has_identity(&expected)) {
                return Ok(());
            }
            let identities: Vec<String> = found.iter().map(|r| r.identity.to_string()).collect();
            Err(format!(
                "it listed the identities [{}]",
                identities.join(", ")
            ))
        },
    )
}

/// The start of a check of one attribute value of the result with a given identity:
/// finish it with [`ValueCheck::equals`] or [`ValueCheck::matches`].
#[derive(Debug, Clone)]
pub struct ValueCheck {
    address: String,
    identity: Json,
    path_text: String,
    path: Result<AttrPath, String>,
}

/// A check of the value at `path` (as `.content`, see [`AttrPath`]) of the first result of
/// the `list` block at `address` whose identity has the attributes of `identity` (as for
/// [`identity`]). Results carry values only when
/// the block sets `include_resource = true`; without, the check fails saying so.
pub fn value(address: &str, identity: impl Into<Json>, path: &str) -> ValueCheck {
    ValueCheck {
        address: address.to_owned(),
        identity: identity.into(),
        path_text: path.to_owned(),
        path: AttrPath::parse(path),
    }
}

impl ValueCheck {
    fn finish(self, what: String, test: impl ValueTest) -> QueryCheck {
        let description = format!(
            "the result of {} with identity {} has {} {what}",
            self.address, self.identity, self.path_text
        );
        let (identity, path) = (self.identity, self.path);
        list_check(&self.address, description, move |found| {
            let path = path.as_ref().map_err(Clone::clone)?;
            let result = (found.iter().find(|r| r.has_identity(&identity))).ok_or_else(|| {
                format!("no result has that identity; it listed {}", names(found))
            })?;
            let values = result.values.as_ref().ok_or(
                "the result has no values: the list block needs `include_resource = true`",
            )?;
            test(path.find(values))
        })
    }

    /// The value equals `expected` (JSON as `terraform query -json` prints it).
    pub fn equals(self, expected: impl Into<Json>) -> QueryCheck {
        let expected = expected.into();
        self.finish(format!("equal to {expected}"), value_test::equals(expected))
    }

    /// The value is a string matching the regular expression `pattern` (syntax of the
    /// `regex-lite` crate).
    pub fn matches(self, pattern: &str) -> QueryCheck {
        self.finish(
            format!("matching /{pattern}/"),
            value_test::matches(pattern),
        )
    }

    /// The value is there and not null.
    pub fn is_set(self) -> QueryCheck {
        self.finish("set".to_owned(), value_test::is_set())
    }

    /// The value is null, or the path leads nowhere (as an element of an empty list).
    pub fn is_null(self) -> QueryCheck {
        self.finish("null".to_owned(), value_test::is_null())
    }
}

/// A check of the test's own over every result of the query (of all its `list` blocks),
/// described by `description`.
pub fn custom<F>(description: &str, check: F) -> QueryCheck
where
    F: Fn(&[QueryResult]) -> Result<(), String> + Send + Sync + 'static,
{
    QueryCheck {
        description: description.to_owned(),
        address: None,
        run: Arc::new(check),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const LIST: &str = "list.localfs_file.etc";

    fn stdout() -> Vec<u8> {
        let found = |name: &str, values: Json| {
            json!({"type": "list_resource_found", "list_resource_found": {
                "address": LIST, "display_name": name, "identity": {"path": name},
                "resource_object": values,
            }})
            .to_string()
        };
        [
            json!({"type": "version", "terraform": "1.15.5"}).to_string(),
            "not JSON".to_owned(),
            found("etc/a.conf", json!({"content": "a", "size": 1})),
            found("etc/b.conf", Json::Null),
            json!({"type": "list_complete", "list_complete": {"address": LIST, "total": 2}})
                .to_string(),
        ]
        .join("\n")
        .into_bytes()
    }

    #[test]
    fn results_are_read_from_the_json_lines() {
        let all = results(&stdout());
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].display_name, "etc/a.conf");
        assert_eq!(all[0].identity, json!({"path": "etc/a.conf"}));
        assert_eq!(all[0].values, Some(json!({"content": "a", "size": 1})));
        assert_eq!(all[1].values, None);
    }

    #[test]
    fn each_check_says_what_it_found() {
        let all = results(&stdout());
        assert_eq!(length(LIST, 2).check(&all), Ok(()));
        let three = length(LIST, 3);
        assert_eq!(three.description(), "list.localfs_file.etc lists 3 results");
        assert_eq!(three.address(), Some(LIST));
        assert_eq!(
            three.check(&all),
            Err(r#"it listed 2: ["etc/a.conf", "etc/b.conf"]"#.to_owned())
        );
        assert_eq!(
            length("list.x.y", 1).check(&all),
            Err("it listed 0: []".to_owned())
        );
        assert_eq!(length_at_least(LIST, 2).check(&all), Ok(()));
        assert_eq!(
            length_at_least(LIST, 3).check(&all),
            Err(r#"it listed 2: ["etc/a.conf", "etc/b.conf"]"#.to_owned())
        );
        assert_eq!(
            display_names(LIST, &["etc/a.conf", "etc/b.conf"]).check(&all),
            Ok(())
        );
        assert_eq!(
            display_names(LIST, &["etc/b.conf"]).check(&all),
            Err(r#"they are named ["etc/a.conf", "etc/b.conf"]"#.to_owned())
        );
        assert_eq!(
            identity(LIST, json!({"path": "etc/b.conf"})).check(&all),
            Ok(())
        );
        // Attributes left out match anything; an attribute the identity lacks matches nothing.
        assert_eq!(identity(LIST, json!({})).check(&all), Ok(()));
        assert!(identity(LIST, json!({"path": "etc/b.conf", "root": "/r"}))
            .check(&all)
            .is_err());
        let missing = identity(LIST, json!({"path": "etc/c.conf"}));
        assert_eq!(
            missing.description(),
            r#"list.localfs_file.etc lists a result with identity {"path":"etc/c.conf"}"#
        );
        assert_eq!(
            missing.check(&all),
            Err(
                r#"it listed the identities [{"path":"etc/a.conf"}, {"path":"etc/b.conf"}]"#
                    .to_owned()
            )
        );
        assert_eq!(
            custom("two in all", |r| (r.len() == 2)
                .then_some(())
                .ok_or("no".into()))
            .check(&all),
            Ok(())
        );
    }

    #[test]
    fn value_checks_find_the_result_by_identity() {
        let all = results(&stdout());
        let a = json!({"path": "etc/a.conf"});
        let content = value(LIST, a.clone(), ".content").equals("a");
        assert_eq!(
            content.description(),
            r#"the result of list.localfs_file.etc with identity {"path":"etc/a.conf"} has .content equal to "a""#
        );
        assert_eq!(content.check(&all), Ok(()));
        assert_eq!(
            value(LIST, a.clone(), ".size").equals(2).check(&all),
            Err("found 1".to_owned())
        );
        assert_eq!(
            value(LIST, a.clone(), ".content")
                .matches("^b$")
                .check(&all),
            Err(r#"found "a""#.to_owned())
        );
        assert_eq!(
            value(LIST, a.clone(), ".nope").equals(1).check(&all),
            Err("the attribute is not there".to_owned())
        );
        assert_eq!(
            value(LIST, json!({"path": "etc/b.conf"}), ".content")
                .equals("b")
                .check(&all),
            Err(
                "the result has no values: the list block needs `include_resource = true`"
                    .to_owned()
            )
        );
        assert_eq!(
            value(LIST, json!({"path": "x"}), ".content")
                .equals("b")
                .check(&all),
            Err(
                r#"no result has that identity; it listed ["etc/a.conf", "etc/b.conf"]"#.to_owned()
            )
        );
        assert!(value(LIST, a.clone(), ".a[").equals(1).check(&all).is_err());
        assert!(value(LIST, a, ".content")
            .matches("(")
            .check(&all)
            .unwrap_err()
            .starts_with("the pattern is not a regular expression"));
    }
}
