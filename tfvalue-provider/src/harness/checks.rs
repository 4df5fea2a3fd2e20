//! Terraform's checks of a provider's answers, which make a provider bug an error in the
//! harness as it is in Terraform: a plan may change only what the configuration leaves to
//! the provider (Terraform's `objchange.AssertPlanValid`: "Provider produced invalid
//! plan"), and an apply must keep every value its plan made known
//! (`objchange.AssertObjectCompatible`: "Provider produced inconsistent result after
//! apply").
//!
//! A computed block (Terraform 1.16) that the configuration writes none of may be planned
//! as anything but null (LIST, SET, MAP); one that it writes is checked as any block.
//!
//! Kept small: the elements of a set are checked only for being known (plans) or, when the
//! plan knew the whole set, for being the planned ones (applies), as Terraform can do
//! little more with elements that have no identity.

use tfvalue::path::{AttributePath, PathStep};
use tfvalue::schema::{Attribute, AttributeKind, Block, BlockNesting, NestedBlock, ObjectNesting};
use tfvalue::{Readable, Type, Value};

use super::proposal::same;

/// One problem Terraform would report: where, and what.
pub(super) struct Problem {
    pub(super) path: AttributePath,
    pub(super) what: String,
}

/// The problems of a planned state for a create or an update (`prior` is null on create).
pub(super) fn plan_problems(
    block: &Block,
    prior: &Value,
    config: &Value,
    planned: &Value,
) -> Vec<Problem> {
    let mut check = Check::default();
    check.object(
        &block.attributes,
        &block.block_types,
        prior,
        config,
        planned,
    );
    check.problems
}

/// The problems of an applied state against its plan.
pub(super) fn apply_problems(planned: &Value, actual: &Value) -> Vec<Problem> {
    let mut check = Check::default();
    check.compatible(planned, actual);
    check.problems
}

#[derive(Default)]
struct Check {
    path: AttributePath,
    problems: Vec<Problem>,
}

/// The attribute `name` of an object, or null when the object is null (or lacks it). The
/// checks compare nulls whatever their type.
fn attr(object: &Value, name: &str) -> Value {
    object
        .attr(name)
        .cloned()
        .unwrap_or_else(|| Value::null(Type::Dynamic))
}

/// A value as Terraform compares it with the configuration: an unknown without its
/// refinements.
fn unrefined(v: &Value) -> Value {
    match v {
        Value::Unknown(ty, _) => Value::unknown(ty.clone()),
        _ => v.clone(),
    }
}

impl Check {
    fn report(&mut self, what: String) {
        self.problems.push(Problem {
            path: self.path.clone(),
            what,
        });
    }

    fn at(&mut self, step: PathStep, f: impl FnOnce(&mut Self)) {
        self.path.push(step);
        f(self);
        self.path.pop();
    }

    fn object(
        &mut self,
        attributes: &[Attribute],
        blocks: &[NestedBlock],
        prior: &Value,
        config: &Value,
        planned: &Value,
    ) {
        if planned.is_null() && !config.is_null() {
            return self.report("planned for absence but config wants existence".into());
        }
        if config.is_null() && !planned.is_null() {
            return self.report("planned for existence but config wants absence".into());
        }
        if planned.is_null() {
            return;
        }
        for a in attributes {
            let (p, c, planned) = (
                attr(prior, &a.name),
                attr(config, &a.name),
                attr(planned, &a.name),
            );
            self.at(PathStep::Attr(a.name.clone()), |s| {
                s.attribute(a, &p, &c, &planned)
            });
        }
        for b in blocks {
            let name = &b.type_name;
            let (p, c, planned) = (attr(prior, name), attr(config, name), attr(planned, name));
            self.at(PathStep::Attr(b.type_name.clone()), |s| {
                s.block(b, &p, &c, &planned)
            });
        }
    }

