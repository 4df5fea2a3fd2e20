//! A provider function's arguments as Rust types: [`FunctionArgs`], implemented for tuples
//! of up to 8 elements, and [`Variadic`], the last element that takes the rest.
//!
//! Each element's type gives its parameter's Terraform type ([`TfType::tf_type`]) and
//! whether null or unknown values may reach the function ([`TfType::CAN_BE_NULL`],
//! [`TfType::CAN_BE_UNKNOWN`]); each argument is decoded straight into it.

use serde::de::DeserializeOwned;
use tfvalue::{DynamicValue, TfType, Type};

use crate::author::function_error::FunctionError;

/// The arguments of a [`Function`](crate::Function): a tuple of up to 8 elements, one per
/// parameter, each any type with [`TfType`] and `Deserialize` (`String`, `i64`, `bool`,
/// `Vec<T>`, a struct deriving `TfSchema`, `Option<T>` to accept null, `Unknown<T>` to
/// accept unknown values, `tfvalue::Value` for `dynamic`); the last may be a
/// [`Variadic<T>`], taking zero or more further arguments of one type. `()` takes none.
///
/// Implemented by the framework only: its methods are not part of the public API.
pub trait FunctionArgs: Sized + Send + 'static {
    /// The parameters' types, positional and variadic.
    #[doc(hidden)]
    fn shape() -> ArgsShape;

    /// Decodes the arguments of one call.
    #[doc(hidden)]
    fn decode(reader: &mut ArgumentReader<'_>) -> Result<Self, FunctionError>;
}

/// The last element of a [`FunctionArgs`] tuple: a single argument, or a [`Variadic`].
/// Implemented by the framework only.
pub trait LastArgument: Sized + Send + 'static {
    /// Adds this element's parameter to `shape`.
    #[doc(hidden)]
    fn add_to(shape: &mut ArgsShape);

    /// Decodes this element's argument or arguments.
    #[doc(hidden)]
    fn read(reader: &mut ArgumentReader<'_>) -> Result<Self, FunctionError>;
}

/// What the parameters of a [`FunctionArgs`] type are. The framework's own.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq)]
pub struct ArgsShape {
    pub(crate) positional: Vec<ParameterType>,
    pub(crate) variadic: Option<ParameterType>,
}

/// One parameter's type and what values of it reach the function. The framework's own.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq)]
pub struct ParameterType {
    pub(crate) ty: Type,
    pub(crate) allow_null: bool,
    pub(crate) allow_unknown: bool,
}

impl ParameterType {
    fn of<T: TfType>() -> Self {
        ParameterType {
            ty: T::tf_type(),
            allow_null: T::CAN_BE_NULL,
            allow_unknown: T::CAN_BE_UNKNOWN,
        }
    }
}

/// The arguments of one call, read in order by [`FunctionArgs::decode`]. The framework's
/// own.
#[doc(hidden)]
pub struct ArgumentReader<'a> {
    values: &'a [DynamicValue<'a>],
    next: usize,
}

impl<'a> ArgumentReader<'a> {
    pub(crate) fn new(values: &'a [DynamicValue<'a>]) -> Self {
        ArgumentReader { values, next: 0 }
    }

    /// Decodes the next argument; an error blames it by its index.
    fn one<T: TfType + DeserializeOwned>(&mut self) -> Result<T, FunctionError> {
        let index = self.next;
        let value = self.values.get(index).ok_or_else(|| {
            FunctionError::new(format!(
                "Terraform sent {} arguments; the function takes more",
                self.values.len()
            ))
        })?;
        self.next += 1;
        decode_argument::<T>(value).map_err(|text| FunctionError::argument(index, text))
    }

    /// Decodes every argument left.
    fn rest<T: TfType + DeserializeOwned>(&mut self) -> Result<Variadic<T>, FunctionError> {
        let first = self.next;
        let mut items = Vec::with_capacity(self.values.len().saturating_sub(first));
        while self.next < self.values.len() {
            items.push(self.one::<T>()?);
        }
        Ok(Variadic { items, first })
    }
}

/// MessagePack nil: what an absent argument decodes as.
const MSGPACK_NULL: &[u8] = &[0xc0];

/// The first byte of a MessagePack ext value: an unknown value on the wire.
fn is_msgpack_ext(byte: u8) -> bool {
    matches!(byte, 0xc7..=0xc9 | 0xd4..=0xd8)
}

