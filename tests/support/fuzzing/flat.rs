//! The model the typed targets decode beside `Vm`: flattened attribute groups (one inside
//! another, and inside LIST block elements) and the custom string types, so that the
//! decoder's path for flattened names is fuzzed with the rest.

use tfvalue::custom_types::{NormalizedJson, Rfc3339};
use tfvalue::{Nullable, TfSchema, Unknown};

/// Attributes of its own between and around the flattened ones, so that the names of the
/// parent and of its groups interleave on the wire.
#[derive(TfSchema, Debug)]
pub struct Flat {
    /// Sorts before every flattened name.
    pub aaa: Unknown<String>,
    /// A group with a group of its own.
    #[tf(flatten)]
    pub group: Group,
    /// Sorts between the flattened names.
    pub mid: Unknown<Nullable<bool>>,
    /// Blocks whose elements flatten the inner group too.
    #[tf(block(list, max_items = 4))]
    pub item: Unknown<Vec<Item>>,
}

/// Flattened into [`Flat`].
#[derive(TfSchema, Debug)]
pub struct Group {
    /// A JSON document.
    pub policy: Unknown<Nullable<NormalizedJson>>,
    /// An instant.
    pub at: Unknown<Nullable<Rfc3339>>,
    /// Flattened into the group, so into [`Flat`].
    #[tf(flatten)]
    pub inner: Inner,
}

/// Flattened twice: into [`Group`] and into [`Item`].
#[derive(TfSchema, Debug)]
pub struct Inner {
    /// Sorts last.
    pub zeta: Unknown<Nullable<i64>>,
    /// Sorts first.
    pub alpha: Unknown<Nullable<Vec<String>>>,
}

/// An `item` block.
#[derive(TfSchema, Debug)]
pub struct Item {
    /// The element's own attribute.
    pub key: Unknown<String>,
    /// The inner group again.
    #[tf(flatten)]
    pub inner: Inner,
}

#[cfg(test)]
mod tests {
    use super::Flat;

    /// The seed of the typed targets' corpora for this model
    /// (`fuzz/corpus/typed_msgpack/b476c1f0…`): every name, own and flattened, in one map.
    const SEED: &str = "\
        87a3616161a178a5616c70686192a161a162a26174b4323033302d30312d30315430303a30303a30\
        305aa46974656d9283a5616c706861c0a36b6579a16ba47a6574610183a5616c70686191a17aa36b\
        6579a16aa47a657461c0a36d6964c3a6706f6c696379ab7b2261223a5b312c325d7da47a65746102";

    #[test]
    fn the_seed_decodes_into_the_flattened_fields_and_encodes_back_the_same() {
        let bytes = crate::hex(SEED);
        let flat: Flat = tfvalue::msgpack::from_slice(&bytes).unwrap();
        assert_eq!(flat.group.inner.zeta.as_value(), Some(&2));
        assert_eq!(
            flat.group.policy.as_value().map(AsRef::as_ref),
            Some(r#"{"a":[1,2]}"#)
        );
        let items = flat.item.as_known().unwrap();
        assert_eq!(items[1].inner.alpha.as_value().map(Vec::len), Some(1));
        assert_eq!(tfvalue::msgpack::to_vec(&flat).unwrap(), bytes);
        let json = tfvalue::json::to_vec(&flat).unwrap();
        let again: Flat = tfvalue::json::from_slice(&json).unwrap();
        assert_eq!(tfvalue::msgpack::to_vec(&again).unwrap(), bytes);
    }
}
