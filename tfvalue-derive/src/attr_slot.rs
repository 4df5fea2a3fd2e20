//! [`Attr`]: the value of one `#[tf(...)]` key, set at most once (a second setting is a
//! "duplicate tf attribute" error in the [`Ctxt`]), with the span of the key that set it.

use proc_macro2::Span;

use crate::ctxt::Ctxt;

/// A value set at most once, remembering the span of the key that set it.
pub(crate) struct Attr<T> {
    name: &'static str,
    value: Option<(Span, T)>,
}

impl<T> Attr<T> {
    pub(crate) fn none(name: &'static str) -> Self {
        Attr { name, value: None }
    }

    pub(crate) fn set(&mut self, cx: &Ctxt, span: Span, value: T) {
        if self.value.is_some() {
            cx.error_at(span, format!("duplicate tf attribute `{}`", self.name));
        } else {
            self.value = Some((span, value));
        }
    }

    pub(crate) fn get(&self) -> Option<&T> {
        self.value.as_ref().map(|(_, v)| v)
    }

    pub(crate) fn span(&self) -> Option<Span> {
        self.value.as_ref().map(|(s, _)| *s)
    }

    pub(crate) fn is_set(&self) -> bool {
        self.value.is_some()
    }
}
