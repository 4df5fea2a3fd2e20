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
//!
//! # The order of a plan
//!
//! tfvalue-provider plans a create or an update of a managed resource in these steps, each
//! seeing what the previous made:
//!
//! 1. Terraform's proposed new state (the configuration, with the prior values of computed
//!    attributes it leaves null), write-only values taken out;
//! 2. the declared defaults ([`apply_defaults`]) where the configuration is null;
//! 3. the framework's unknown marking: on a create, or an update that changes anything,
//!    each computed attribute the configuration leaves null becomes "known after apply"
//!    (an unchanged update keeps the prior state as it is); then the defaults again, so
//!    that an attribute with a default is never unknown;
//! 4. on an update, the plan modifiers ([`apply_modifiers`]): `use_state_for_unknown` and
//!    `use_non_null_state_for_unknown` turn unknowns back into prior values, element by
//!    element in collections (see `element_key`), then `requires_replace(_if)` compares
//!    planned and prior values; which changes replace the object is settled here;
//! 5. the resource's own `plan` (`tfvalue_provider::Resource::plan`), given the prior
//!    state, the configuration and this planned state, which it may change further;
//! 6. semantic equality of custom types ([`crate::custom_types`]): where the resource
//!    planned a value that means the same as the configuration's (or, where that is null,
//!    the prior state's), the plan holds that text;
//! 7. the declared refinements, on what is still unknown after the author's plan
//!    ([`apply_refinements`]).
//!
//! A default that fails, or a replacement check (`requires_replace_if = f`) that answers
//! `Err`, stops the plan with its error at the attribute before the resource's `plan` is
//! called.
//!
//! # Refinements
//!
//! `#[tf(computed, refine(...))]` declares what is known about the unknown value the
//! provider plans for a computed attribute (also an optional and computed one, where the
//! configuration leaves it null): `not_null`, `prefix = "..."` (strings), `at_least` /
//! `at_most` (inclusive) and `greater_than` / `less_than` (exclusive) bounds (numbers), and
//! `length(min = N, max = N)` (lists, sets and maps), as go-cty allows each. Each becomes a
//! [`Refinement`] of the attribute ([`AttributeRules::refine`]); the derive refuses them on
//! an attribute the provider does not plan, on a type they do not fit ([`PrefixRefinement`],
//! [`NumberRefinement`], [`LengthRefinement`]) and where they contradict each other.
//! [`apply_refinements`] puts them on the plan (narrowing, never loosening, any the author
//! set), and [`check_promises`] checks the applied state against them.
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! #[derive(TfSchema)]
//! struct Key {
//!     #[tf(computed, refine(not_null, greater_than = 0))]
//!     version: Unknown<Nullable<i64>>,
//! }
//!
//! let declared = Key::rules().find("version").unwrap().declared_refinements().unwrap();
//! assert_eq!(declared.to_string(), "(known after apply, not null, > 0)");
//! ```

mod applies;
mod check;
mod plan;
mod refine;
#[cfg(test)]
mod tests;
mod validator;

use std::sync::OnceLock;

use crate::error::Result;
use crate::semantics::Semantics;
use crate::value::Value;

pub use crate::invalid::Invalid;
pub use applies::ElementKeyRule;
pub use applies::{BoolRule, DefaultSlot, LengthRule, NumberRule, OneOfRule, SizeRule};
pub use applies::{LengthRefinement, NumberRefinement, PrefixRefinement};
pub use check::{check_object, Finding};
pub use plan::{apply_defaults, apply_modifiers};
pub use refine::{apply_refinements, check_promises, merge as merge_refinements, Refinement};
pub use validator::{ObjectRule, Pattern, Validator};

