//! Declared behaviour of a model's attributes: defaults, plan modifiers and validators.
//!
//! `#[derive(TfSchema)]` writes one [`Rules`] per model from keys such as
//! `#[tf(default = true)]`, `#[tf(requires_replace)]` or `#[tf(length(min = 1))]`
//! ([`TfSchema::rules`](crate::TfSchema::rules)). The rules are data, evaluated here on
//! `tfvalue::Value`s ([`check_object`] for a configuration, [`apply_defaults`] and
//! [`apply_modifiers`] for a plan), which the provider framework (tfvalue-provider) calls
//! when it validates a configuration and plans a change, the way terraform-plugin-framework
//! applies the defaults, plan modifiers and validators of a Go schema. A model without such keys has
//! [`Rules::none`].
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! #[derive(TfSchema)]
//! struct Pet {
//!     #[tf(at_least = 1, requires_replace)]
//!     length: i64,
//!     #[tf(default = "-", requires_replace)]
//!     separator: Unknown<Nullable<String>>,
//! }
//!
//! let rules = Pet::rules();
//! assert!(rules.find("separator").is_some_and(|a| a.has_default()));
//! assert!(rules.find("length").is_some_and(|a| a.replaces()));
//! ```

mod applies;
mod check;
mod plan;
#[cfg(test)]
mod tests;
mod validator;

use std::sync::OnceLock;

use crate::error::Result;
use crate::value::Value;

pub use applies::{BoolRule, DefaultSlot, LengthRule, NumberRule, OneOfRule, SizeRule};
pub use check::{check_object, Finding};
pub use plan::{apply_defaults, apply_modifiers};
pub use validator::{Invalid, ObjectRule, Pattern, Validator};

/// The declared behaviour of one object type: of its attributes, and of the object as a
/// whole (attribute combinations).
#[derive(Debug, Default)]
pub struct Rules {
    attributes: Vec<AttributeRules>,
    object: Vec<ObjectRule>,
}

impl Rules {
    /// Rules with nothing declared.
    pub fn new() -> Self {
        Rules::default()
    }

    /// The empty rules, shared.
    pub fn none() -> &'static Rules {
        static NONE: OnceLock<Rules> = OnceLock::new();
        NONE.get_or_init(Rules::new)
    }

    /// Adds the rules of one attribute (or block), by its Terraform name.
    #[must_use]
    pub fn attribute(mut self, rules: AttributeRules) -> Self {
        self.attributes.push(rules);
        self
    }

    /// Adds a rule on the object as a whole.
    #[must_use]
    pub fn object_rule(mut self, rule: ObjectRule) -> Self {
        self.object.push(rule);
        self
    }

    /// The rules of the attribute or block named `name`, if any are declared.
    pub fn find(&self, name: &str) -> Option<&AttributeRules> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The rules of every attribute with any, in declaration order.
    pub fn attributes(&self) -> &[AttributeRules] {
        &self.attributes
    }

    /// The rules on the object as a whole.
    pub fn object_rules(&self) -> &[ObjectRule] {
        &self.object
    }

    /// True when nothing is declared, at this level or in nested objects.
    pub fn is_empty(&self) -> bool {
        self.object.is_empty() && self.attributes.iter().all(AttributeRules::is_empty)
    }

    /// True when a default, a plan modifier or a replacement is declared here or in a nested
    /// object: what only managed resources can have.
    pub fn plans_anything(&self) -> bool {
        self.attributes.iter().any(|a| {
            a.default.is_some()
                || a.use_state_for_unknown
                || !matches!(a.replace, Replace::Never)
                || a.nested().is_some_and(Rules::plans_anything)
        })
    }
}

/// When a change of an attribute's value replaces the object.
#[derive(Clone, Copy)]
pub enum Replace {
    /// Never (the default): the change is an update.
    Never,
    /// Whenever the value changes.
    Always,
    /// When the value changes and the function, given the prior and the planned value,
    /// says so.
    If(fn(&Value, &Value) -> Result<bool>),
}

impl std::fmt::Debug for Replace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Replace::Never => "Never",
            Replace::Always => "Always",
            Replace::If(_) => "If(..)",
        })
    }
}

/// The declared behaviour of one attribute or block.
pub struct AttributeRules {
    name: &'static str,
    default: Option<fn() -> Result<Value>>,
    use_state_for_unknown: bool,
    replace: Replace,
    validators: Vec<Validator>,
    nested: Option<fn() -> &'static Rules>,
}

