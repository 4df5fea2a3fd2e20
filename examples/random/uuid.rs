//! `random_uuid`, `random_uuid4` and `random_uuid7`: random UUID strings, which share
//! their schema. `random_uuid` formats 16 random bytes as a UUID (as hashicorp/go-uuid
//! does, without version bits); the others are RFC 9562 version 4 and 7 UUIDs.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, Diagnostic, Diagnostics, ImportRequest, Resource,
};

use super::bytes::random_bytes;
use super::{keepers_replace, state_only, Keepers, RETRY};

/// A random UUID.
#[derive(TfSchema, Debug, Clone)]
pub struct Uuid {
    /// Arbitrary map of values that, when changed, will trigger recreation of resource.
    #[tf(requires_replace_if = keepers_replace)]
    pub keepers: Keepers,
    /// The generated uuid presented in string format.
    #[tf(computed, use_state_for_unknown)]
    pub result: Unknown<Nullable<String>>,
    /// The generated uuid presented in string format.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// Which UUIDs a [`UuidResource`] makes.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// `random_uuid`: any 16 random bytes.
    Any,
    /// `random_uuid4`: version 4.
    V4,
    /// `random_uuid7`: version 7 (time-ordered).
    V7,
}

/// The resource types `random_uuid`, `random_uuid4` and `random_uuid7`.
pub struct UuidResource(pub Kind);

/// The canonical text of a UUID: lowercase hex in groups of 8-4-4-4-12 digits.
pub fn format(bytes: &[u8; 16]) -> String {
    let hex = super::bytes::hex(bytes);
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// The 16 bytes of a UUID in canonical text (`Err` names what is wrong, as go-uuid does).
pub fn parse(text: &str) -> Result<[u8; 16], String> {
    if text.len() != 36 {
        return Err("uuid string is wrong length".into());
    }
    if [8, 13, 18, 23].iter().any(|&i| text.as_bytes()[i] != b'-') {
        return Err("uuid is improperly formatted".into());
    }
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'-').collect();
    if digits.len() != 32 || !digits.iter().all(u8::is_ascii_hexdigit) {
        return Err("encoding/hex: invalid byte".into());
    }
    let mut bytes = [0_u8; 16];
    for (b, pair) in bytes.iter_mut().zip(digits.chunks(2)) {
        let nibble = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
        *b = nibble(pair[0]) << 4 | nibble(pair[1]);
    }
    Ok(bytes)
}

impl Resource for UuidResource {
    type Model = Uuid;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Uuid>,
    ) -> Result<Uuid, ApplyError<Uuid>> {
        let planned = request.planned;
        let (summary, make) = match self.0 {
            Kind::Any => (
                "Create Random UUID error",
                std::convert::identity as fn(_) -> _,
            ),
            Kind::V4 => (
                "Create Random UUID v4 error",
                super::uuid4::v4 as fn(_) -> _,
            ),
            Kind::V7 => (
                "Create Random UUID v7 error",
                super::uuid7::v7 as fn(_) -> _,
            ),
        };
        let bytes = random_bytes(16).map_err(|e| {
            Diagnostic::error(summary).with_detail(format!(
                "There was an error during generation of a UUID.\n\n{RETRY}Original Error: {e}"
            ))
        })?;
        let mut raw = [0_u8; 16];
        raw.copy_from_slice(&bytes);
        let text = format(&make(raw));
        Ok(Uuid {
            result: Some(text.clone()).into(),
            id: Some(text).into(),
            keepers: planned.keepers,
        })
    }

    state_only!(Uuid);

    async fn import(
        &self,
        _: &mut Context<()>,
        request: ImportRequest,
    ) -> Result<Uuid, Diagnostics> {
        let id = request.id.as_str();
        let parsed = match self.0 {
            Kind::Any => parse(id),
            Kind::V4 | Kind::V7 => super::uuid4::parse_any(id),
        };
        let text = format(&parsed.map_err(|e| {
            Diagnostic::error("Import Random UUID Error").with_detail(format!(
                "There was an error during the parsing of the UUID.\n\n{RETRY}Original Error: {e}"
            ))
        })?);
        Ok(Uuid {
            result: Some(text.clone()).into(),
            id: Some(text).into(),
            keepers: Unknown::known(Nullable::Null),
        })
    }
}
