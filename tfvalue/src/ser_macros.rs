//! What the serializers (`msgpack/ser.rs`, `json/ser.rs`, `value/to_value.rs`) share: the
//! sequence trait impls, the helper serializers that accept only a few methods, and the map
//! key serializer and errors of both wire serializers.
//!
//! A helper serializer (a map key, the payload of one of tfvalue's reserved names) is an
//! `impl ser::Serializer` made of `serializer_types!`, one or more `reject_methods!`
//! and the few methods it accepts, written by hand.

use serde::ser::{self, Serialize};

use crate::error::{Error, ErrorKind, Result};
use crate::tokens::ATTR_TOKEN;

/// Implements `SerializeSeq`, `SerializeTuple` and `SerializeTupleStruct` for a type, each
/// delegating to two of its methods: `element(&mut self, &T) -> Result<()>` and
/// `finish(self) -> Result<Ok>`.
///
/// `impl_seq_traits!(Compound<'_> => (); element, finish);`
macro_rules! impl_seq_traits {
    (@impl $trait:ident::$method:ident for $ty:ty => $ok:ty; $element:ident, $finish:ident) => {
        impl ::serde::ser::$trait for $ty {
            type Ok = $ok;
            type Error = $crate::error::Error;
            #[inline]
            fn $method<T: ?Sized + ::serde::Serialize>(
                &mut self,
                value: &T,
            ) -> $crate::error::Result<()> {
                self.$element(value)
            }
            fn end(self) -> $crate::error::Result<$ok> {
                self.$finish()
            }
        }
    };
    ($ty:ty => $ok:ty; $element:ident, $finish:ident) => {
        $crate::ser_macros::impl_seq_traits!(
            @impl SerializeSeq::serialize_element for $ty => $ok; $element, $finish
        );
        $crate::ser_macros::impl_seq_traits!(
            @impl SerializeTuple::serialize_element for $ty => $ok; $element, $finish
        );
        $crate::ser_macros::impl_seq_traits!(
            @impl SerializeTupleStruct::serialize_field for $ty => $ok; $element, $finish
        );
    };
}
pub(crate) use impl_seq_traits;

/// The associated types of a helper serializer: `Ok`, tfvalue's `Error`, and
/// `ser::Impossible` for every compound, except the tuple when one is given
/// (`serializer_types!(Value, tuple = DynamicPair);`).
macro_rules! serializer_types {
    ($ok:ty) => {
        $crate::ser_macros::serializer_types!(
            $ok,
            tuple = ::serde::ser::Impossible<$ok, $crate::error::Error>
        );
    };
    ($ok:ty, tuple = $tuple:ty) => {
        type Ok = $ok;
        type Error = $crate::error::Error;
        type SerializeSeq = ::serde::ser::Impossible<$ok, $crate::error::Error>;
        type SerializeTuple = $tuple;
        type SerializeTupleStruct = ::serde::ser::Impossible<$ok, $crate::error::Error>;
        type SerializeTupleVariant = ::serde::ser::Impossible<$ok, $crate::error::Error>;
        type SerializeMap = ::serde::ser::Impossible<$ok, $crate::error::Error>;
        type SerializeStruct = ::serde::ser::Impossible<$ok, $crate::error::Error>;
        type SerializeStructVariant = ::serde::ser::Impossible<$ok, $crate::error::Error>;
    };
}
pub(crate) use serializer_types;