impl std::fmt::Debug for AttributeRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AttributeRules")
            .field("name", &self.name)
            .field("default", &self.default.is_some())
            .field("use_state_for_unknown", &self.use_state_for_unknown)
            .field("replace", &self.replace)
            .field("validators", &self.validators)
            .field("nested", &self.nested.map(|n| n()))
            .finish()
    }
}

impl AttributeRules {
    /// No rules yet for the attribute or block named `name`.
    pub fn new(name: &'static str) -> Self {
        AttributeRules {
            name,
            default: None,
            use_state_for_unknown: false,
            replace: Replace::Never,
            validators: Vec::new(),
            nested: None,
        }
    }

    /// The value planned when the configuration leaves the attribute null.
    #[must_use]
    pub fn default_value(mut self, make: fn() -> Result<Value>) -> Self {
        self.default = Some(make);
        self
    }

    /// Keeps the prior state's value where the plan would be unknown. A null prior value
    /// is not kept (the attribute stays "known after apply" when the update changes
    /// something, as terraform-plugin-framework's modifier does), and neither is one whose
    /// configuration is unknown. An update that changes nothing plans no unknown value at
    /// all, so a computed attribute the provider left null stays null without this rule.
    #[must_use]
    pub fn use_state_for_unknown(mut self) -> Self {
        self.use_state_for_unknown = true;
        self
    }

    /// When a change of the value replaces the object.
    #[must_use]
    pub fn replace(mut self, replace: Replace) -> Self {
        self.replace = replace;
        self
    }

    /// Adds a validator of the configured value.
    #[must_use]
    pub fn validator(mut self, validator: Validator) -> Self {
        self.validators.push(validator);
        self
    }

    /// The rules of the nested object (nested attribute or block element).
    #[must_use]
    pub fn nested_rules(mut self, rules: fn() -> &'static Rules) -> Self {
        self.nested = Some(rules);
        self
    }

    /// The attribute's Terraform name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// True when a default is declared.
    pub fn has_default(&self) -> bool {
        self.default.is_some()
    }

    /// The default value, if one is declared.
    pub fn make_default(&self) -> Option<Result<Value>> {
        self.default.map(|make| make())
    }

    /// True when the prior state's value is kept where the plan would be unknown.
    pub fn keeps_state_for_unknown(&self) -> bool {
        self.use_state_for_unknown
    }

    /// When a change replaces the object.
    pub fn replacement(&self) -> Replace {
        self.replace
    }

    /// True when a change may replace the object.
    pub fn replaces(&self) -> bool {
        !matches!(self.replace, Replace::Never)
    }

    /// The validators, in declaration order.
    pub fn validators(&self) -> &[Validator] {
        &self.validators
    }

    /// The rules of the nested object, if the attribute is a block or nested attribute
    /// whose type declares any.
    pub fn nested(&self) -> Option<&'static Rules> {
        self.nested.map(|n| n()).filter(|r| !r.is_empty())
    }

    fn is_empty(&self) -> bool {
        self.default.is_none()
            && !self.use_state_for_unknown
            && matches!(self.replace, Replace::Never)
            && self.validators.is_empty()
            && self.nested().is_none()
    }
}

/// The rules of type `T`, built by `build` on the first call for that `T` and kept for the
/// rest of the program: how a generic model implements
/// [`TfSchema::rules`](crate::TfSchema::rules) (a `static` in a generic function is shared
/// by all its instantiations). Building never asks for other rules (nested rules are
/// reached through function pointers), so the cache is simply locked while it builds.
pub fn cached_rules<T: 'static + ?Sized>(build: fn() -> Rules) -> &'static Rules {
    use std::any::TypeId;
    use std::collections::HashMap;
    use std::sync::{Mutex, PoisonError};
    static CACHE: OnceLock<Mutex<HashMap<TypeId, &'static Rules>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(PoisonError::into_inner);
    map.entry(TypeId::of::<T>())
        .or_insert_with(|| Box::leak(Box::new(build())))
}

/// A number from a finite `f64`, for validator bounds written as decimal literals (the
/// derive rejects literals that are not finite; a non-finite value gives 0).
pub fn finite_number(value: f64) -> crate::Number {
    crate::Number::from_f64(value).unwrap_or_default()
}
