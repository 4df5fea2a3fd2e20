//! [`Private`]: the private state Terraform keeps beside an object's state (or an ephemeral
//! resource's, between open, renew and close), typed and keyed.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::author::diagnostics::Diagnostic;

/// Values the provider keeps with an object that Terraform stores but never shows or
/// compares: what a plan tells its apply, what create tells later reads, what an ephemeral
/// resource's open tells its renew and close. Each value is kept under a key, as JSON.
///
/// Keys beginning with `.` are the framework's: [`Private::set`] refuses them. On the wire
/// the private state is one JSON object of the keys; an empty one is sent as no bytes.
///
/// ```
/// use tfvalue_provider::Private;
///
/// let mut private = Private::new();
/// private.set("etag", &"W/\"42\"").unwrap();
/// assert_eq!(private.get::<String>("etag").unwrap().as_deref(), Some("W/\"42\""));
/// assert_eq!(private.get::<String>("lease").unwrap(), None);
/// assert!(private.set(".framework", &1).is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Private {
    entries: BTreeMap<String, serde_json::Value>,
    /// Bytes Terraform sent that are not a JSON object (stored by an earlier release of the
    /// provider): answered unchanged as long as nothing is set.
    unreadable: Option<Vec<u8>>,
}

impl Private {
    /// No private state.
    pub fn new() -> Private {
        Private::default()
    }

    /// The value under `key`, decoded as `T`; `None` when there is none.
    ///
    /// # Errors
    /// The value there does not decode as `T`.
    pub fn get<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, Diagnostic> {
        let Some(value) = self.entries.get(key) else {
            return Ok(None);
        };
        T::deserialize(value).map(Some).map_err(|e| {
            Diagnostic::error("Invalid private state").with_detail(format!(
                "The private state under {key:?} does not decode as {}: {e}. This is a bug \
                 in the provider.",
                std::any::type_name::<T>()
            ))
        })
    }

    /// Keeps `value` under `key`, replacing what was there.
    ///
    /// # Errors
    /// `key` begins with `.` (the framework's), or `value` does not encode as JSON.
    pub fn set<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Diagnostic> {
        if key.starts_with('.') {
            return Err(
                Diagnostic::error("Invalid private state key").with_detail(format!(
                    "The key {key:?} begins with \".\", which marks the framework's keys. This is \
                 a bug in the provider."
                )),
            );
        }
        let value = serde_json::to_value(value).map_err(|e| {
            Diagnostic::error("Invalid private state").with_detail(format!(
                "The value for {key:?} does not encode as JSON: {e}. This is a bug in the \
                 provider."
            ))
        })?;
        self.entries.insert(key.to_owned(), value);
        self.unreadable = None;
        Ok(())
    }

    /// Removes the value under `key`, if any.
    pub fn remove(&mut self, key: &str) {
        self.entries.remove(key);
    }

    /// Whether no value is kept.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.unreadable.is_none()
    }

    /// The private state Terraform sent.
    pub(crate) fn from_bytes(bytes: Vec<u8>) -> Private {
        if bytes.is_empty() {
            return Private::new();
        }
        match serde_json::from_slice::<BTreeMap<String, serde_json::Value>>(&bytes) {
            Ok(entries) => Private {
                entries,
                unreadable: None,
            },
            Err(_) => Private {
                entries: BTreeMap::new(),
                unreadable: Some(bytes),
            },
        }
    }

    /// The private state as Terraform is to keep it.
    pub(crate) fn into_bytes(self) -> Vec<u8> {
        if let Some(bytes) = self.unreadable {
            return bytes;
        }
        if self.entries.is_empty() {
            return Vec::new();
        }
        // A map of JSON values always encodes.
        serde_json::to_vec(&self.entries).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_form_is_one_json_object_and_empty_is_no_bytes() {
        let mut private = Private::new();
        assert_eq!(private.clone().into_bytes(), b"");
        private.set("b", &[1, 2]).unwrap();
        private.set("a", "x").unwrap();
        assert_eq!(private.clone().into_bytes(), br#"{"a":"x","b":[1,2]}"#);
        let back = Private::from_bytes(br#"{"a":"x","b":[1,2]}"#.to_vec());
        assert_eq!(back, private);
        assert_eq!(back.get::<Vec<u8>>("b").unwrap(), Some(vec![1, 2]));
        assert!(back.get::<u8>("a").is_err());
        private.remove("a");
        private.remove("b");
        assert!(private.is_empty());
        assert_eq!(private.into_bytes(), b"");
    }

    #[test]
    fn bytes_that_are_no_json_object_pass_unchanged_until_something_is_set() {
        let private = Private::from_bytes(b"\x00legacy".to_vec());
        assert!(!private.is_empty());
        assert_eq!(private.get::<String>("k").unwrap(), None);
        assert_eq!(private.clone().into_bytes(), b"\x00legacy");
        let mut private = private;
        private.set("k", "v").unwrap();
        assert_eq!(private.into_bytes(), br#"{"k":"v"}"#);
    }

    #[test]
    fn the_framework_keys_are_refused() {
        let mut private = Private::new();
        let error = private.set(".tfvalue", &1).unwrap_err();
        assert_eq!(error.summary(), "Invalid private state key");
    }
}
