//! The protocol: its messages as the engine reads and answers them ([`messages`]), the
//! generated `tfplugin6` types ([`proto`]), the conversion between the two ([`convert`]) and
//! the `DynamicValue` codec ([`codec`]).

pub(crate) mod codec;
pub(crate) mod convert;
pub(crate) mod messages;
pub(crate) mod proto;