/// `ser::Serializer` methods of a helper serializer that all fail with one error:
/// `reject_methods! { error_expr; OkType; names… }`, the error expression evaluated anew by
/// each method.
///
/// A name is one of the nine methods a helper may accept (`serialize_i64`, `serialize_u64`,
/// `serialize_f64`, `serialize_char`, `serialize_str`, `serialize_bytes`,
/// `serialize_unit_variant`, `serialize_newtype_struct`, `serialize_tuple`), or `common`:
/// the nineteen others, which no helper accepts (the small integers, `bool`, `f32`, none,
/// some, unit, unit struct, newtype variant and every compound but the tuple). The methods
/// serde gives a default body (`serialize_i128`, `collect_str`, …) are left to it.
macro_rules! reject_methods {
    (@fns $err:expr; $($method:ident($($arg:ty),*) -> $ret:ty;)*) => {
        $(fn $method(self, $(_: $arg),*) -> $crate::error::Result<$ret> { Err($err) })*
    };
    (@one $err:expr; $ok:ty; common) => {
        $crate::ser_macros::reject_methods! { @fns $err;
            serialize_bool(bool) -> $ok;
            serialize_i8(i8) -> $ok; serialize_i16(i16) -> $ok; serialize_i32(i32) -> $ok;
            serialize_u8(u8) -> $ok; serialize_u16(u16) -> $ok; serialize_u32(u32) -> $ok;
            serialize_f32(f32) -> $ok;
            serialize_none() -> $ok; serialize_unit() -> $ok;
            serialize_unit_struct(&'static str) -> $ok;
            serialize_seq(Option<usize>) -> Self::SerializeSeq;
            serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct;
            serialize_tuple_variant(&'static str, u32, &'static str, usize)
                -> Self::SerializeTupleVariant;
            serialize_map(Option<usize>) -> Self::SerializeMap;
            serialize_struct(&'static str, usize) -> Self::SerializeStruct;
            serialize_struct_variant(&'static str, u32, &'static str, usize)
                -> Self::SerializeStructVariant;
        }
        fn serialize_some<T: ?Sized + ::serde::Serialize>(
            self,
            _: &T,
        ) -> $crate::error::Result<$ok> {
            Err($err)
        }
        fn serialize_newtype_variant<T: ?Sized + ::serde::Serialize>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> $crate::error::Result<$ok> {
            Err($err)
        }
    };
    (@one $err:expr; $ok:ty; serialize_newtype_struct) => {
        fn serialize_newtype_struct<T: ?Sized + ::serde::Serialize>(
            self,
            _: &'static str,
            _: &T,
        ) -> $crate::error::Result<$ok> {
            Err($err)
        }
    };
    (@one $err:expr; $ok:ty; serialize_i64) => {
        $crate::ser_macros::reject_methods!(@fns $err; serialize_i64(i64) -> $ok;);
    };
    (@one $err:expr; $ok:ty; serialize_u64) => {
        $crate::ser_macros::reject_methods!(@fns $err; serialize_u64(u64) -> $ok;);
    };
    (@one $err:expr; $ok:ty; serialize_f64) => {
        $crate::ser_macros::reject_methods!(@fns $err; serialize_f64(f64) -> $ok;);
    };
    (@one $err:expr; $ok:ty; serialize_char) => {
        $crate::ser_macros::reject_methods!(@fns $err; serialize_char(char) -> $ok;);
    };
    (@one $err:expr; $ok:ty; serialize_str) => {
        $crate::ser_macros::reject_methods!(@fns $err; serialize_str(&str) -> $ok;);
    };
    (@one $err:expr; $ok:ty; serialize_bytes) => {
        $crate::ser_macros::reject_methods!(@fns $err; serialize_bytes(&[u8]) -> $ok;);
    };
    (@one $err:expr; $ok:ty; serialize_unit_variant) => {
        $crate::ser_macros::reject_methods! { @fns $err;
            serialize_unit_variant(&'static str, u32, &'static str) -> $ok;
        }
    };
    (@one $err:expr; $ok:ty; serialize_tuple) => {
        $crate::ser_macros::reject_methods! { @fns $err;
            serialize_tuple(usize) -> Self::SerializeTuple;
        }
    };
    ($err:expr; $ok:ty; $($name:ident)*) => {
        $($crate::ser_macros::reject_methods!(@one $err; $ok; $name);)*
    };
}
pub(crate) use reject_methods;

/// Map keys of the MessagePack and JSON serializers: strings only (Terraform map keys and
/// attribute names are strings), written by the format's string writer.
pub(crate) struct KeySerializer<'a, W> {
    /// Where the key is written.
    pub(crate) out: &'a mut Vec<u8>,
    /// Set when the key is marked as an attribute name (`ATTR_TOKEN`).
    pub(crate) attr: &'a mut bool,
    /// Writes a string as the format does.
    pub(crate) write: W,
}

impl<W: Fn(&mut Vec<u8>, &str) -> Result<()>> ser::Serializer for KeySerializer<'_, W> {
    serializer_types!(());
    reject_methods! { key_error(); ();
        common serialize_i64 serialize_u64 serialize_f64 serialize_bytes serialize_tuple
    }

    fn serialize_str(self, v: &str) -> Result<()> {
        (self.write)(self.out, v)
    }
    fn serialize_char(self, v: char) -> Result<()> {
        let mut buf = [0u8; 4];
        self.serialize_str(v.encode_utf8(&mut buf))
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<()> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        v: &T,
    ) -> Result<()> {
        if name == ATTR_TOKEN {
            *self.attr = true;
        }
        v.serialize(self)
    }
}

/// A Rust enum variant with data: Terraform has no tagged unions.
#[cold]
pub(crate) fn enum_error(name: &str, variant: &str) -> Error {
    Error::new(
        ErrorKind::Type,
        format!(
            "{name}::{variant} carries data, and Terraform values have no tagged unions: \
             only enums of unit variants (written as strings) can be encoded"
        ),
    )
}

/// A map key that is not a string.
#[cold]
pub(crate) fn key_error() -> Error {
    Error::new(
        ErrorKind::Type,
        "map keys must be strings: Terraform maps and objects are keyed by strings",
    )
}

/// One of tfvalue's reserved newtype names (`what`: unknown, number, dynamic) carrying a
/// value it does not expect.
#[cold]
pub(crate) fn protocol_error(what: &str) -> Error {
    Error::new(
        ErrorKind::Custom,
        format!("tfvalue's reserved {what} name used with an unexpected value"),
    )
}
