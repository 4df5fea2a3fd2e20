//! What a value check asks of the value found at its path, shared by the state's value
//! checks ([`crate::state::value`]) and the query's ([`crate::query::value`]); each names the
//! check in its own words.

use serde_json::Value as Json;

/// The value found at a path (`None`: the path leads nowhere) passes, or what was found.
pub(crate) trait ValueTest:
    Fn(Option<&Json>) -> Result<(), String> + Send + Sync + 'static
{
}

impl<F> ValueTest for F where F: Fn(Option<&Json>) -> Result<(), String> + Send + Sync + 'static {}

/// The value equals `expected`.
pub(crate) fn equals(expected: Json) -> impl ValueTest {
    move |found| match found {
        Some(found) if *found == expected => Ok(()),
        Some(found) => Err(format!("found {found}")),
        None => Err("the attribute is not there".to_owned()),
    }
}

/// The value is a string matching the regular expression `pattern`; a pattern that does
/// not compile fails the check, saying so.
pub(crate) fn matches(pattern: &str) -> impl ValueTest {
    let compiled = regex_lite::Regex::new(pattern).map_err(|e| e.to_string());
    move |found| {
        let regex = compiled
            .as_ref()
            .map_err(|e| format!("the pattern is not a regular expression: {e}"))?;
        match found {
            Some(Json::String(s)) if regex.is_match(s) => Ok(()),
            Some(found) => Err(format!("found {found}")),
            None => Err("the attribute is not there".to_owned()),
        }
    }
}

/// The value is there and not null.
pub(crate) fn is_set() -> impl ValueTest {
    |found| match found {
        Some(Json::Null) => Err("found null".to_owned()),
        Some(_) => Ok(()),
        None => Err("the attribute is not there".to_owned()),
    }
}

/// The value is null, or the path leads nowhere.
pub(crate) fn is_null() -> impl ValueTest {
    |found| match found {
        None | Some(Json::Null) => Ok(()),
        Some(found) => Err(format!("found {found}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_test_says_what_it_found() {
        assert_eq!(equals(json!(1))(Some(&json!(1))), Ok(()));
        assert_eq!(
            equals(json!(1))(Some(&json!("1"))),
            Err("found \"1\"".to_owned())
        );
        assert_eq!(
            equals(json!(1))(None),
            Err("the attribute is not there".to_owned())
        );
        assert_eq!(matches("^a+$")(Some(&json!("aa"))), Ok(()));
        assert_eq!(matches("^a+$")(Some(&json!(7))), Err("found 7".to_owned()));
        assert!(matches("(")(Some(&json!("a")))
            .unwrap_err()
            .starts_with("the pattern is not a regular expression: "));
        assert_eq!(is_set()(Some(&json!(null))), Err("found null".to_owned()));
        assert_eq!(is_set()(Some(&json!(false))), Ok(()));
        assert_eq!(is_null()(None), Ok(()));
        assert_eq!(is_null()(Some(&json!([]))), Err("found []".to_owned()));
    }
}
