//! Fields a `macro_rules!` adds to a model (shared attributes declared once, as a provider
//! with the same checksum attributes on four models does) derive as if written in place:
//! the generated code's locals do not leak into, or hide from, the macro's tokens.

use super::common::{round_trip, wire_of};
use tfvalue::{Nullable, TfSchema, Unknown};

/// Declares `$name` with the given fields and two computed checksums after them.
macro_rules! with_checksums {
    ($(#[$meta:meta])* struct $name:ident { $($field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        struct $name {
            $($field: $ty,)*
            #[tf(computed)]
            md5: Unknown<Nullable<String>>,
            #[tf(block)]
            part: Vec<Part>,
        }
    };
}

#[derive(TfSchema, Debug, PartialEq)]
struct Part {
    size: i64,
}

with_checksums! {
    #[derive(TfSchema, Debug, PartialEq)]
    struct File {
        path: String,
    }
}

#[test]
fn fields_from_a_macro_are_in_the_schema_and_on_the_wire() {
    let block = &File::schema().block;
    let names: Vec<&str> = block.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["path", "md5"]);
    assert!(block.attributes[1].computed);
    assert_eq!(block.block_types[0].type_name, "part");
    let bytes = wire_of::<File>(r#"{"path": "a", "md5": null, "part": [{"size": 3}]}"#);
    let file: File = round_trip(&bytes);
    assert_eq!(
        file,
        File {
            path: "a".into(),
            md5: Unknown::null(),
            part: vec![Part { size: 3 }],
        }
    );
}