/// Decodes one argument into `T`; the error text says what is wrong with the value, in
/// the words Terraform puts after `Invalid value for "<parameter>" parameter: `.
fn decode_argument<T: TfType + DeserializeOwned>(value: &DynamicValue<'_>) -> Result<T, String> {
    let null = |what: &str| {
        if T::CAN_BE_NULL {
            Ok(())
        } else {
            Err(format!(
                "argument must not be null (Terraform sent {what}, and the parameter does not \
                 accept null)"
            ))
        }
    };
    let decoded = if !value.msgpack.is_empty() {
        let bytes = value.msgpack;
        if bytes == MSGPACK_NULL {
            null("null")?;
        } else if is_msgpack_ext(bytes[0]) && !T::CAN_BE_UNKNOWN {
            return Err(
                "argument must not be unknown (the parameter does not accept values known \
                 only after apply)"
                    .to_owned(),
            );
        }
        tfvalue::msgpack::from_slice::<T>(bytes)
    } else if !value.json.is_empty() {
        if value.json.trim_ascii() == b"null" {
            null("null")?;
        }
        tfvalue::json::from_slice::<T>(value.json)
    } else {
        null("no value")?;
        tfvalue::msgpack::from_slice::<T>(MSGPACK_NULL)
    };
    let decoded = decoded.map_err(|e| format!("not a valid {}: {e}", T::tf_type()))?;
    check_custom_type::<T>(value)?;
    Ok(decoded)
}

/// A custom type's own validation of an argument ([`TfType::SEMANTICS`]), told as
/// terraform-plugin-framework tells a parameter's: `<summary>: <detail>`. Nothing is
/// decoded again for other types.
fn check_custom_type<T: TfType>(value: &DynamicValue<'_>) -> Result<(), String> {
    let Some(semantics) = T::SEMANTICS else {
        return Ok(());
    };
    if value.msgpack.is_empty() && value.json.is_empty() {
        return Ok(());
    }
    let value = value
        .decode_value(&T::tf_type())
        .map_err(|e| format!("not a valid {}: {e}", T::tf_type()))?;
    match semantics.validate(&value).into_iter().next() {
        None => Ok(()),
        Some((_, invalid)) => Err(match invalid.summary() {
            Some(summary) => format!("{summary}: {}", invalid.detail()),
            None => invalid.detail().to_owned(),
        }),
    }
}

/// The variadic arguments of a function: zero or more arguments of one type after the
/// positional ones, as the last element of its [`FunctionArgs`] tuple.
///
/// ```
/// use tfvalue_provider::{FunctionError, Variadic};
///
/// // What `f("a", "b", "")` passes as `(String, Variadic<String>)`: the parts are
/// // arguments 1 and 2.
/// let parts = Variadic::new(1, vec!["b".to_owned(), String::new()]);
/// let empty = parts.indexed().find(|(_, p)| p.is_empty()).map(|(index, _)| index);
/// assert_eq!(empty, Some(2));
/// let error = FunctionError::argument(2, "a part must not be empty");
/// assert_eq!(error.function_argument, Some(parts.argument_index(1)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variadic<T> {
    items: Vec<T>,
    first: usize,
}

impl<T> Variadic<T> {
    /// Variadic arguments whose first is the call's argument `first_index` (the number of
    /// positional parameters): for calling a function directly, as in a test.
    pub fn new(first_index: usize, items: Vec<T>) -> Self {
        Variadic {
            items,
            first: first_index,
        }
    }

    /// The call's index of the `k`-th variadic argument: what
    /// [`FunctionError::argument`] takes to blame it.
    pub fn argument_index(&self, k: usize) -> usize {
        self.first + k
    }

    /// The arguments with their indexes in the call (see [`Variadic::argument_index`]).
    pub fn indexed(&self) -> impl Iterator<Item = (usize, &T)> {
        (self.first..).zip(&self.items)
    }

    /// The arguments.
    pub fn as_slice(&self) -> &[T] {
        &self.items
    }

    /// The arguments, owned.
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

impl<T> std::ops::Deref for Variadic<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<T> IntoIterator for Variadic<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Variadic<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T: TfType + DeserializeOwned + Send + 'static> LastArgument for T {
    fn add_to(shape: &mut ArgsShape) {
        shape.positional.push(ParameterType::of::<T>());
    }
    fn read(reader: &mut ArgumentReader<'_>) -> Result<Self, FunctionError> {
        reader.one::<T>()
    }
}

impl<T: TfType + DeserializeOwned + Send + 'static> LastArgument for Variadic<T> {
    fn add_to(shape: &mut ArgsShape) {
        shape.variadic = Some(ParameterType::of::<T>());
    }
    fn read(reader: &mut ArgumentReader<'_>) -> Result<Self, FunctionError> {
        reader.rest::<T>()
    }
}

impl FunctionArgs for () {
    fn shape() -> ArgsShape {
        ArgsShape {
            positional: Vec::new(),
            variadic: None,
        }
    }
    fn decode(_: &mut ArgumentReader<'_>) -> Result<Self, FunctionError> {
        Ok(())
    }
}

