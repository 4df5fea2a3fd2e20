//! `random_id`: random bytes as an identifier, in several encodings.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{ApplyError, Context, Diagnostic, Diagnostics, Resource};

use super::bytes::{hex, random_bytes};
use super::{keepers_replace, random_read_error, state_only, KeeperMap, RETRY};

/// Random bytes meant as a unique identifier (cryptographic random source).
#[derive(TfSchema, Debug, Clone)]
pub struct Id {
    /// Arbitrary map of values that, when changed, will trigger recreation of resource.
    #[tf(requires_replace_if = keepers_replace)]
    pub keepers: Unknown<Nullable<KeeperMap>>,
    /// The number of random bytes to produce (at least 1 for eight bits of randomness).
    #[tf(requires_replace)]
    pub byte_length: Unknown<i64>,
    /// Arbitrary string to prefix the output value with, as it is.
    #[tf(requires_replace)]
    pub prefix: Unknown<Nullable<String>>,
    /// The id in URL-safe base64 (letters, digits, `_` and `-`), after the prefix.
    #[tf(computed, use_state_for_unknown)]
    pub b64_url: Unknown<Nullable<String>>,
    /// The id in standard base64, after the prefix.
    #[tf(computed, use_state_for_unknown)]
    pub b64_std: Unknown<Nullable<String>>,
    /// The id in padded hexadecimal digits (twice the byte length), after the prefix.
    #[tf(computed, use_state_for_unknown)]
    pub hex: Unknown<Nullable<String>>,
    /// The id in non-padded decimal digits, after the prefix.
    #[tf(computed, use_state_for_unknown)]
    pub dec: Unknown<Nullable<String>>,
    /// The id in URL-safe base64, without the prefix.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// The decimal digits of a big-endian unsigned number.
fn decimal(bytes: &[u8]) -> String {
    let mut digits = vec![0_u8]; // little-endian base 10
    for &byte in bytes {
        let mut carry = u32::from(byte);
        for d in &mut digits {
            let v = u32::from(*d) * 256 + carry;
            *d = (v % 10) as u8;
            carry = v / 10;
        }
        while carry > 0 {
            digits.push((carry % 10) as u8);
            carry /= 10;
        }
    }
    digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
}

/// The state of the id of `bytes` with `prefix`.
fn id_of(
    bytes: &[u8],
    prefix: Unknown<Nullable<String>>,
    keepers: Unknown<Nullable<KeeperMap>>,
) -> Id {
    let p = prefix.as_value().map_or("", String::as_str);
    let url = URL_SAFE_NO_PAD.encode(bytes);
    let with = |s: &str| Unknown::known(Nullable::Value(format!("{p}{s}")));
    Id {
        b64_url: with(&url),
        b64_std: with(&STANDARD.encode(bytes)),
        hex: with(&hex(bytes)),
        dec: with(&decimal(bytes)),
        id: Some(url).into(),
        byte_length: i64::try_from(bytes.len()).unwrap_or(i64::MAX).into(),
        keepers,
        prefix,
    }
}

/// The `random_id` resource type.
pub struct IdResource;

impl Resource for IdResource {
    type Model = Id;
    type Data = ();

    async fn create(&self, _: &mut Context<()>, planned: Id, _: Id) -> Result<Id, ApplyError<Id>> {
        let bytes = random_bytes(&planned.byte_length).map_err(random_read_error)?;
        Ok(Id {
            byte_length: planned.byte_length.clone(),
            ..id_of(&bytes, planned.prefix, planned.keepers)
        })
    }

    state_only!(Id);

    /// Imports `<id>` or `<prefix>,<id>`, the id in URL-safe base64.
    async fn import(&self, _: &mut Context<()>, id: &str) -> Result<Id, Diagnostics> {
        let (prefix, id) = id.rsplit_once(',').unwrap_or(("", id));
        let bytes = URL_SAFE_NO_PAD.decode(id).map_err(|e| {
            Diagnostic::error("Import Random ID Error").with_detail(format!(
                "While attempting to import a random id there was a decoding error.\n\n+{RETRY}Original Error: {e}"
            ))
        })?;
        let prefix = Some(prefix.to_owned()).filter(|p| !p.is_empty());
        Ok(id_of(
            &bytes,
            Unknown::known(prefix.into()),
            Unknown::known(Nullable::Null),
        ))
    }
}
