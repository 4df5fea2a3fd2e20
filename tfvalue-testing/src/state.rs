//! Checks of the state after a step: a value by resource address and attribute path, a
//! whole resource decoded into its model, a resource present or absent, a resource's
//! identity (Terraform 1.12 and later store one for resources whose provider declares it).
//!
//! They read the state as `terraform show -json` prints it, where a resource's `values`
//! are its attributes as plain JSON (numbers as JSON numbers, sets as arrays).

use std::fmt;

use serde_json::Value as Json;

use crate::attr_path::AttrPath;
use crate::value_test::{self, ValueTest};

type CheckFn = dyn Fn(&Json) -> Result<(), String> + Send + Sync;

/// One check of the state after a step; build it with [`value`], [`typed`], [`exists`],
/// [`absent`], [`identity`], [`identity_value`], [`identity_matches_value`] or [`custom`].
pub struct StateCheck {
    description: String,
    address: Option<String>,
    run: Box<CheckFn>,
}

impl fmt::Debug for StateCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

impl StateCheck {
    /// What the check asserts, for messages.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The resource the check is about, if one.
    pub fn address(&self) -> Option<&str> {
        self.address.as_deref()
    }

    /// Runs the check against a state from `terraform show -json`.
    ///
    /// # Errors
    /// What was found instead.
    pub fn check(&self, state: &Json) -> Result<(), String> {
        (self.run)(state)
    }
}

/// The start of a check of one attribute value: finish it with [`ValueCheck::equals`],
/// [`ValueCheck::matches`], [`ValueCheck::is_set`] or [`ValueCheck::is_null`].
#[derive(Debug, Clone)]
pub struct ValueCheck {
    address: String,
    path_text: String,
    path: Result<AttrPath, String>,
    /// Whether the path is in the resource's identity rather than its values.
    in_identity: bool,
}

/// A check of the value at `path` (as `.result` or `.keepers["a"]`, see
/// [`AttrPath`]) in the resource at `address` (as `random_string.x`,
/// `data.files_dir.d` or `module.m.files_file.f`).
pub fn value(address: &str, path: &str) -> ValueCheck {
    ValueCheck {
        address: address.to_owned(),
        path_text: path.to_owned(),
        path: AttrPath::parse(path),
        in_identity: false,
    }
}

/// A check of the value at `path` (as `.path`) of the identity of the resource at
/// `address`, finished as a value's ([`ValueCheck::equals`], [`ValueCheck::matches`]...).
/// A resource with no identity in the state (its provider declares none, or Terraform is
/// older than 1.12) fails it, saying so.
pub fn identity_value(address: &str, path: &str) -> ValueCheck {
    ValueCheck {
        in_identity: true,
        ..value(address, path)
    }
}

/// The identity of the resource at `address` is `expected` (a JSON object of every
/// identity attribute, as `json!({"path": "a.txt", "root": "/srv"})`).
pub fn identity(address: &str, expected: impl Into<Json>) -> StateCheck {
    let expected = expected.into();
    let owned = address.to_owned();
    StateCheck {
        description: format!("the identity of {address} is {expected}"),
        address: Some(owned.clone()),
        run: Box::new(move |state| {
            let found = identity_of(state, &owned)?;
            match *found == expected {
                true => Ok(()),
                false => Err(format!("found {found}")),
            }
        }),
    }
}

/// The value at `identity_path` of the identity of the resource at `address` equals the
/// value at `value_path` of its attributes (as `.path` and `.id`): the identity names the
/// object the values describe.
pub fn identity_matches_value(address: &str, identity_path: &str, value_path: &str) -> StateCheck {
    let owned = address.to_owned();
    let parsed = (AttrPath::parse(identity_path), AttrPath::parse(value_path));
    StateCheck {
        description: format!(
            "the identity of {address} at {identity_path} equals its value at {value_path}"
        ),
        address: Some(owned.clone()),
        run: Box::new(move |state| {
            let (in_identity, in_values) = match &parsed {
                (Ok(a), Ok(b)) => (a, b),
                (Err(e), _) | (_, Err(e)) => return Err(e.clone()),
            };
            let identity = identity_of(state, &owned)?;
            let resource = resource_in(state, &owned)
                .ok_or_else(|| format!("there is no {owned} in the state"))?;
            let a = in_identity
                .find(identity)
                .ok_or("the identity has no such attribute")?;
            let b =
                (in_values.find(&resource["values"])).ok_or("the values have no such attribute")?;
            match a == b {
                true => Ok(()),
                false => Err(format!("the identity holds {a}, the values {b}")),
            }
        }),
    }
}

