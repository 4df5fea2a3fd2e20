//! [`ApplyError`]: how [`Resource::create`](crate::Resource::create),
//! [`update`](crate::Resource::update) and [`delete`](crate::Resource::delete) fail, with
//! the object's state when the remote object exists despite the failure.
//!
//! Terraform keeps whatever non-null state an apply answers, errors or not. A create that
//! fails after the remote object was made must therefore answer that object's state, or
//! Terraform forgets an object that still exists (it would never be destroyed, and the next
//! create would collide with it). With the state, Terraform records the object as
//! *tainted* and replaces it on the next apply. An update or delete that fails part way
//! answers the object as it now is; without a state, the object is taken to be as it was
//! before (the prior state).

use std::fmt;

use crate::author::diagnostics::Diagnostics;

/// A failed create, update or delete: the errors, and the object's state when the remote
/// object exists and differs from what Terraform last recorded.
///
/// Any error converts into one with `?` (as into [`Diagnostics`]), meaning "nothing
/// changed". Once the remote object exists, attach its state with
/// [`ApplyError::with_state`] so Terraform keeps track of it:
///
/// ```
/// use tfvalue_provider::ApplyError;
///
/// #[derive(Clone)]
/// struct Disk { id: Option<String> }
///
/// fn attach(id: &str) -> Result<(), std::io::Error> {
///     Err(std::io::Error::other(format!("disk {id} is busy")))
/// }
///
/// fn create() -> Result<Disk, ApplyError<Disk>> {
///     // Nothing exists yet: a plain `?` is right.
///     let id = String::from("disk-1");
///     let state = Disk { id: Some(id.clone()) };
///     // The disk exists now: a failure must hand its state back.
///     attach(&id).map_err(|e| ApplyError::new(e).with_state(state.clone()))?;
///     Ok(state)
/// }
///
/// let failed = create().err().unwrap();
/// assert!(failed.state().is_some());
/// assert_eq!(failed.diagnostics().len(), 1);
/// ```
pub struct ApplyError<M> {
    diagnostics: Diagnostics,
    state: Option<M>,
}

impl<M> ApplyError<M> {
    /// A failure that left the object as Terraform last recorded it (no state attached).
    pub fn new(diagnostics: impl Into<Diagnostics>) -> Self {
        ApplyError {
            diagnostics: diagnostics.into(),
            state: None,
        }
    }

    /// Attaches the object's state as it is after the failure. Terraform stores it: after a
    /// failed create the object is tainted (replaced on the next apply); after a failed
    /// update or delete it is the object's new state. Values the state still leaves unknown
    /// are stored as null.
    #[must_use]
    pub fn with_state(mut self, state: M) -> Self {
        self.state = Some(state);
        self
    }

    /// The attached state, if any.
    pub fn state(&self) -> Option<&M> {
        self.state.as_ref()
    }

    /// The errors (and any warnings) of the failure.
    pub fn diagnostics(&self) -> &Diagnostics {
        &self.diagnostics
    }

    /// The diagnostics and the attached state.
    pub fn into_parts(self) -> (Diagnostics, Option<M>) {
        (self.diagnostics, self.state)
    }
}

/// Any error (a [`Diagnostic`](crate::Diagnostic), [`Diagnostics`], or a
/// `std::error::Error`) is a failure that left the object as it was.
impl<M, E: Into<Diagnostics>> From<E> for ApplyError<M> {
    fn from(error: E) -> Self {
        ApplyError::new(error)
    }
}

impl<M> fmt::Debug for ApplyError<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ApplyError")
            .field("diagnostics", &self.diagnostics)
            .field("state", &self.state.as_ref().map(|_| ".."))
            .finish()
    }
}