    fn attribute(&mut self, a: &Attribute, prior: &Value, config: &Value, planned: &Value) {
        if same(&unrefined(planned), &unrefined(config)) {
            return;
        }
        if same(&unrefined(planned), &unrefined(prior)) && !prior.is_null() && !config.is_null() {
            return;
        }
        if a.write_only {
            if !planned.is_null() {
                self.report("planned value for write-only attribute is not null".into());
            }
            return;
        }
        if a.computed && (!a.optional || config.is_null()) {
            return;
        }
        let shown = |v: &Value| {
            if a.sensitive {
                "(sensitive value)".to_owned()
            } else {
                Readable(v).to_string()
            }
        };
        if config.is_null() {
            return self.report(format!(
                "planned value {} for a non-computed attribute",
                shown(planned)
            ));
        }
        if let AttributeKind::Nested(object) = &a.kind {
            return self.nested_attribute(
                object.nesting,
                &object.attributes,
                prior,
                config,
                planned,
            );
        }
        if prior.is_null() {
            self.report(format!(
                "planned value {} does not match config value {}",
                shown(planned),
                shown(config)
            ));
        } else {
            self.report(format!(
                "planned value {} does not match config value {} nor prior value {}",
                shown(planned),
                shown(config),
                shown(prior)
            ));
        }
    }

    fn nested_attribute(
        &mut self,
        nesting: ObjectNesting,
        attributes: &[Attribute],
        prior: &Value,
        config: &Value,
        planned: &Value,
    ) {
        if planned.is_null() {
            return self.report("planned for absence but config wants existence".into());
        }
        if planned.is_unknown() {
            return self.report("planned unknown for configured value".into());
        }
        match nesting {
            ObjectNesting::Single => self.object(attributes, &[], prior, config, planned),
            ObjectNesting::List => {
                self.each_indexed(prior, config, planned, "count", |s, p, c, o| {
                    s.object(attributes, &[], p, c, o);
                })
            }
            ObjectNesting::Map => self.each_keyed(prior, config, planned, |s, p, c, o| {
                s.object(attributes, &[], p, c, o);
            }),
            ObjectNesting::Set => {}
        }
    }

    fn block(&mut self, b: &NestedBlock, prior: &Value, config: &Value, planned: &Value) {
        let mode = match b.nesting {
            BlockNesting::Single => None,
            BlockNesting::List => Some("list"),
            BlockNesting::Set => Some("set"),
            BlockNesting::Map => Some("map"),
            BlockNesting::Group => Some("group"),
        };
        if let (Some(mode), true) = (mode, planned.is_null()) {
            return self.report(format!(
                "attribute representing a {mode} of nested blocks must be empty to indicate \
                 no blocks, not null"
            ));
        }
        if same(planned, config) {
            return;
        }
        if config.is_unknown() {
            return self.report(format!(
                "planned value {} for unknown dynamic block",
                Readable(planned)
            ));
        }
        if config.is_null() && b.block.computed {
            // A computed block the configuration writes none of: the provider's to fill in.
            return;
        }
        if planned.is_unknown() {
            return self.report(if b.block.computed {
                "planned unknown value for configured block".into()
            } else {
                "planned unknown value for non-computed block".into()
            });
        }
        let inner = |s: &mut Self, p: &Value, c: &Value, o: &Value| {
            if o.is_unknown() {
                s.report(
                    "element representing nested block must not be unknown itself; set \
                     nested attribute values to unknown instead"
                        .into(),
                );
            } else {
                s.object(&b.block.attributes, &b.block.block_types, p, c, o);
            }
        };
        match b.nesting {
            BlockNesting::Single | BlockNesting::Group => {
                self.object(
                    &b.block.attributes,
                    &b.block.block_types,
                    prior,
                    config,
                    planned,
                );
            }
            BlockNesting::List => self.each_indexed(prior, config, planned, "block count", inner),
            BlockNesting::Map => self.each_keyed(prior, config, planned, inner),
            BlockNesting::Set => {
                let unknown =
                    (planned.as_elements().unwrap_or_default().iter()).any(Value::is_unknown);
                if unknown {
                    self.report(
                        "element representing nested block must not be unknown itself; set \
                         nested attribute values to unknown instead"
                            .into(),
                    );
                }
            }
        }
    }

