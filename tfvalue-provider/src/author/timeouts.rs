//! [`Timeouts`]: how long a resource's create, read, update and delete may take, as the
//! configuration sets them (`timeouts { create = "30m" }`), and [`TimeoutsField`], the
//! same methods on the field of a model that holds them. Each value is checked while the
//! configuration is validated, by a validator the model declares (`#[tf(validate)]`).

use std::time::Duration;

use tfvalue::path::AttributePath;
use tfvalue::{Nullable, TfSchema, Unknown};

use crate::author::diagnostics::Diagnostic;
use crate::author::go_duration::parse_duration;

/// The configured timeouts of a resource's operations: optional strings holding Go
/// durations (`"30s"`, `"1h30m"`, `"2h45m10.5s"`; see [`parse_duration`]), as
/// terraform-plugin-framework-timeouts offers them. A model holds them in a field named
/// `timeouts`, as a block or as a nested attribute:
///
/// ```hcl
/// resource "example_disk" "data" {
///   name = "data"
///   timeouts {              # the block form; the nested attribute form is
///     create = "45m"        # `timeouts = { create = "45m" }`
///   }
/// }
/// ```
///
/// ```
/// use std::time::Duration;
/// use tfvalue::{Nullable, TfSchema, Unknown};
/// use tfvalue_provider::{
///     ApplyError, Context, CreateRequest, Diagnostic, Diagnostics, Resource, Timeouts,
///     TimeoutsField as _,
/// };
///
/// #[derive(TfSchema)]
/// struct Disk {
///     name: Unknown<String>,
///     /// How long each operation may take.
///     #[tf(block)]
///     timeouts: Option<Timeouts>,
///     // or, as a nested attribute: #[tf(nested)] timeouts: Unknown<Nullable<Timeouts>>,
/// }
///
/// struct Disks;
///
/// impl Resource for Disks {
///     type Model = Disk;
///     type Data = ();
///
///     async fn create(
///         &self,
///         _: &mut Context<()>,
///         request: CreateRequest<Disk>,
///     ) -> Result<Disk, ApplyError<Disk>> {
///         let planned = request.planned;
///         let limit = planned.timeouts.create(Duration::from_secs(20 * 60))?;
///         let made = tokio::time::timeout(limit, async { /* call the API */ }).await;
///         made.map_err(|_| Diagnostic::error("Timed out creating the disk"))?;
///         Ok(planned)
///     }
/// #   async fn read(&self, _: &mut Context<()>, r: tfvalue_provider::ReadRequest<Disk>) -> Result<Option<Disk>, Diagnostics> { Ok(Some(r.state)) }
/// #   async fn update(&self, _: &mut Context<()>, r: tfvalue_provider::UpdateRequest<Disk>) -> Result<Disk, ApplyError<Disk>> { Ok(r.planned) }
/// #   async fn delete(&self, _: &mut Context<()>, _: tfvalue_provider::DeleteRequest<Disk>) -> Result<(), ApplyError<Disk>> { Ok(()) }
/// }
/// ```
///
/// A value that is not a duration fails the configuration's validation at its attribute
/// ("Invalid Attribute Value" at `timeouts.create`; null and unknown values are not
/// checked), wherever the model holds the timeouts: the framework runs the validators
/// `Timeouts` declares on its fields. The values travel as the configuration wrote them:
/// plan and state keep the strings. The errors of the duration methods name the attribute
/// at the model's root, `.timeouts.create`, the field name every Terraform provider uses.
#[derive(TfSchema, Debug, Clone, Default, PartialEq)]
#[tf(
    description = "How long each operation may take, as durations such as \"30s\" or \"2h45m\"; the provider's defaults where not set."
)]
pub struct Timeouts {
    /// How long creating may take: a duration such as "30s", "10m" or "2h45m" (units
    /// "ns", "us", "ms", "s", "m", "h"); the provider's default when not set.
    #[tf(validate = duration_text)]
    pub create: Unknown<Nullable<String>>,
    /// How long reading may take, as for `create`.
    #[tf(validate = duration_text)]
    pub read: Unknown<Nullable<String>>,
    /// How long updating may take, as for `create`.
    #[tf(validate = duration_text)]
    pub update: Unknown<Nullable<String>>,
    /// How long deleting may take, as for `create`.
    #[tf(validate = duration_text)]
    pub delete: Unknown<Nullable<String>>,
}

/// The validator of each attribute: the text is a duration. The sentence follows the
/// attribute's name ("Attribute timeouts.create must be ..."), as the plugin framework's
/// time-duration validator says it, with Go's reason.
fn duration_text(text: &str) -> Result<(), String> {
    parse_duration(text).map(drop).map_err(|e| {
        format!(
            "must be a string containing a sequence of decimal numbers, each with optional \
             fraction and a unit suffix, such as \"300ms\", \"1.5h\" or \"2h45m\", and not \
             negative. Valid time units are \"ns\", \"us\" (or \"µs\"), \"ms\", \"s\", \"m\", \
             \"h\". Got: {text:?} ({e})."
        )
    })
}

