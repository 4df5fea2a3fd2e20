//! The validators an attribute or an object can declare, and what each checks of a value.
//! Messages are Terraform's, as terraform-plugin-framework-validators words them, so a user
//! reads the same sentences from a tfvalue provider as from a Go one.

use std::fmt;

use crate::invalid::Invalid;
use crate::number::Number;
use crate::value::Value;

/// A check of one attribute's configured value. Null and unknown values are not checked
/// (Terraform validates again once they are known).
#[non_exhaustive]
pub enum Validator {
    /// A string's length in Unicode characters.
    Length {
        /// The least length allowed.
        min: Option<u64>,
        /// The greatest length allowed.
        max: Option<u64>,
    },
    /// The number of elements of a list, set or map.
    Size {
        /// The least number of elements allowed.
        min: Option<u64>,
        /// The greatest number of elements allowed.
        max: Option<u64>,
    },
    /// A number at least this.
    AtLeast(Number),
    /// A number at most this.
    AtMost(Number),
    /// A number between the two, both included.
    Between(Number, Number),
    /// One of these values.
    OneOf(Vec<Value>),
    /// A string matching the pattern.
    Regex(Pattern),
    /// A number at least the sum of the named sibling attributes (null ones count 0).
    AtLeastSumOf(Vec<&'static str>),
    /// A bool that is true, or one of the named sibling bool attributes is.
    AtLeastOneTrue(Vec<&'static str>),
    /// The author's check: `Err` says what is wrong ([`Invalid`]).
    Custom(fn(&Value) -> Result<(), Invalid>),
    /// The number validator inside on a binary floating-point attribute: its numbers
    /// printed with six decimals, as terraform-plugin-framework-validators'
    /// `float64validator` prints them (`value must be between 0.500000 and 1.000000, got:
    /// 2.000000`). [`Validator::for_type`] wraps one where the type says so.
    Decimal(Box<Validator>),
}

impl Validator {
    /// The validator as declared on an attribute of type `T`: a number validator
    /// (`AtLeast`, `AtMost`, `Between`, `OneOf`) wrapped in [`Validator::Decimal`] when `T`
    /// is a binary floating-point type ([`TfType::DECIMAL`](crate::TfType::DECIMAL)), else
    /// as it is.
    ///
    /// ```
    /// use tfvalue::rules::Validator;
    ///
    /// let ratio = Validator::AtMost(1_i64.into()).for_type::<Option<f64>>();
    /// assert!(matches!(ratio, Validator::Decimal(_)));
    /// let count = Validator::AtMost(1_i64.into()).for_type::<i64>();
    /// assert!(matches!(count, Validator::AtMost(_)));
    /// ```
    #[must_use]
    pub fn for_type<T: crate::TfType + ?Sized>(self) -> Validator {
        match self {
            Validator::AtLeast(_)
            | Validator::AtMost(_)
            | Validator::Between(..)
            | Validator::OneOf(_)
                if T::DECIMAL =>
            {
                Validator::Decimal(Box::new(self))
            }
            other => other,
        }
    }
}

impl fmt::Debug for Validator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Validator::Length { min, max } => write!(f, "Length({min:?}, {max:?})"),
            Validator::Size { min, max } => write!(f, "Size({min:?}, {max:?})"),
            Validator::AtLeast(n) => write!(f, "AtLeast({n})"),
            Validator::AtMost(n) => write!(f, "AtMost({n})"),
            Validator::Between(a, b) => write!(f, "Between({a}, {b})"),
            Validator::OneOf(values) => write!(f, "OneOf({} values)", values.len()),
            Validator::Regex(p) => write!(f, "Regex({:?})", p.source),
            Validator::AtLeastSumOf(names) => write!(f, "AtLeastSumOf({names:?})"),
            Validator::AtLeastOneTrue(names) => write!(f, "AtLeastOneTrue({names:?})"),
            Validator::Custom(_) => f.write_str("Custom(..)"),
            Validator::Decimal(inner) => write!(f, "Decimal({inner:?})"),
        }
    }
}

/// A regular expression with the sentence that explains it.
pub struct Pattern {
    source: &'static str,
    message: Option<&'static str>,
    compiled: Result<regex_lite::Regex, String>,
}

impl Pattern {
    /// The pattern `source` (the syntax of the `regex-lite` crate, close to RE2's), and the
    /// sentence a failure shows (default: "value must match regular expression '...'").
    /// The derive checks a literal pattern when the program is compiled; one from a const
    /// is checked when the provider registers its model ([`Rules::invalid_patterns`](super::Rules::invalid_patterns)).
    /// A pattern built by hand that does not compile makes every check fail with the reason.
    pub fn new(source: &'static str, message: Option<&'static str>) -> Pattern {
        Pattern {
            source,
            message,
            compiled: regex_lite::Regex::new(source).map_err(|e| e.to_string()),
        }
    }

    /// The pattern as written.
    pub fn source(&self) -> &'static str {
        self.source
    }

    pub(crate) fn describe(&self) -> String {
        match self.message {
            Some(m) => m.to_owned(),
            None => format!("value must match regular expression '{}'", self.source),
        }
    }

    pub(crate) fn matches(&self, text: &str) -> Result<bool, String> {
        match &self.compiled {
            Ok(re) => Ok(re.is_match(text)),
            Err(e) => Err(format!(
                "The regular expression '{}' does not compile: {e}",
                self.source
            )),
        }
    }
}