/// The identity of the resource at `address`.
fn identity_of<'s>(state: &'s Json, address: &str) -> Result<&'s Json, String> {
    let resource =
        resource_in(state, address).ok_or_else(|| format!("there is no {address} in the state"))?;
    match &resource["identity"] {
        Json::Null => Err(format!(
            "{address} has no identity in the state (its provider declares none, or Terraform \
             is older than 1.12)"
        )),
        identity => Ok(identity),
    }
}

impl ValueCheck {
    fn finish(self, what: String, test: impl ValueTest) -> StateCheck {
        let description = match self.in_identity {
            true => format!(
                "the identity of {} at {} {what}",
                self.address, self.path_text
            ),
            false => format!("{}{} {what}", self.address, self.path_text),
        };
        let address = self.address.clone();
        let in_identity = self.in_identity;
        StateCheck {
            description,
            address: Some(self.address.clone()),
            run: Box::new(move |state| {
                let path = self.path.as_ref().map_err(Clone::clone)?;
                if in_identity {
                    return test(path.find(identity_of(state, &address)?));
                }
                let resource = resource_in(state, &address)
                    .ok_or_else(|| format!("there is no {address} in the state"))?;
                test(path.find(&resource["values"]))
            }),
        }
    }

    /// The value equals `expected` (JSON as `terraform show -json` prints it: a number is
    /// a number, a set an array).
    pub fn equals(self, expected: impl Into<Json>) -> StateCheck {
        let expected = expected.into();
        self.finish(format!("equals {expected}"), value_test::equals(expected))
    }

    /// The value is a string matching the regular expression `pattern` (syntax of the
    /// `regex-lite` crate; anchor it with `^…$` to match the whole value).
    pub fn matches(self, pattern: &str) -> StateCheck {
        self.finish(format!("matches /{pattern}/"), value_test::matches(pattern))
    }

    /// The value is there and not null.
    pub fn is_set(self) -> StateCheck {
        self.finish("is set".to_owned(), value_test::is_set())
    }

    /// The value is null, or the path leads nowhere (as an element of an empty list).
    pub fn is_null(self) -> StateCheck {
        self.finish("is null".to_owned(), value_test::is_null())
    }
}

/// A check of the whole resource at `address`, decoded into its model `T` (the type
/// the provider declares it with) through the model's Terraform type, as the provider
/// itself decodes it: `check` gets typed fields instead of JSON.
pub fn typed<T, F>(address: &str, check: F) -> StateCheck
where
    T: tfvalue::TfSchema + serde::de::DeserializeOwned,
    F: Fn(&T) -> Result<(), String> + Send + Sync + 'static,
{
    let owned = address.to_owned();
    StateCheck {
        description: format!(
            "{address}, read as {}, passes the test's check",
            std::any::type_name::<T>()
        ),
        address: Some(owned.clone()),
        run: Box::new(move |state| {
            let resource = resource_in(state, &owned)
                .ok_or_else(|| format!("there is no {owned} in the state"))?;
            let model = decode_values::<T>(&resource["values"])?;
            check(&model)
        }),
    }
}

/// The resource at `address` is in the state.
pub fn exists(address: &str) -> StateCheck {
    let owned = address.to_owned();
    StateCheck {
        description: format!("{address} is in the state"),
        address: Some(owned.clone()),
        run: Box::new(move |state| match resource_in(state, &owned) {
            Some(_) => Ok(()),
            None => Err(format!("the state holds {:?}", addresses(state))),
        }),
    }
}

/// The resource at `address` is not in the state.
pub fn absent(address: &str) -> StateCheck {
    let owned = address.to_owned();
    StateCheck {
        description: format!("{address} is not in the state"),
        address: Some(owned.clone()),
        run: Box::new(move |state| match resource_in(state, &owned) {
            Some(resource) => Err(format!("it is, with values {}", resource["values"])),
            None => Ok(()),
        }),
    }
}

