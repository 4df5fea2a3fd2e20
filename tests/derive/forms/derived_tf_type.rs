//! The derived `TfType`, `HAS_DYNAMIC`, and the schema's object type.

use super::attribute_flags::Flags;
use super::common::without_markers;
use super::dynamic_blocks::{DynamicBlocks, WithDynamic};
use super::generics::{Borrowed, Mixed, Part, G};
use super::item_limits::Limits;
use super::nested_attributes::Nested;
use super::nested_blocks::{Blocks, UnknownBlocks};
use super::rust_types::{Collections, Numbers, Obj, Strings, OBJ};
use std::collections::BTreeMap;
use tfvalue::{Nullable, TfSchema, TfType, Unknown, Value};

#[test]
fn object_tf_type_of_models() {
    assert_eq!(Obj::tf_type().to_json(), OBJ);
    assert_eq!(
        Flags::tf_type().to_json(),
        r#"["object",{"aaa":"number","any":"dynamic","count":"number","described":"string","dyn_computed":"dynamic","dyn_required":"dynamic","everything":"string","id":"string","kind":"string","legacy":"bool","lines":"string","md":"string","name":"string","password":"string","plain":"string","region":"string","size":"number","token":"string","type":"string","zone":"string"},["aaa","any","described","dyn_computed","everything","id","kind","legacy","lines","md","password","plain","region","size","zone"]]"#
    );
    // Blocks are never optional attributes of the object type.
    let obj = r#"["object",{"v":"string"},["v"]]"#;
    assert_eq!(
        Blocks::tf_type().to_json(),
        format!(
            r#"["object",{{"group":{obj},"hmap":["map",{obj}],"list":["list",{obj}],"list_x":["list",{obj}],"map":["map",{obj}],"set":["set",{obj}],"set_x":["set",{obj}],"single":{obj},"single_x":{obj}}}]"#
        )
    );
    // Nested attributes are optional when nullable.
    let n = r#"["object",{"x":"string","y":"number"},["y"]]"#;
    assert_eq!(
        Nested::tf_type().to_json(),
        format!(
            r#"["object",{{"computed_list":["list",{n}],"hmap":["map",{n}],"list":["list",{n}],"map":["map",{n}],"required_single":{n},"set":["set",{n}],"single":{n}}},["computed_list","hmap","list","map","set","single"]]"#
        )
    );
    // Wrappers are transparent.
    assert_eq!(<Unknown<Nullable<Obj>>>::tf_type(), Obj::tf_type());
    assert_eq!(
        <Vec<Obj>>::tf_type().to_json(),
        format!(r#"["list",{OBJ}]"#)
    );
}

#[test]
fn has_dynamic() {
    let flags = [
        Flags::HAS_DYNAMIC,
        Obj::HAS_DYNAMIC,
        Collections::HAS_DYNAMIC,
        Blocks::HAS_DYNAMIC,
        Nested::HAS_DYNAMIC,
        WithDynamic::HAS_DYNAMIC,
        DynamicBlocks::HAS_DYNAMIC,
        G::<u8>::HAS_DYNAMIC,
        G::<Value>::HAS_DYNAMIC,
        G::<Vec<BTreeMap<String, Value>>>::HAS_DYNAMIC,
        <Vec<WithDynamic>>::HAS_DYNAMIC,
        Numbers::HAS_DYNAMIC,
    ];
    assert_eq!(
        flags,
        [true, false, true, false, false, true, true, false, true, true, true, false]
    );
}

#[test]
fn schema_object_type_is_tf_type_without_markers() {
    fn check<T: TfSchema>(has_markers: bool) {
        let name = std::any::type_name::<T>();
        let tf = T::tf_type();
        let wire = T::schema().object_type();
        assert_eq!(&without_markers(tf.clone()), wire, "{name}");
        assert_eq!(&tf != wire, has_markers, "{name}");
    }
    check::<Flags>(true);
    check::<Obj>(true);
    check::<Strings<'static>>(true);
    check::<Numbers>(true);
    check::<Collections>(true);
    check::<Blocks>(true);
    check::<UnknownBlocks>(true);
    check::<Nested>(true);
    check::<Limits>(true);
    check::<G<u8>>(true);
    check::<Borrowed<'static>>(true);
    check::<Part<'static>>(false);
    check::<Mixed<'static, bool>>(false);
}