    /// Checks the elements of a list (or tuple) by index, after their counts (`what` the
    /// count is called).
    fn each_indexed(
        &mut self,
        prior: &Value,
        config: &Value,
        planned: &Value,
        what: &str,
        mut f: impl FnMut(&mut Self, &Value, &Value, &Value),
    ) {
        let (Some(planned), Some(config)) = (planned.as_elements(), config.as_elements()) else {
            return;
        };
        if planned.len() != config.len() {
            return self.report(format!(
                "{what} in plan ({}) disagrees with count in config ({})",
                planned.len(),
                config.len()
            ));
        }
        let prior = prior.as_elements().unwrap_or_default();
        for (i, (o, c)) in (0_i64..).zip(planned.iter().zip(config)) {
            let p = usize::try_from(i)
                .ok()
                .and_then(|i| prior.get(i))
                .cloned()
                .unwrap_or_else(|| Value::null(Type::Dynamic));
            self.at(PathStep::Index(i), |s| f(s, &p, c, o));
        }
    }

    /// Checks the elements of a map (or an object keyed by label) by key.
    fn each_keyed(
        &mut self,
        prior: &Value,
        config: &Value,
        planned: &Value,
        mut f: impl FnMut(&mut Self, &Value, &Value, &Value),
    ) {
        let entries = |v: &Value| -> Vec<(String, Value)> {
            match v {
                Value::Map(_, items) => items.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                Value::Object(ty, items) => ty
                    .names()
                    .iter()
                    .cloned()
                    .zip(items.iter().cloned())
                    .collect(),
                _ => Vec::new(),
            }
        };
        let (planned, config, prior) = (entries(planned), entries(config), entries(prior));
        let find = |list: &[(String, Value)], key: &str| {
            list.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
        };
        for (key, o) in &planned {
            let Some(c) = find(&config, key) else {
                self.report(format!(
                    "block key {key:?} from plan is not present in config"
                ));
                continue;
            };
            let p = find(&prior, key).unwrap_or_else(|| Value::null(Type::Dynamic));
            self.at(PathStep::Key(key.clone()), |s| f(s, &p, &c, o));
        }
        for (key, _) in &config {
            if find(&planned, key).is_none() {
                self.report(format!(
                    "block key {key:?} from config is not present in plan"
                ));
            }
        }
    }

    /// Whether `actual` is what `planned` promised: equal wherever the plan was known.
    fn compatible(&mut self, planned: &Value, actual: &Value) {
        match (planned, actual) {
            (Value::Unknown(_, refinements), _) => {
                if refinements.is_not_null() && actual.is_null() {
                    self.report("was known to be not null, but now null".into());
                }
            }
            (Value::Object(tp, p), Value::Object(ta, a)) if tp.names() == ta.names() => {
                for ((name, p), a) in tp.names().iter().zip(p).zip(a) {
                    self.at(PathStep::Attr(name.clone()), |s| s.compatible(p, a));
                }
            }
            (Value::List(_, p) | Value::Tuple(p), Value::List(_, a) | Value::Tuple(a))
                if p.len() == a.len() =>
            {
                for (i, (p, a)) in (0_i64..).zip(p.iter().zip(a)) {
                    self.at(PathStep::Index(i), |s| s.compatible(p, a));
                }
            }
            (Value::Map(_, p), Value::Map(_, a))
                if p.len() == a.len() && p.keys().all(|k| a.contains_key(k)) =>
            {
                for (key, p) in p {
                    self.at(PathStep::Key(key.clone()), |s| s.compatible(p, &a[key]));
                }
            }
            (Value::Set(..), Value::Set(..)) if !planned.is_wholly_known() => {}
            _ => {
                if !same(planned, actual) {
                    self.report(format!(
                        "was {}, but now {}",
                        Readable(planned),
                        Readable(actual)
                    ));
                }
            }
        }
    }
}
