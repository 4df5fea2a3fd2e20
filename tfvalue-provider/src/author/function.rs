//! [`Function`]: a provider-defined function, called from configuration as
//! `provider::<provider>::<name>(...)` (Terraform 1.8 and later), and its [`Signature`].

use std::future::Future;

use serde::Serialize;
use tfvalue::schema::StringKind;
use tfvalue::TfType;

use crate::author::context::Context;
use crate::author::function_args::FunctionArgs;
use crate::author::function_error::FunctionError;

/// A provider-defined function: registered with
/// [`Registry::function`](crate::Registry::function), called from configuration as
/// `provider::<provider>::<name>(...)`.
///
/// Its parameters and result are Rust types: [`Function::Args`] is a tuple with one
/// element per parameter (the last may be a [`Variadic`](crate::Variadic)), whose types
/// give the parameters' Terraform types and whether null or unknown arguments reach the
/// function at all (only when the element's type can hold them, such as `Option<T>` or
/// `Unknown<T>`; otherwise Terraform refuses a null argument and answers an unknown one
/// with an unknown result without calling). [`Function::signature`] names and documents
/// them; a signature naming a different number of parameters than the tuple has is
/// reported when the provider starts.
///
/// Terraform calls functions on a provider it has not configured (often while it validates
/// the configuration), so [`Context::data`] is usually an error here: a function computes
/// from its arguments.
///
/// ```
/// use tfvalue_provider::{Context, Function, FunctionError, Signature, Variadic};
///
/// /// `provider::greet::shout("hello", "world")` is `"HELLO WORLD"`.
/// struct Shout;
///
/// impl Function for Shout {
///     type Args = (String, Variadic<String>);
///     type Output = String;
///     type Data = ();
///
///     fn signature(&self) -> Signature {
///         Signature::new("Upper-cases words and joins them with spaces")
///             .param("first", "The first word")
///             .variadic("more", "More words")
///     }
///
///     async fn call(&self, _: &mut Context<()>, (first, more): Self::Args) -> Result<String, FunctionError> {
///         let mut words = vec![first.to_uppercase()];
///         for (index, word) in more.indexed() {
///             if word.is_empty() {
///                 return Err(FunctionError::argument(index, "a word must not be empty"));
///             }
///             words.push(word.to_uppercase());
///         }
///         Ok(words.join(" "))
///     }
/// }
/// ```
pub trait Function: Send + Sync + 'static {
    /// The arguments: a tuple of up to 8 elements, one per parameter (see
    /// [`FunctionArgs`]).
    type Args: FunctionArgs;
    /// The result: any type with [`TfType`] and `Serialize` (a struct deriving `TfSchema`
    /// returns an object).
    type Output: TfType + Serialize + Send + 'static;
    /// What the provider's `configure` returns (the same type as its `Data`).
    type Data: Send + Sync + 'static;

    /// The function's documentation and its parameters' names, in the order of
    /// [`Function::Args`]. Read once, when the provider starts.
    fn signature(&self) -> Signature;

    /// Calls the function. An error about one argument names it
    /// ([`FunctionError::argument`]); Terraform then shows which parameter was at fault.
    fn call(
        &self,
        ctx: &mut Context<Self::Data>,
        args: Self::Args,
    ) -> impl Future<Output = Result<Self::Output, FunctionError>> + Send;
}

/// A [`Function`]'s documentation and its parameters' names and descriptions (their types
/// come from [`Function::Args`]).
///
/// ```
/// use tfvalue_provider::Signature;
///
/// let s = Signature::new("Parses Unix permissions")
///     .markdown_description("Parses `rwxr-x---` into its digits.")
///     .param("text", "The permissions, as `ls -l` shows them")
///     .deprecated("Use `parse_mode` instead.");
/// assert_eq!(s.parameter_count(), 1);
/// assert!(!s.has_variadic());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Signature {
    pub(crate) summary: String,
    pub(crate) description: String,
    pub(crate) description_kind: StringKind,
    pub(crate) deprecation_message: String,
    pub(crate) parameters: Vec<ParameterDoc>,
    pub(crate) variadic: Option<ParameterDoc>,
}

/// A parameter's name and description.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ParameterDoc {
    pub(crate) name: String,
    pub(crate) description: String,
}

impl Signature {
    /// A signature with this one-line summary and no parameters yet.
    pub fn new(summary: impl Into<String>) -> Self {
        Signature {
            summary: summary.into(),
            description: String::new(),
            description_kind: StringKind::Plain,
            deprecation_message: String::new(),
            parameters: Vec::new(),
            variadic: None,
        }
    }

    /// The longer description, in plain text.
    pub fn description(mut self, text: impl Into<String>) -> Self {
        self.description = text.into();
        self.description_kind = StringKind::Plain;
        self
    }

    /// The longer description, in Markdown (the parameters' descriptions are then
    /// Markdown too).
    pub fn markdown_description(mut self, text: impl Into<String>) -> Self {
        self.description = text.into();
        self.description_kind = StringKind::Markdown;
        self
    }

    /// Marks the function deprecated: Terraform warns wherever it is called, with this
    /// message (what to use instead).
    pub fn deprecated(mut self, message: impl Into<String>) -> Self {
        self.deprecation_message = message.into();
        self
    }

    /// The next positional parameter: its name (Terraform shows it in errors about the
    /// argument) and description.
    pub fn param(mut self, name: impl Into<String>, description: impl Into<String>) -> Self {
        self.parameters.push(ParameterDoc {
            name: name.into(),
            description: description.into(),
        });
        self
    }

    /// The variadic parameter, for a [`Variadic`](crate::Variadic) last element of the
    /// arguments.
    pub fn variadic(mut self, name: impl Into<String>, description: impl Into<String>) -> Self {
        self.variadic = Some(ParameterDoc {
            name: name.into(),
            description: description.into(),
        });
        self
    }

    /// How many positional parameters it names.
    pub fn parameter_count(&self) -> usize {
        self.parameters.len()
    }

    /// Whether it names a variadic parameter.
    pub fn has_variadic(&self) -> bool {
        self.variadic.is_some()
    }
}
