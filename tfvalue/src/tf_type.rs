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
use crate::semantics::Semantics;
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

    /// True when a value of this type can be null: `Option<T>`, [`Nullable<T>`], [`Value`],
    /// and the wrappers around them (`Unknown<Nullable<T>>`, `&T`, `Box<T>`, ...). Decided
    /// by the type, not by how it is spelled, so a type alias answers as the type it names.
    /// `#[derive(TfSchema)]` uses it to require a nullable type for optional, computed and
    /// write-only attributes; provider functions use it to say whether a parameter accepts
    /// null.
    const CAN_BE_NULL: bool = false;

    /// True when a value of this type can be unknown: [`Unknown<T>`](crate::Unknown),
    /// [`Value`], and the wrappers around them (`Nullable<Unknown<T>>`, `&T`, `Box<T>`,
    /// ...). Decided by the type, as [`TfType::CAN_BE_NULL`] is. `#[derive(TfSchema)]`
    /// uses it to require a type that can be unknown for computed attributes; provider
    /// functions use it to say whether a parameter accepts unknown values.
    const CAN_BE_UNKNOWN: bool = false;

    /// True when the type declares null as one of its states: `Option<T>`,
    /// [`Nullable<T>`], and the wrappers around them (`Unknown<Nullable<T>>`, `&T`,
    /// `Box<T>`, ...). Decided by the type, as [`TfType::CAN_BE_NULL`] is. It differs from
    /// `CAN_BE_NULL` for [`Value`] alone, which holds null as one of the values a dynamic
    /// attribute takes rather than by declaring it. `#[derive(TfSchema)]` makes a field
    /// whose keys say neither `required`, `optional` nor `computed` optional when its type
    /// declares null, and required otherwise.
    const DECLARES_NULL: bool = false;

    /// The validation and semantic equality of a custom type
    /// ([`CustomType`](crate::custom_types::CustomType)) this type's values hold: `None`
    /// (the default) for every type but custom types, the wrappers around them (`Unknown<T>`,
    /// `Nullable<T>`, `Option<T>`, `&T`, `Box<T>`, ...), which forward it, and lists, sets
    /// and maps of them, which hold it at their elements
    /// ([`Semantics::elements`](crate::custom_types::Semantics::elements)). Decided by the
    /// type, as [`TfType::CAN_BE_NULL`] is; `#[derive(TfSchema)]` asks each attribute's type
    /// for it, and the framework validates and keeps semantically equal values with it.
    const SEMANTICS: Option<Semantics> = None;

    /// True for a binary floating-point number (`f64`, `f32`) and the wrappers around one
    /// (`Unknown<Nullable<f64>>`, `&T`, `Box<T>`, ...): its declared validators print numbers
    /// as terraform-plugin-framework-validators' `float64validator` does, with six decimals
    /// (`value must be at least 1.500000, got: 0.250000`), where an integer's print as
    /// `int64validator`'s do. Decided by the type, as [`TfType::CAN_BE_NULL`] is.
    const DECIMAL: bool = false;
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
tf_type!(Type::Number => Number, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

macro_rules! decimal {
    ($($t:ty),*) => {$(
        impl TfType for $t {
            fn tf_type() -> Type {
                Type::Number
            }
            const DECIMAL: bool = true;
        }
    )*};
}
decimal!(f32, f64);
impl TfType for Value {
    fn tf_type() -> Type {
        Type::Dynamic
    }
    const HAS_DYNAMIC: bool = true;
    const CAN_BE_NULL: bool = true;
    const CAN_BE_UNKNOWN: bool = true;
}

impl<T: TfType + ?Sized> TfType for &T {
    fn tf_type() -> Type {
        T::tf_type()
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const CAN_BE_NULL: bool = T::CAN_BE_NULL;
    const CAN_BE_UNKNOWN: bool = T::CAN_BE_UNKNOWN;
    const DECLARES_NULL: bool = T::DECLARES_NULL;
    const SEMANTICS: Option<Semantics> = T::SEMANTICS;
    const DECIMAL: bool = T::DECIMAL;
}

impl<T: TfType + ?Sized + ToOwned> TfType for Cow<'_, T> {
    fn tf_type() -> Type {
        T::tf_type()
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const CAN_BE_NULL: bool = T::CAN_BE_NULL;
    const CAN_BE_UNKNOWN: bool = T::CAN_BE_UNKNOWN;
    const DECLARES_NULL: bool = T::DECLARES_NULL;
    const SEMANTICS: Option<Semantics> = T::SEMANTICS;
    const DECIMAL: bool = T::DECIMAL;
}

macro_rules! transparent {
    ($($t:ident),*) => {$(
        impl<T: TfType + ?Sized> TfType for $t<T> {
            fn tf_type() -> Type {
                T::tf_type()
            }
            const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
            const CAN_BE_NULL: bool = T::CAN_BE_NULL;
            const CAN_BE_UNKNOWN: bool = T::CAN_BE_UNKNOWN;
            const DECLARES_NULL: bool = T::DECLARES_NULL;
            const SEMANTICS: Option<Semantics> = T::SEMANTICS;
            const DECIMAL: bool = T::DECIMAL;
        }
    )*};
}
transparent!(Box, Rc, Arc);

impl<T: TfType> TfType for Option<T> {
    fn tf_type() -> Type {
        T::tf_type()
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const CAN_BE_NULL: bool = true;
    const CAN_BE_UNKNOWN: bool = T::CAN_BE_UNKNOWN;
    const DECLARES_NULL: bool = true;
    const SEMANTICS: Option<Semantics> = T::SEMANTICS;
    const DECIMAL: bool = T::DECIMAL;
}

impl<T: TfType> TfType for Nullable<T> {
    fn tf_type() -> Type {
        T::tf_type()
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const CAN_BE_NULL: bool = true;
    const CAN_BE_UNKNOWN: bool = T::CAN_BE_UNKNOWN;
    const DECLARES_NULL: bool = true;
    const SEMANTICS: Option<Semantics> = T::SEMANTICS;
    const DECIMAL: bool = T::DECIMAL;
}

impl<T: TfType> TfType for Vec<T> {
    fn tf_type() -> Type {
        Type::list(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const SEMANTICS: Option<Semantics> = Semantics::elements(T::SEMANTICS);
}

impl<T: TfType> TfType for [T] {
    fn tf_type() -> Type {
        Type::list(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const SEMANTICS: Option<Semantics> = Semantics::elements(T::SEMANTICS);
}

impl<T: TfType> TfType for BTreeSet<T> {
    fn tf_type() -> Type {
        Type::set(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const SEMANTICS: Option<Semantics> = Semantics::elements(T::SEMANTICS);
}

impl<T: TfType, S> TfType for HashSet<T, S> {
    fn tf_type() -> Type {
        Type::set(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const SEMANTICS: Option<Semantics> = Semantics::elements(T::SEMANTICS);
}

impl<K: AsRef<str>, T: TfType> TfType for BTreeMap<K, T> {
    fn tf_type() -> Type {
        Type::map(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const SEMANTICS: Option<Semantics> = Semantics::elements(T::SEMANTICS);
}

impl<K: AsRef<str>, T: TfType, S> TfType for HashMap<K, T, S> {
    fn tf_type() -> Type {
        Type::map(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const SEMANTICS: Option<Semantics> = Semantics::elements(T::SEMANTICS);
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

    /// A type alias, as a user's model might spell a field's type.
    type Secret = Nullable<String>;
    /// An alias of a wrapper around an alias.
    type Planned = Unknown<Secret>;

    #[test]
    fn null_and_unknown_capabilities_follow_the_type() {
        const {
            // Plain types hold neither.
            assert!(!String::CAN_BE_NULL && !String::CAN_BE_UNKNOWN);
            assert!(!<Vec<Option<u8>>>::CAN_BE_NULL && !<Vec<Unknown<u8>>>::CAN_BE_UNKNOWN);
            assert!(!<(Option<u8>,)>::CAN_BE_NULL);
            assert!(!<BTreeMap<String, Value>>::CAN_BE_NULL);
            // The wrappers add what they stand for and keep what they wrap.
            assert!(<Option<u8>>::CAN_BE_NULL && !<Option<u8>>::CAN_BE_UNKNOWN);
            assert!(<Nullable<u8>>::CAN_BE_NULL && !<Nullable<u8>>::CAN_BE_UNKNOWN);
            assert!(!<Unknown<u8>>::CAN_BE_NULL && <Unknown<u8>>::CAN_BE_UNKNOWN);
            assert!(<Unknown<Nullable<u8>>>::CAN_BE_NULL);
            assert!(<Unknown<Nullable<u8>>>::CAN_BE_UNKNOWN);
            assert!(<Nullable<Unknown<u8>>>::CAN_BE_NULL);
            assert!(<Nullable<Unknown<u8>>>::CAN_BE_UNKNOWN);
            assert!(<Option<Unknown<u8>>>::CAN_BE_UNKNOWN);
            // A dynamic value can be both.
            assert!(Value::CAN_BE_NULL && Value::CAN_BE_UNKNOWN);
            // Pointers and Cow are transparent.
            assert!(<&Nullable<u8>>::CAN_BE_NULL && !<&Nullable<u8>>::CAN_BE_UNKNOWN);
            assert!(<Box<Unknown<u8>>>::CAN_BE_UNKNOWN && !<Box<Unknown<u8>>>::CAN_BE_NULL);
            assert!(<Rc<Option<u8>>>::CAN_BE_NULL && <Arc<Value>>::CAN_BE_UNKNOWN);
            assert!(!<Cow<'_, str>>::CAN_BE_NULL && !<Box<str>>::CAN_BE_UNKNOWN);
            assert!(<Unknown<Box<Nullable<u8>>>>::CAN_BE_NULL);
            // Aliases answer as the types they name.
            assert!(Secret::CAN_BE_NULL && !Secret::CAN_BE_UNKNOWN);
            assert!(Planned::CAN_BE_NULL && Planned::CAN_BE_UNKNOWN);
            assert!(<&Planned>::CAN_BE_NULL && <Option<Planned>>::CAN_BE_UNKNOWN);
        }
    }

    #[test]
    fn declared_null_follows_the_wrappers_not_the_dynamic_type() {
        const {
            // Option and Nullable declare null, at any depth of the transparent wrappers.
            assert!(<Option<u8>>::DECLARES_NULL && <Nullable<u8>>::DECLARES_NULL);
            assert!(<Unknown<Nullable<u8>>>::DECLARES_NULL);
            assert!(<Nullable<Unknown<u8>>>::DECLARES_NULL);
            assert!(<&Nullable<u8>>::DECLARES_NULL && <Box<Option<u8>>>::DECLARES_NULL);
            assert!(<Rc<Nullable<u8>>>::DECLARES_NULL && <Arc<Option<u8>>>::DECLARES_NULL);
            assert!(<Unknown<Box<Nullable<u8>>>>::DECLARES_NULL);
            assert!(<Option<Value>>::DECLARES_NULL);
            // A dynamic value can be null without declaring it.
            assert!(Value::CAN_BE_NULL && !Value::DECLARES_NULL);
            assert!(!<Unknown<Value>>::DECLARES_NULL && !<Box<Value>>::DECLARES_NULL);
            // Nothing else declares null, nor do collections of nullable elements.
            assert!(!String::DECLARES_NULL && !<Unknown<u8>>::DECLARES_NULL);
            assert!(!<Vec<Option<u8>>>::DECLARES_NULL && !<(Option<u8>,)>::DECLARES_NULL);
            assert!(!<BTreeMap<String, Nullable<u8>>>::DECLARES_NULL);
            assert!(!<Cow<'_, str>>::DECLARES_NULL);
            // Aliases answer as the types they name.
            assert!(Secret::DECLARES_NULL && Planned::DECLARES_NULL);
        }
    }
}