/// `FunctionArgs` for a tuple: the elements before `;` are single arguments, the one after
/// it is a [`LastArgument`].
macro_rules! function_args {
    ($($single:ident)*; $last:ident) => {
        impl<$($single: TfType + DeserializeOwned + Send + 'static,)* $last: LastArgument>
            FunctionArgs for ($($single,)* $last,)
        {
            fn shape() -> ArgsShape {
                let mut shape = ArgsShape {
                    positional: vec![$(ParameterType::of::<$single>()),*],
                    variadic: None,
                };
                $last::add_to(&mut shape);
                shape
            }
            fn decode(reader: &mut ArgumentReader<'_>) -> Result<Self, FunctionError> {
                Ok(($(reader.one::<$single>()?,)* $last::read(reader)?,))
            }
        }
    };
}

function_args!(; A);
function_args!(A; B);
function_args!(A B; C);
function_args!(A B C; D);
function_args!(A B C D; E);
function_args!(A B C D E; F);
function_args!(A B C D E F; G);
function_args!(A B C D E F G; H);

#[cfg(test)]
mod tests {
    use tfvalue::{Nullable, Unknown, Value};

    use super::*;

    fn msgpack(bytes: &[u8]) -> DynamicValue<'_> {
        DynamicValue::new(bytes, &[])
    }

    fn decode<A: FunctionArgs>(values: &[DynamicValue<'_>]) -> Result<A, FunctionError> {
        A::decode(&mut ArgumentReader::new(values))
    }

    #[test]
    fn shapes_follow_the_element_types() {
        let shape = <(String, Option<i64>, Variadic<Unknown<bool>>)>::shape();
        let p = |ty, allow_null, allow_unknown| ParameterType {
            ty,
            allow_null,
            allow_unknown,
        };
        assert_eq!(
            shape.positional,
            [p(Type::String, false, false), p(Type::Number, true, false)]
        );
        assert_eq!(shape.variadic, Some(p(Type::Bool, false, true)));
        let dynamic = <(Value, Vec<Nullable<String>>)>::shape();
        assert_eq!(dynamic.positional[0], p(Type::Dynamic, true, true));
        assert_eq!(
            dynamic.positional[1],
            p(Type::list(Type::String), false, false)
        );
        assert_eq!(dynamic.variadic, None);
        assert_eq!(<()>::shape().positional, []);
        assert_eq!(<(Variadic<String>,)>::shape().positional, []);
    }

    #[test]
    fn arguments_decode_in_order_with_the_rest_variadic() {
        let args = [
            msgpack(b"\xa1a"),
            msgpack(b"\x07"),
            msgpack(b"\xa1b"),
            msgpack(b"\xa1c"),
        ];
        let (a, n, rest): (String, i64, Variadic<String>) = decode(&args).unwrap();
        assert_eq!((a.as_str(), n), ("a", 7));
        assert_eq!(rest.as_slice(), ["b", "c"]);
        assert_eq!(rest.argument_index(1), 3);
        let (none,): (Variadic<String>,) = decode(&[]).unwrap();
        assert!(none.is_empty());
    }

    #[test]
    fn bad_arguments_are_blamed_by_index() {
        // A boolean for the second string.
        let args = [msgpack(b"\xa1a"), msgpack(b"\xa1b"), msgpack(b"\xc3")];
        let e = decode::<(String, Variadic<String>)>(&args).unwrap_err();
        assert_eq!(e.function_argument, Some(2));
        assert!(e.text.starts_with("not a valid string: "), "{}", e.text);
        // Truncated bytes.
        let e = decode::<(String,)>(&[msgpack(b"\xa5ab")]).unwrap_err();
        assert_eq!(e.function_argument, Some(0));
        // Null and unknown where the type holds neither, and where it does.
        let e = decode::<(String,)>(&[msgpack(b"\xc0")]).unwrap_err();
        assert!(
            e.text.starts_with("argument must not be null"),
            "{}",
            e.text
        );
        let e = decode::<(String,)>(&[DynamicValue::default()]).unwrap_err();
        assert!(e.text.contains("no value"), "{}", e.text);
        let e = decode::<(i64, String)>(&[msgpack(b"\x01"), msgpack(b"\xd4\x00\x00")]).unwrap_err();
        assert_eq!(e.function_argument, Some(1));
        assert!(
            e.text.starts_with("argument must not be unknown"),
            "{}",
            e.text
        );
        let (n, u): (Option<i64>, Unknown<String>) =
            decode(&[msgpack(b"\xc0"), msgpack(b"\xd4\x00\x00")]).unwrap();
        assert_eq!(n, None);
        assert!(u.is_unknown());
        // An object argument missing an attribute names it.
        let e = decode::<(std::collections::BTreeMap<String, i64>,)>(&[msgpack(b"\x81\xa1k\xa1x")])
            .unwrap_err();
        assert!(e.text.contains("[\"k\"]"), "{}", e.text);
    }

    #[test]
    fn json_arguments_decode_too() {
        let json = |text: &'static str| DynamicValue::new(&[], text.as_bytes());
        let (s, n): (String, Option<i64>) = decode(&[json("\"x\""), json("null")]).unwrap();
        assert_eq!((s.as_str(), n), ("x", None));
        let e = decode::<(String,)>(&[json(" null ")]).unwrap_err();
        assert!(e.text.starts_with("argument must not be null"));
    }
}
