//! The repair of stored `random_string` and `random_password` states of the current schema
//! version whose settings are null. Imports by provider 3.3.1 and older stored only `id`
//! and `result` (and `bcrypt_hash`); `random_string` has kept schema version 2 since, so
//! such a state reaches the provider as a current one, with a null `length` that the model
//! requires. Upstream's upgrades to `random_password` version 3 fill those settings, but a
//! version-3 state can still hold nulls (written by other tools or by hand), and the same
//! repair applies. The settings are filled as upstream's import sets them, so that the
//! configuration matching the import plans no change: `length` is the result's length in
//! bytes (Go's `len`), the flags are true, the minimums 0.

use tfvalue::{Number, Value};
use tfvalue_provider::Diagnostic;

/// The flags that default to true.
const FLAGS: [&str; 3] = ["special", "upper", "lower"];
/// The minimums, which default to 0.
const MINIMUMS: [&str; 4] = ["min_numeric", "min_upper", "min_lower", "min_special"];

/// Sets `name` of `state` to `value` when it is null.
fn fill(state: &mut Value, name: &str, value: Value) {
    if let Some(slot) = state.attr_mut(name) {
        if slot.is_null() {
            *slot = value;
        }
    }
}

/// Whether `name` of `state` is null.
fn is_null(state: &Value, name: &str) -> bool {
    state.attr(name).is_some_and(Value::is_null)
}

/// Fills the null settings of a current-version state of `random_string` or
/// `random_password`; settings already stored are kept. `number` and `numeric` take each
/// other's value when one of them is null, true when both are. A state whose `length` and
/// `result` are both null cannot be repaired: an error at `length` says so.
pub fn repair_settings(state: &mut Value) -> Result<(), Diagnostic> {
    if is_null(state, "length") {
        let Some(length) = state.attr("result").and_then(Value::as_str).map(str::len) else {
            return Err(Diagnostic::error("Cannot repair the stored state")
                .with_detail(
                    "The stored state has neither `length` nor `result`, so nothing says how \
                     long the string is. Remove it from the state (`terraform state rm`) and \
                     import it again, or let Terraform create a new one.",
                )
                .at("length"));
        };
        fill(state, "length", Value::Number(Number::from(length)));
    }
    for flag in FLAGS {
        fill(state, flag, Value::Bool(true));
    }
    for minimum in MINIMUMS {
        fill(state, minimum, Value::Number(Number::from(0_i64)));
    }
    let number = state.attr("number").and_then(Value::as_bool);
    let numeric = state.attr("numeric").and_then(Value::as_bool);
    let either = Value::Bool(number.or(numeric).unwrap_or(true));
    fill(state, "number", either.clone());
    fill(state, "numeric", either);
    Ok(())
}

#[cfg(test)]
mod tests {
    use tfvalue::{AttributePath, Nullable, Unknown, Value};

    use super::repair_settings;
    use crate::password::Password;
    use crate::string::RandomString;

    /// A stored state of the model `M` read from `json` as the framework reads it.
    fn stored<M: tfvalue::TfSchema>(json: &str) -> Value {
        Value::from_json_lenient(json.as_bytes(), M::schema().object_type()).expect("state")
    }

