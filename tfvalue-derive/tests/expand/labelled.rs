//! A model with a lifetime and a type parameter, for the committed expansion beside it
//! (labelled.expanded.rs): its schema is cached per type, and its Deserialize impl bounds
//! the parameter.

#[derive(TfSchema)]
pub struct Labelled<'a, T> {
    pub label: &'a str,
    pub value: T,
    #[tf(block(map))]
    pub extra: BTreeMap<String, Extra>,
}