/// A check of the test's own over the whole state (as `terraform show -json` prints
/// it), described by `description`.
pub fn custom<F>(description: &str, check: F) -> StateCheck
where
    F: Fn(&Json) -> Result<(), String> + Send + Sync + 'static,
{
    StateCheck {
        description: description.to_owned(),
        address: None,
        run: Box::new(check),
    }
}

/// The resource at `address` in a state from `terraform show -json` (any module).
pub fn resource_in<'s>(state: &'s Json, address: &str) -> Option<&'s Json> {
    all_resources(state)
        .into_iter()
        .find(|r| r["address"] == address)
}

/// The value at `path` (as `.id` or `.keepers["a"]`, see [`AttrPath`]) of the resource at
/// `address` in a state from `terraform show -json`.
///
/// # Errors
/// The path does not parse, or the state has no such resource or no value there.
pub fn attribute<'s>(state: &'s Json, address: &str, path: &str) -> Result<&'s Json, String> {
    let parsed = AttrPath::parse(path)?;
    let resource =
        resource_in(state, address).ok_or_else(|| format!("there is no {address} in the state"))?;
    parsed
        .find(&resource["values"])
        .ok_or_else(|| format!("{address} has no value at {path}"))
}

/// Every resource address in a state from `terraform show -json` (any module), managed
/// and data alike.
pub fn addresses(state: &Json) -> Vec<String> {
    all_resources(state)
        .into_iter()
        .filter_map(|r| r["address"].as_str().map(str::to_owned))
        .collect()
}

/// The managed resources (not data sources) in a state, by address.
pub fn managed_addresses(state: &Json) -> Vec<String> {
    all_resources(state)
        .into_iter()
        .filter(|r| r["mode"] == "managed")
        .filter_map(|r| r["address"].as_str().map(str::to_owned))
        .collect()
}