/// The declared behaviour of one object type: of its attributes, and of the object as a
/// whole (attribute combinations).
#[derive(Debug, Default)]
pub struct Rules {
    attributes: Vec<AttributeRules>,
    object: Vec<ObjectRule>,
    element_key: Vec<&'static str>,
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
        // The derive asks every attribute's type for custom-type semantics; an attribute
        // whose type has none and that declares nothing else is no rule.
        if !rules.declares_nothing() {
            self.attributes.push(rules);
        }
        self
    }

    /// Adds a rule on the object as a whole.
    #[must_use]
    pub fn object_rule(mut self, rule: ObjectRule) -> Self {
        self.object.push(rule);
        self
    }

    /// Adds the attribute named `name` to the key that identifies an element of this type
    /// in a list, set or map: the plan modifiers of an element compare it with the prior
    /// element whose key attributes are equal (`#[tf(element_key)]` declares it).
    #[must_use]
    pub fn element_key(mut self, name: &'static str) -> Self {
        self.element_key.push(name);
        self
    }

    /// The attributes whose values identify an element of this type in a collection
    /// (empty when none are declared).
    pub fn element_keys(&self) -> &[&'static str] {
        &self.element_key
    }

    /// Adds everything `other` declares: the rules of a struct whose attributes are this
    /// object's (`#[tf(flatten)]`).
    #[must_use]
    pub fn merge(mut self, other: Rules) -> Self {
        let Rules {
            attributes,
            object,
            element_key,
        } = other;
        self.attributes.extend(attributes);
        self.object.extend(object);
        self.element_key.extend(element_key);
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

    /// True when an attribute here or in a nested object holds a custom type
    /// ([`AttributeRules::semantics`]), whose semantically equal values the framework keeps.
    pub fn has_semantics(&self) -> bool {
        self.attributes
            .iter()
            .any(|a| a.semantics.is_some() || a.nested().is_some_and(Rules::has_semantics))
    }

    /// True when a default, a plan modifier or a replacement is declared here or in a nested
    /// object: what only managed resources can have.
    pub fn plans_anything(&self) -> bool {
        self.attributes.iter().any(|a| {
            a.default.is_some()
                || a.use_state_for_unknown
                || a.use_non_null_state_for_unknown
                || !matches!(a.replace, Replace::Never)
                || !a.refinements.is_empty()
                || a.nested().is_some_and(Rules::plans_anything)
        })
    }

    /// True when a refinement is declared here or in a nested object.
    pub fn refines_anything(&self) -> bool {
        self.attributes
            .iter()
            .any(|a| !a.refinements.is_empty() || a.nested().is_some_and(Rules::refines_anything))
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
    /// says so; its `Err` is told at the attribute and fails the plan.
    If(fn(&Value, &Value) -> std::result::Result<bool, Invalid>),
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
    use_non_null_state_for_unknown: bool,
    replace: Replace,
    validators: Vec<Validator>,
    refinements: Vec<Refinement>,
    nested: Option<fn() -> &'static Rules>,
    semantics: Option<Semantics>,
}

impl std::fmt::Debug for AttributeRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AttributeRules")
            .field("name", &self.name)
            .field("default", &self.default.is_some())
            .field("use_state_for_unknown", &self.use_state_for_unknown)
            .field(
                "use_non_null_state_for_unknown",
                &self.use_non_null_state_for_unknown,
            )
            .field("replace", &self.replace)
            .field("validators", &self.validators)
            .field("refinements", &self.refinements)
            .field("nested", &self.nested.map(|n| n()))
            .field("semantics", &self.semantics)
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
            use_non_null_state_for_unknown: false,
            replace: Replace::Never,
            validators: Vec::new(),
            refinements: Vec::new(),
            nested: None,
            semantics: None,
        }
    }

    /// The validation and semantic equality of the custom type the attribute's values hold
    /// ([`TfType::SEMANTICS`](crate::TfType::SEMANTICS), which the derive passes for every
    /// attribute; `None` adds nothing).
    #[must_use]
    pub fn custom_type(mut self, semantics: Option<Semantics>) -> Self {
        self.semantics = semantics;
        self
    }

    /// The custom type's semantics, if the attribute's type has any.
    pub fn semantics(&self) -> Option<&Semantics> {
        self.semantics.as_ref()
    }

    /// True when nothing is declared, nested rules aside from whether any are reachable
    /// (which would call the nested rules' builder while this one builds).
    fn declares_nothing(&self) -> bool {
        self.default.is_none()
            && !self.use_state_for_unknown
            && !self.use_non_null_state_for_unknown
            && matches!(self.replace, Replace::Never)
            && self.validators.is_empty()
            && self.refinements.is_empty()
            && self.nested.is_none()
            && self.semantics.is_none()
    }

    /// The value planned when the configuration leaves the attribute null.
    #[must_use]
    pub fn default_value(mut self, make: fn() -> Result<Value>) -> Self {
        self.default = Some(make);
        self
    }

    /// Keeps the prior state's value where an update's plan would be unknown, a null prior
    /// value included, as terraform-plugin-framework's `UseStateForUnknown` does (since its
    /// 1.15.1). Not where the configuration is unknown, and not in an element of a list,
    /// set or map that has no prior element (see [`apply_modifiers`]).
    #[must_use]
    pub fn use_state_for_unknown(mut self) -> Self {
        self.use_state_for_unknown = true;
        self
    }

    /// Keeps the prior state's value where an update's plan would be unknown, unless that
    /// value is null: a null prior value leaves the attribute "known after apply", as
    /// terraform-plugin-framework's `UseNonNullStateForUnknown` (1.17.0) does. Otherwise as
    /// [`AttributeRules::use_state_for_unknown`].
    #[must_use]
    pub fn use_non_null_state_for_unknown(mut self) -> Self {
        self.use_non_null_state_for_unknown = true;
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

    /// Adds a refinement of the unknown value the provider plans for this computed
    /// attribute: what Terraform may rely on before apply, and what the applied value must
    /// keep (see [`apply_refinements`] and [`check_promises`]).
    #[must_use]
    pub fn refine(mut self, refinement: Refinement) -> Self {
        self.refinements.push(refinement);
        self
    }

    /// The declared refinements, in declaration order.
    pub fn refinements(&self) -> &[Refinement] {
        &self.refinements
    }

    /// The declared refinements together: an error when they leave no value possible.
    pub fn declared_refinements(&self) -> Result<crate::Refinements> {
        self.refinements
            .iter()
            .try_fold(crate::Refinements::new(), |r, refinement| {
                refinement.add_to(r)
            })
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

    /// True when the prior state's value, null included, is kept where the plan would be
    /// unknown.
    pub fn keeps_state_for_unknown(&self) -> bool {
        self.use_state_for_unknown
    }

    /// True when a non-null prior state's value is kept where the plan would be unknown.
    pub fn keeps_non_null_state_for_unknown(&self) -> bool {
        self.use_non_null_state_for_unknown
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
            && !self.use_non_null_state_for_unknown
            && matches!(self.replace, Replace::Never)
            && self.validators.is_empty()
            && self.refinements.is_empty()
            && self.nested().is_none()
            && self.semantics.is_none()
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