    const IMPORTED: &str = r#"{"id": "Z=:cbrJE?Ltg", "result": "Z=:cbrJE?Ltg", "keepers": null,
        "length": null, "special": null, "upper": null, "lower": null, "number": null,
        "numeric": null, "min_numeric": null, "min_upper": null, "min_lower": null,
        "min_special": null, "override_special": null}"#;

    #[test]
    fn an_import_of_3_3_1_takes_the_import_settings() {
        let mut state = stored::<RandomString>(IMPORTED);
        repair_settings(&mut state).expect("repaired");
        let model: RandomString = state.decode_as().expect("decodes as the model");
        assert_eq!(model.settings.length, Unknown::known(12));
        for flag in [
            &model.settings.special,
            &model.settings.upper,
            &model.settings.lower,
            &model.settings.number,
            &model.settings.numeric,
        ] {
            assert_eq!(flag, &Unknown::known(Nullable::Value(true)));
        }
        for min in [
            &model.settings.min_numeric,
            &model.settings.min_upper,
            &model.settings.min_lower,
            &model.settings.min_special,
        ] {
            assert_eq!(min, &Unknown::known(Nullable::Value(0)));
        }
        assert_eq!(
            model.settings.override_special,
            Unknown::known(Nullable::Null)
        );
        assert_eq!(model.settings.keepers, Unknown::known(Nullable::Null));
        assert_eq!(
            model.result,
            Unknown::known(Nullable::Value("Z=:cbrJE?Ltg".to_owned()))
        );
    }

    #[test]
    fn length_counts_bytes_as_go_len_does() {
        let json = IMPORTED.replace("Z=:cbrJE?Ltg", "é€");
        let mut state = stored::<RandomString>(&json);
        repair_settings(&mut state).expect("repaired");
        let model: RandomString = state.decode_as().expect("decodes");
        assert_eq!(model.settings.length, Unknown::known(5));
    }

    #[test]
    fn stored_settings_are_kept() {
        let json = IMPORTED
            .replace(r#""length": null"#, r#""length": 20"#)
            .replace(r#""upper": null"#, r#""upper": false"#)
            .replace(r#""min_lower": null"#, r#""min_lower": 3"#)
            .replace(r#""numeric": null"#, r#""numeric": false"#);
        let mut state = stored::<Password>(&json);
        repair_settings(&mut state).expect("repaired");
        let model: Password = state.decode_as().expect("decodes");
        assert_eq!(model.settings.length, Unknown::known(20));
        assert_eq!(model.settings.upper, Unknown::known(Nullable::Value(false)));
        assert_eq!(model.settings.lower, Unknown::known(Nullable::Value(true)));
        assert_eq!(model.settings.min_lower, Unknown::known(Nullable::Value(3)));
        // `number` follows the stored `numeric`.
        assert_eq!(
            model.settings.number,
            Unknown::known(Nullable::Value(false))
        );
        assert_eq!(
            model.settings.numeric,
            Unknown::known(Nullable::Value(false))
        );
        let json = IMPORTED.replace(r#""number": null"#, r#""number": false"#);
        let mut state = stored::<RandomString>(&json);
        repair_settings(&mut state).expect("repaired");
        let model: RandomString = state.decode_as().expect("decodes");
        assert_eq!(
            model.settings.numeric,
            Unknown::known(Nullable::Value(false))
        );
    }

    #[test]
    fn a_whole_state_is_left_as_it_is() {
        let json = IMPORTED
            .replace("null", "true")
            .replace(r#""length": true"#, r#""length": 12"#)
            .replace(r#""keepers": true"#, r#""keepers": {"a": "b"}"#)
            .replace(r#""override_special": true"#, r#""override_special": "!""#)
            .replace(r#""min_numeric": true"#, r#""min_numeric": 1"#)
            .replace(r#""min_upper": true"#, r#""min_upper": 1"#)
            .replace(r#""min_lower": true"#, r#""min_lower": 1"#)
            .replace(r#""min_special": true"#, r#""min_special": 1"#);
        let before = stored::<RandomString>(&json);
        let mut state = before.clone();
        repair_settings(&mut state).expect("repaired");
        assert_eq!(state, before);
    }

    #[test]
    fn no_length_and_no_result_is_an_error_at_length() {
        let json = IMPORTED.replace(r#""result": "Z=:cbrJE?Ltg""#, r#""result": null"#);
        let mut state = stored::<RandomString>(&json);
        let error = repair_settings(&mut state).expect_err("nothing gives the length");
        assert_eq!(error.summary(), "Cannot repair the stored state");
        assert_eq!(
            error.attribute(),
            Some(&AttributePath::root().attr("length"))
        );
    }
}
