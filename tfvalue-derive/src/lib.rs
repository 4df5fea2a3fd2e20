//! `#[derive(TfSchema)]`: a Terraform schema and its wire codec from one struct declaration.
//!
//! Use it through the `tfvalue` crate (`tfvalue::TfSchema`), whose documentation lists every
//! `#[tf(...)]` form. One expansion runs in three passes, each in its own module:
//!
//! 1. parse (`ast`, with `attr` for the `#[tf(...)]` keys): the input into a typed model,
//!    reporting only what cannot be read;
//! 2. check (`check`): the model against Terraform's rules;
//! 3. generate (`expand`, one file per impl family): code from the model, run only when
//!    parsing and checking found nothing.
//!
//! Both first passes record their errors in one `ctxt::Ctxt`, each spanned on the user's
//! token, so every problem is reported in one compile.

mod ast;
mod attr;
mod attr_slot;
mod check;
mod check_rules;
mod ctxt;
mod expand;
#[cfg(test)]
mod expand_snapshots;
mod rule_attrs;
mod rule_keys;

use proc_macro::TokenStream;

/// Derives `TfType`, `TfSchema`, `Serialize`, `Deserialize` and `UnknownPaths` for a model
/// struct. See the `tfvalue` crate's documentation for the `#[tf(...)]` attributes.
#[proc_macro_derive(TfSchema, attributes(tf))]
pub fn derive_tf_schema(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    derive(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Parse, check, generate: the whole derive on `proc_macro2` tokens (so that unit tests can
/// run it outside a macro).
fn derive(input: &syn::DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let cx = ctxt::Ctxt::new();
    let container = ast::Container::from_ast(&cx, input);
    if let Some(container) = &container {
        check::check(&cx, container);
    }
    cx.check()?;
    Ok(container.map_or_else(proc_macro2::TokenStream::new, |c| expand::expand(&c)))
}