impl Timeouts {
    /// How long creating may take: the configured `create`, or `default` when it is not
    /// set (or not known yet).
    ///
    /// # Errors
    /// The configured text is not a duration: "Timeout Cannot Be Parsed" at
    /// `.timeouts.create`, with Go's reason (validation reports it before any apply).
    pub fn create(&self, default: Duration) -> Result<Duration, Diagnostic> {
        TimeoutsField::create(self, default)
    }

    /// How long reading may take: the configured `read`, or `default` (see
    /// [`Timeouts::create`]).
    ///
    /// # Errors
    /// As [`Timeouts::create`], at `.timeouts.read`.
    pub fn read(&self, default: Duration) -> Result<Duration, Diagnostic> {
        TimeoutsField::read(self, default)
    }

    /// How long updating may take: the configured `update`, or `default` (see
    /// [`Timeouts::create`]).
    ///
    /// # Errors
    /// As [`Timeouts::create`], at `.timeouts.update`.
    pub fn update(&self, default: Duration) -> Result<Duration, Diagnostic> {
        TimeoutsField::update(self, default)
    }

    /// How long deleting may take: the configured `delete`, or `default` (see
    /// [`Timeouts::create`]).
    ///
    /// # Errors
    /// As [`Timeouts::create`], at `.timeouts.delete`.
    pub fn delete(&self, default: Duration) -> Result<Duration, Diagnostic> {
        TimeoutsField::delete(self, default)
    }
}

/// The duration `text` of `operation` says, or `default` when there is none.
fn duration(
    text: Option<&str>,
    operation: &str,
    default: Duration,
) -> Result<Duration, Diagnostic> {
    let Some(text) = text else {
        return Ok(default);
    };
    parse_duration(text).map_err(|e| {
        Diagnostic::error("Timeout Cannot Be Parsed")
            .with_detail(format!("timeout for \"{operation}\" cannot be parsed, {e}"))
            .at(AttributePath::root().attr("timeouts").attr(operation))
    })
}

/// Whatever holds a model's timeouts: [`Timeouts`] and its companions ([`TimeoutsKnown`],
/// [`TimeoutsPlanned`], what `into_known` and `into_planned` make of it), and the field
/// of a model in any form (`Option<_>` or `Nullable<_>` for a block,
/// `Unknown<Nullable<_>>` for a nested attribute). Its methods give each operation's
/// duration, the default for every operation when the configuration sets no timeouts
/// (or they are not known yet).
pub trait TimeoutsField {
    /// The configured text of `operation` (`"create"`, `"read"`, `"update"` or
    /// `"delete"`), when it is set and known.
    fn configured(&self, operation: &str) -> Option<&str>;

    /// How long creating may take: the configured `create`, or `default`.
    ///
    /// # Errors
    /// As [`Timeouts::create`].
    fn create(&self, default: Duration) -> Result<Duration, Diagnostic> {
        duration(self.configured("create"), "create", default)
    }

    /// How long reading may take: the configured `read`, or `default`.
    ///
    /// # Errors
    /// As [`Timeouts::read`].
    fn read(&self, default: Duration) -> Result<Duration, Diagnostic> {
        duration(self.configured("read"), "read", default)
    }

    /// How long updating may take: the configured `update`, or `default`.
    ///
    /// # Errors
    /// As [`Timeouts::update`].
    fn update(&self, default: Duration) -> Result<Duration, Diagnostic> {
        duration(self.configured("update"), "update", default)
    }

    /// How long deleting may take: the configured `delete`, or `default`.
    ///
    /// # Errors
    /// As [`Timeouts::delete`].
    fn delete(&self, default: Duration) -> Result<Duration, Diagnostic> {
        duration(self.configured("delete"), "delete", default)
    }
}

impl TimeoutsField for Timeouts {
    fn configured(&self, operation: &str) -> Option<&str> {
        let value = match operation {
            "create" => &self.create,
            "read" => &self.read,
            "update" => &self.update,
            "delete" => &self.delete,
            _ => return None,
        };
        value.as_value().map(String::as_str)
    }
}

impl TimeoutsField for TimeoutsKnown {
    fn configured(&self, operation: &str) -> Option<&str> {
        let value = match operation {
            "create" => &self.create,
            "read" => &self.read,
            "update" => &self.update,
            "delete" => &self.delete,
            _ => return None,
        };
        value.as_value().map(String::as_str)
    }
}

impl TimeoutsField for TimeoutsPlanned {
    fn configured(&self, operation: &str) -> Option<&str> {
        let value = match operation {
            "create" => &self.create,
            "read" => &self.read,
            "update" => &self.update,
            "delete" => &self.delete,
            _ => return None,
        };
        value.as_value().map(String::as_str)
    }
}

impl<T: TimeoutsField> TimeoutsField for Option<T> {
    fn configured(&self, operation: &str) -> Option<&str> {
        self.as_ref()?.configured(operation)
    }
}

impl<T: TimeoutsField> TimeoutsField for Nullable<T> {
    fn configured(&self, operation: &str) -> Option<&str> {
        self.as_value()?.configured(operation)
    }
}

impl<T: TimeoutsField> TimeoutsField for Unknown<T> {
    fn configured(&self, operation: &str) -> Option<&str> {
        self.as_known()?.configured(operation)
    }
}

#[cfg(test)]
mod tests;
