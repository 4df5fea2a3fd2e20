//! Unknowns whose refinements leave a single value: go-cty's `RefinementBuilder.NewValue`
//! makes them that value when it decodes them, and so do tfvalue's decoders.

use super::Value;
use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_PINNED_LENGTH;
use crate::refinements::Refinements;
use crate::types::Type;

/// The known value an unknown of type `ty` with refinements `r` (already checked against
/// `ty`) is, if they leave one choice, as go-cty 1.16 reads it:
/// - a not-null number whose bounds are the same number, both inclusive: that number;
/// - a not-null list of exactly `n` elements: the list of `n` unknown elements (more than
///   [`MAX_PINNED_LENGTH`]: an [`ErrorKind::Limit`] error, where go-cty runs out of memory);
/// - a not-null set of 0 or 1 element, a not-null map of 0: that empty collection, or the
///   set of one unknown element (a set of more may hold fewer once its elements are known,
///   a map's keys are unknown: both stay unknown).
pub(crate) fn pinned_value(ty: &Type, r: &Refinements) -> Result<Option<Value>> {
    if let (Type::Number, Some(n)) = (ty, r.pinned_number()) {
        return Ok(Some(Value::Number(n.clone())));
    }
    let Some(n) = r.pinned_length() else {
        return Ok(None);
    };
    Ok(match (ty, n) {
        (Type::List(et), n) => {
            if n > MAX_PINNED_LENGTH {
                return Err(Error::new(
                    ErrorKind::Limit,
                    format!(
                        "an unknown list that is not null and has exactly {n} elements is that \
                         many unknown elements to Terraform, more than the limit of \
                         {MAX_PINNED_LENGTH}"
                    ),
                ));
            }
            let elements = (0..n).map(|_| Value::unknown((**et).clone())).collect();
            Some(Value::List((**et).clone(), elements))
        }
        (Type::Set(et), 0) => Some(Value::Set((**et).clone(), Vec::new())),
        (Type::Set(et), 1) => Some(Value::Set(
            (**et).clone(),
            vec![Value::unknown((**et).clone())],
        )),
        (Type::Map(et), 0) => Some(Value::Map((**et).clone(), Default::default())),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Number;

    fn not_null_length(lo: u64, hi: u64) -> Refinements {
        Refinements::new()
            .not_null()
            .with_length_lower_bound(lo)
            .and_then(|r| r.with_length_upper_bound(hi))
            .expect("valid bounds")
    }

    #[test]
    fn pinned_collections_are_known() {
        let s = Type::String;
        let list = Type::list(s.clone());
        assert_eq!(
            pinned_value(&list, &not_null_length(2, 2)).unwrap(),
            Some(Value::List(
                s.clone(),
                vec![Value::unknown(s.clone()), Value::unknown(s.clone())]
            ))
        );
        let set = Type::set(s.clone());
        assert_eq!(
            pinned_value(&set, &not_null_length(1, 1)).unwrap(),
            Some(Value::Set(s.clone(), vec![Value::unknown(s.clone())]))
        );
        assert_eq!(pinned_value(&set, &not_null_length(2, 2)).unwrap(), None);
        let map = Type::map(s.clone());
        assert_eq!(
            pinned_value(&map, &not_null_length(0, 0)).unwrap(),
            Some(Value::Map(s.clone(), Default::default()))
        );
        assert_eq!(pinned_value(&map, &not_null_length(1, 1)).unwrap(), None);
        // Without "not null", nothing is pinned.
        let r = Refinements::new().with_length_upper_bound(0).unwrap();
        assert_eq!(pinned_value(&list, &r).unwrap(), None);
    }

    #[test]
    fn a_pinned_list_past_the_limit_is_refused() {
        let list = Type::list(Type::String);
        let at = not_null_length(MAX_PINNED_LENGTH, MAX_PINNED_LENGTH);
        assert!(matches!(
            pinned_value(&list, &at).unwrap(),
            Some(Value::List(_, es)) if es.len() == 64
        ));
        let past = not_null_length(MAX_PINNED_LENGTH + 1, MAX_PINNED_LENGTH + 1);
        let e = pinned_value(&list, &past).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert!(e.message().contains("exactly 65 elements"), "{e}");
    }

    #[test]
    fn a_pinned_number_is_known() {
        let five = Number::from(5);
        let r = Refinements::new()
            .not_null()
            .with_number_lower_bound(five.clone(), true)
            .and_then(|r| r.with_number_upper_bound(five.clone(), true))
            .unwrap();
        assert_eq!(
            pinned_value(&Type::Number, &r).unwrap(),
            Some(Value::Number(five))
        );
    }
}