fn all_resources(state: &Json) -> Vec<&Json> {
    fn walk<'s>(module: &'s Json, out: &mut Vec<&'s Json>) {
        if let Some(resources) = module["resources"].as_array() {
            out.extend(resources);
        }
        if let Some(children) = module["child_modules"].as_array() {
            for child in children {
                walk(child, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&state["values"]["root_module"], &mut out);
    out
}

/// A resource's `values` decoded into `T` through `T`'s Terraform type.
///
/// # Errors
/// When they do not fit the type; the message names the attribute.
pub fn decode_values<T>(values: &Json) -> Result<T, String>
where
    T: tfvalue::TfSchema + serde::de::DeserializeOwned,
{
    let ty = T::tf_type();
    let bytes = serde_json::to_vec(values).map_err(|e| e.to_string())?;
    let value = tfvalue::Value::from_json(&bytes, &ty)
        .map_err(|e| format!("the values do not fit the model's type: {e}"))?;
    value
        .decode_as::<T>()
        .map_err(|e| format!("the values do not decode into the model: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn state() -> Json {
        json!({"values": {"root_module": {
            "resources": [
                {"address": "random_string.x", "mode": "managed",
                 "values": {"result": "abc", "keepers": {"a": "1"}, "special": null}},
                {"address": "data.d.x", "mode": "data", "values": {}}
            ],
            "child_modules": [{"resources": [
                {"address": "module.m.t.y", "mode": "managed", "values": {"n": 3}}
            ]}]
        }}})
    }

    #[test]
    fn attributes_are_found_by_address_and_path() {
        let s = state();
        assert_eq!(
            attribute(&s, "random_string.x", ".result"),
            Ok(&json!("abc"))
        );
        assert_eq!(attribute(&s, "module.m.t.y", ".n"), Ok(&json!(3)));
        assert_eq!(
            attribute(&s, "random_string.y", ".result"),
            Err("there is no random_string.y in the state".to_owned())
        );
        assert_eq!(
            attribute(&s, "random_string.x", ".nope"),
            Err("random_string.x has no value at .nope".to_owned())
        );
    }

    #[test]
    fn value_checks_pass_and_fail_with_what_was_found() {
        let s = state();
        assert_eq!(
            value("random_string.x", ".result").equals("abc").check(&s),
            Ok(())
        );
        assert_eq!(
            value("random_string.x", ".result").equals("abd").check(&s),
            Err("found \"abc\"".to_owned())
        );
        assert_eq!(
            value("random_string.x", r#".keepers["a"]"#)
                .matches("^[0-9]$")
                .check(&s),
            Ok(())
        );
        assert!(value("random_string.x", ".result")
            .matches("^[0-9]+$")
            .check(&s)
            .is_err());
        assert_eq!(
            value("random_string.x", ".special").is_null().check(&s),
            Ok(())
        );
        assert_eq!(
            value("random_string.x", ".special").is_set().check(&s),
            Err("found null".to_owned())
        );
        assert_eq!(value("module.m.t.y", ".n").equals(3).check(&s), Ok(()));
        assert_eq!(
            value("random_string.z", ".result").is_set().check(&s),
            Err("there is no random_string.z in the state".to_owned())
        );
        let bad = value("random_string.x", ".a[")
            .is_set()
            .check(&s)
            .unwrap_err();
        assert!(bad.contains("unterminated"), "{bad}");
        let bad = value("random_string.x", ".result")
            .matches("(")
            .check(&s)
            .unwrap_err();
        assert!(
            bad.starts_with("the pattern is not a regular expression"),
            "{bad}"
        );
    }

    #[test]
    fn identity_checks_read_the_identity() {
        let s = json!({"values": {"root_module": {"resources": [
            {"address": "f.a", "mode": "managed", "values": {"id": "a.txt", "n": 1},
             "identity": {"path": "a.txt", "root": "/r"}},
            {"address": "f.b", "mode": "managed", "values": {"id": "b.txt"}}
        ]}}});
        assert_eq!(
            identity("f.a", json!({"path": "a.txt", "root": "/r"})).check(&s),
            Ok(())
        );
        let wrong = identity("f.a", json!({"path": "b.txt"}));
        assert_eq!(
            wrong.description(),
            r#"the identity of f.a is {"path":"b.txt"}"#
        );
        assert_eq!(
            wrong.check(&s),
            Err(r#"found {"path":"a.txt","root":"/r"}"#.to_owned())
        );
        let path = identity_value("f.a", ".path").equals("a.txt");
        assert_eq!(
            path.description(),
            r#"the identity of f.a at .path equals "a.txt""#
        );
        assert_eq!(path.check(&s), Ok(()));
        assert_eq!(
            identity_value("f.a", ".root").matches("^/x$").check(&s),
            Err(r#"found "/r""#.to_owned())
        );
        assert_eq!(
            identity_value("f.a", ".nope").is_set().check(&s),
            Err("the attribute is not there".to_owned())
        );
        assert!(identity_value("f.b", ".path")
            .is_set()
            .check(&s)
            .unwrap_err()
            .starts_with("f.b has no identity in the state"));
        assert_eq!(
            identity("f.c", json!({})).check(&s),
            Err("there is no f.c in the state".to_owned())
        );
        assert_eq!(
            identity_matches_value("f.a", ".path", ".id").check(&s),
            Ok(())
        );
        let differs = identity_matches_value("f.a", ".root", ".id");
        assert_eq!(
            differs.description(),
            "the identity of f.a at .root equals its value at .id"
        );
        assert_eq!(
            differs.check(&s),
            Err(r#"the identity holds "/r", the values "a.txt""#.to_owned())
        );
        assert_eq!(
            identity_matches_value("f.a", ".path", ".nope").check(&s),
            Err("the values have no such attribute".to_owned())
        );
        assert_eq!(
            identity_matches_value("f.a", ".nope", ".id").check(&s),
            Err("the identity has no such attribute".to_owned())
        );
        assert!(identity_matches_value("f.a", ".a[", ".id")
            .check(&s)
            .is_err());
    }

    #[test]
    fn presence_checks_and_addresses() {
        let s = state();
        assert_eq!(exists("data.d.x").check(&s), Ok(()));
        assert!(absent("random_string.x").check(&s).is_err());
        assert_eq!(absent("random_string.q").check(&s), Ok(()));
        assert_eq!(
            managed_addresses(&s),
            vec!["random_string.x", "module.m.t.y"]
        );
        assert_eq!(addresses(&s).len(), 3);
    }
}