impl super::Rules {
    /// A sentence for each declared regular expression that does not compile, naming its
    /// attribute (`disk.label`: nested objects' attributes too). A literal pattern is checked
    /// when the program is compiled; one from a const only here, which the provider calls
    /// when a model is registered, so that it fails to start rather than at validation.
    ///
    /// ```
    /// use tfvalue::rules::{AttributeRules, Pattern, Rules, Validator};
    ///
    /// let rules = Rules::new().attribute(
    ///     AttributeRules::new("name").validator(Validator::Regex(Pattern::new("[a-", None))),
    /// );
    /// let problems = rules.invalid_patterns();
    /// assert_eq!(problems.len(), 1);
    /// assert!(problems[0].starts_with("attribute name: the regular expression '[a-'"));
    /// ```
    pub fn invalid_patterns(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_invalid_patterns("", 0, &mut out);
        out
    }

    fn collect_invalid_patterns(&self, prefix: &str, depth: usize, out: &mut Vec<String>) {
        // Nested rules are reached through functions; a model nesting itself ends here.
        if depth > 32 {
            return;
        }
        for attribute in self.attributes() {
            let name = format!("{prefix}{}", attribute.name());
            for validator in attribute.validators() {
                if let Validator::Regex(pattern) = validator {
                    if let Err(reason) = &pattern.compiled {
                        out.push(format!(
                            "attribute {name}: the regular expression '{}' does not compile: \
                             {reason}",
                            pattern.source
                        ));
                    }
                }
            }
            if let Some(nested) = attribute.nested() {
                nested.collect_invalid_patterns(&format!("{name}."), depth + 1, out);
            }
        }
    }
}

/// A check of a combination of an object's attributes. An attribute counts as configured
/// when it is neither null nor unknown. The object-wide forms (the struct keys) speak as
/// terraform-plugin-framework-validators' configuration validators (`resourcevalidator`):
/// "Invalid Attribute Combination" at the first configured attribute named, or "Missing
/// Attribute Configuration" at the object; the `...At` forms (the field keys) as its
/// attribute validators, at their attribute.
#[derive(Debug)]
#[non_exhaustive]
pub enum ObjectRule {
    /// At most one of the attributes is configured (unknown ones count as not configured).
    ConflictsWith(Vec<&'static str>),
    /// Exactly one of the attributes is configured: two or more are an error at once, none
    /// is one when none is unknown.
    ExactlyOneOf(Vec<&'static str>),
    /// At least one of the attributes is configured; waits while one is unknown.
    AtLeastOneOf(Vec<&'static str>),
    /// All or none of the attributes are configured; waits while one is unknown.
    RequiredWith(Vec<&'static str>),
    /// Exactly one of the attribute `at` and the attributes `with` is configured, told at
    /// `at` in terraform-plugin-framework-validators' words: "No attribute specified when
    /// one (and only one) of `[b,c]` is required", "2 attributes specified when ...". It runs
    /// when `at` is null too; it waits while `at` or any of `with` is unknown. The field key
    /// `#[tf(exactly_one_of(b, c))]` declares it.
    ExactlyOneOfAt {
        /// The attribute the rule is declared on, where its error is told.
        at: &'static str,
        /// The other attributes, as the error lists them.
        with: Vec<&'static str>,
    },
    /// When the attribute `at` is configured, none of `with` may be: one error at `at` for
    /// each that is, "Attribute \"b\" cannot be specified when \"a\" is specified", as
    /// terraform-plugin-framework-validators' `ConflictsWith` tells it. It waits while one
    /// of `with` is unknown. The field key `#[tf(conflicts_with(b, c))]` declares it.
    ConflictsWithAt {
        /// The attribute the rule is declared on, where its errors are told.
        at: &'static str,
        /// The attributes that may not be configured with it.
        with: Vec<&'static str>,
    },
    /// When the attribute `at` is configured, each of `with` must be too: one error at `at`
    /// for each left null, "Attribute \"b\" must be specified when \"a\" is specified", as
    /// terraform-plugin-framework-validators' `AlsoRequires` tells it. It waits while one of
    /// `with` is unknown. The field key `#[tf(required_with(b, c))]` declares it.
    AlsoRequiresAt {
        /// The attribute the rule is declared on, where its errors are told.
        at: &'static str,
        /// The attributes it needs.
        with: Vec<&'static str>,
    },
    /// When the attribute `at` is null, one of `with` must be configured: else one error at
    /// `at`, "At least one attribute out of `[b,c,a]` must be specified", as
    /// terraform-plugin-framework-validators' `AtLeastOneOf` tells it. It waits while any is
    /// unknown. The field key `#[tf(at_least_one_of(b, c))]` declares it.
    AtLeastOneOfAt {
        /// The attribute the rule is declared on, where its error is told.
        at: &'static str,
        /// The other attributes, as the error lists them (before `at`).
        with: Vec<&'static str>,
    },
    /// The author's check of the whole object (decoded into the model): `Err` holds the
    /// attribute path (from the object) and the sentence.
    Custom(fn(&Value) -> Result<(), crate::Error>),
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pattern({:?})", self.source)
    }
}
