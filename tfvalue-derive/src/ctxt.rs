//! The error collector of one derive expansion: parsing and checking record every problem
//! here, each spanned on the user's token, and `check` reports them all in one compile.

use std::cell::RefCell;
use std::fmt::Display;

use proc_macro2::Span;
use quote::ToTokens;

/// Collects the errors of one derive expansion.
///
/// It must be consumed by [`Ctxt::check`]: dropping it unchecked would lose its errors and
/// let broken input through, so `Drop` panics then (a bug in this crate, not the user's).
pub(crate) struct Ctxt {
    /// `None` once `check` has taken the errors.
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    /// A collector with no errors yet.
    pub(crate) fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records an error spanned on `tokens` (the whole of them, where the compiler can join
    /// spans).
    pub(crate) fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.push(syn::Error::new_spanned(tokens, message));
    }

    /// Records an error at `span`.
    pub(crate) fn error_at<M: Display>(&self, span: Span, message: M) {
        self.push(syn::Error::new(span, message));
    }

    /// Records a `syn` error as it is (a malformed attribute value, say).
    pub(crate) fn syn_error(&self, error: syn::Error) {
        self.push(error);
    }

    fn push(&self, error: syn::Error) {
        self.errors
            .borrow_mut()
            .as_mut()
            .expect("Ctxt used after check()")
            .push(error);
    }

    /// Consumes the collector: all recorded errors combined into one (each keeps its span and
    /// becomes its own `compile_error!`), or `Ok` if there were none.
    pub(crate) fn check(self) -> syn::Result<()> {
        let errors = self
            .errors
            .borrow_mut()
            .take()
            .expect("Ctxt::check runs once");
        let mut errors = errors.into_iter();
        let Some(mut first) = errors.next() else {
            return Ok(());
        };
        for e in errors {
            first.combine(e);
        }
        Err(first)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        // While unwinding from another panic, a second one would abort: stay quiet then.
        if self.errors.get_mut().is_some() && !std::thread::panicking() {
            panic!(
                "tfvalue-derive bug: a Ctxt was dropped without Ctxt::check, so the errors it \
                 collected would be lost"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Ctxt;
    use proc_macro2::Span;

    #[test]
    fn check_without_errors_is_ok() {
        assert!(Ctxt::new().check().is_ok());
    }

    #[test]
    fn check_reports_every_error_in_order() {
        let cx = Ctxt::new();
        cx.error_at(Span::call_site(), "first");
        cx.error_at(Span::call_site(), "second");
        let messages: Vec<String> = cx
            .check()
            .unwrap_err()
            .into_iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(messages, ["first", "second"]);
    }

    #[test]
    #[should_panic(expected = "dropped without Ctxt::check")]
    fn dropping_unchecked_panics() {
        let cx = Ctxt::new();
        cx.error_at(Span::call_site(), "lost");
        drop(cx);
    }
}
