//! `TfType`: the Terraform type of a Rust type.
//!
//! Implemented here for the standard types; `#[derive(TfSchema)]` implements it for model
//! structs (an object type). The wrappers `Option<T>`, `Nullable<T>` and `Unknown<T>` are
//! transparent: they say whether a value may be null or unknown, not what type it has.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use crate::number::Number;
use crate::types::Type;
use crate::value::Value;
use crate::Nullable;

/// A Rust type with a Terraform type.
pub trait TfType {
    /// The Terraform type values of this Rust type have.
    fn tf_type() -> Type;

    /// True when the type contains `dynamic` anywhere. Known at compile time, so that
    /// `#[derive(TfSchema)]` can reject a dynamic attribute inside a SET block (Terraform
    /// does not allow one) when the program is compiled.
    const HAS_DYNAMIC: bool = false;
}

macro_rules! tf_type {
    ($ty:expr => $($t:ty),*) => {$(
        impl TfType for $t {
            fn tf_type() -> Type {
                $ty
            }
        }
    )*};
}

tf_type!(Type::String => String, str, char);
tf_type!(Type::Bool => bool);
tf_type!(Type::Number => Number, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64);
impl TfType for Value {
    fn tf_type() -> Type {
        Type::Dynamic
    }
    const HAS_DYNAMIC: bool = true;
}

impl<T: TfType + ?Sized> TfType for &T {
    fn tf_type() -> Type {
        T::tf_type()
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

impl<T: TfType + ?Sized + ToOwned> TfType for Cow<'_, T> {
    fn tf_type() -> Type {
        T::tf_type()
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

macro_rules! transparent {
    ($($t:ident),*) => {$(
        impl<T: TfType + ?Sized> TfType for $t<T> {
            fn tf_type() -> Type {
                T::tf_type()
            }
            const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
        }
    )*};
}
transparent!(Box, Rc, Arc);

impl<T: TfType> TfType for Option<T> {
    fn tf_type() -> Type {
        T::tf_type()
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

impl<T: TfType> TfType for Nullable<T> {
    fn tf_type() -> Type {
        T::tf_type()
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

impl<T: TfType> TfType for Vec<T> {
    fn tf_type() -> Type {
        Type::list(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

impl<T: TfType> TfType for [T] {
    fn tf_type() -> Type {
        Type::list(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

impl<T: TfType> TfType for BTreeSet<T> {
    fn tf_type() -> Type {
        Type::set(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

impl<T: TfType, S> TfType for HashSet<T, S> {
    fn tf_type() -> Type {
        Type::set(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

impl<K: AsRef<str>, T: TfType> TfType for BTreeMap<K, T> {
    fn tf_type() -> Type {
        Type::map(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

impl<K: AsRef<str>, T: TfType, S> TfType for HashMap<K, T, S> {
    fn tf_type() -> Type {
        Type::map(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
}

macro_rules! tuple {
    ($($name:ident)+) => {
        impl<$($name: TfType),+> TfType for ($($name,)+) {
            fn tf_type() -> Type {
                Type::tuple([$($name::tf_type()),+])
            }
            const HAS_DYNAMIC: bool = false $(|| $name::HAS_DYNAMIC)+;
        }
    };
}
tuple!(A);
tuple!(A B);
tuple!(A B C);
tuple!(A B C D);
tuple!(A B C D E);
tuple!(A B C D E F);
tuple!(A B C D E F G);
tuple!(A B C D E F G H);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Unknown;

    #[test]
    fn std_types_map_to_terraform_types() {
        assert_eq!(String::tf_type(), Type::String);
        assert_eq!(<Unknown<Nullable<u32>>>::tf_type(), Type::Number);
        assert_eq!(
            <Vec<Option<String>>>::tf_type().to_json(),
            r#"["list","string"]"#
        );
        assert_eq!(<BTreeSet<i64>>::tf_type().to_json(), r#"["set","number"]"#);
        assert_eq!(
            <HashMap<String, bool>>::tf_type().to_json(),
            r#"["map","bool"]"#
        );
        assert_eq!(
            <(String, f64)>::tf_type().to_json(),
            r#"["tuple",["string","number"]]"#
        );
        assert_eq!(Value::tf_type(), Type::Dynamic);
        assert_eq!(<Cow<'_, str>>::tf_type(), Type::String);
        const {
            assert!(!<Vec<Option<String>>>::HAS_DYNAMIC);
            assert!(<Vec<Unknown<Nullable<Value>>>>::HAS_DYNAMIC);
            assert!(<(String, BTreeMap<String, Value>)>::HAS_DYNAMIC);
        }
    }
}
