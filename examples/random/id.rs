//! `random_id`: random bytes as an identifier, in several encodings.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, Diagnostic, Diagnostics, ImportRequest, Resource,
};

use super::bytes::{hex, random_bytes};
use super::limits::{at_most, MAX_ID_BYTES};
use super::{keepers_replace, random_read_error, state_only, Keepers, RETRY};

/// Random bytes meant as a unique identifier (cryptographic random source).
#[derive(TfSchema, Debug, Clone)]
pub struct Id {
    /// Arbitrary map of values that, when changed, will trigger recreation of resource.
    #[tf(requires_replace_if = keepers_replace)]
    pub keepers: Keepers,
    /// The number of random bytes to produce (at least 1 for eight bits of randomness, at
    /// most 16384).
    #[tf(requires_replace, at_most = 16384)]
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

/// The decimal digits of a big-endian unsigned number (`"0"` for none), as Go's
/// `big.Int` writes it. Limbs of nine digits, fed up to four bytes at a time: `n` bytes
/// take about `n * n / 15` steps (18 million at [`MAX_ID_BYTES`]).
fn decimal(bytes: &[u8]) -> String {
    const BASE: u64 = 1_000_000_000;
    let mut limbs: Vec<u64> = vec![0]; // little-endian, base 10^9
    let head = bytes.len() % 4;
    let chunks = std::iter::once(&bytes[..head])
        .filter(|c| !c.is_empty())
        .chain(bytes[head..].chunks(4));
    for chunk in chunks {
        // limb < 2^30, so (limb << 32) + carry < 2^62 + 2^33: no overflow.
        let shift = 8 * chunk.len() as u32;
        let mut carry = chunk.iter().fold(0_u64, |v, &b| v << 8 | u64::from(b));
        for limb in &mut limbs {
            let v = (*limb << shift) + carry;
            *limb = v % BASE;
            carry = v / BASE;
        }
        while carry > 0 {
            limbs.push(carry % BASE);
            carry /= BASE;
        }
    }
    let mut out = limbs.last().copied().unwrap_or(0).to_string();
    for limb in limbs.iter().rev().skip(1) {
        out.push_str(&format!("{limb:09}"));
    }
    out
}

/// The state of the id of `bytes` with `prefix`.
fn id_of(bytes: &[u8], prefix: Unknown<Nullable<String>>, keepers: Keepers) -> Id {
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

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Id>,
    ) -> Result<Id, ApplyError<Id>> {
        let planned = request.planned;
        let count = at_most(
            planned.byte_length.as_known().copied(),
            MAX_ID_BYTES,
            "byte_length",
        )?;
        let bytes = random_bytes(count).map_err(random_read_error)?;
        Ok(Id {
            byte_length: planned.byte_length.clone(),
            ..id_of(&bytes, planned.prefix, planned.keepers)
        })
    }

    state_only!(Id);

    /// Imports `<id>` or `<prefix>,<id>`, the id in URL-safe base64.
    async fn import(&self, _: &mut Context<()>, request: ImportRequest) -> Result<Id, Diagnostics> {
        let id = request.id.as_str();
        let (prefix, id) = id.rsplit_once(',').unwrap_or(("", id));
        let bytes = URL_SAFE_NO_PAD.decode(id).map_err(|e| {
            Diagnostic::error("Import Random ID Error").with_detail(format!(
                "While attempting to import a random id there was a decoding error.\n\n+{RETRY}Original Error: {e}"
            ))
        })?;
        if i64::try_from(bytes.len()).unwrap_or(i64::MAX) > MAX_ID_BYTES {
            return Err(Diagnostic::error("Import Random ID Error")
                .with_detail(format!(
                    "The id holds {} bytes; random_id holds at most {MAX_ID_BYTES} (the most \
                     its byte_length allows).",
                    bytes.len()
                ))
                .into());
        }
        let prefix = Some(prefix.to_owned()).filter(|p| !p.is_empty());
        Ok(id_of(
            &bytes,
            Unknown::known(prefix.into()),
            Unknown::known(Nullable::Null),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{decimal, MAX_ID_BYTES};

    #[test]
    fn decimals_are_big_endian_unsigned_numbers() {
        assert_eq!(decimal(&[]), "0");
        assert_eq!(decimal(&[0]), "0");
        assert_eq!(decimal(&[0, 0, 1]), "1");
        assert_eq!(decimal(&[1, 0]), "256");
        assert_eq!(decimal(&[0x3b, 0x9a, 0xca, 0x00]), "1000000000");
        assert_eq!(decimal(&[0x3b, 0x9a, 0xc9, 0xff]), "999999999");
        // 10^18: the lower limbs are written with their leading zeros.
        assert_eq!(
            decimal(&[0x0d, 0xe0, 0xb6, 0xb3, 0xa7, 0x64, 0x00, 0x00]),
            "1000000000000000000"
        );
        assert_eq!(decimal(&[0xff; 8]), "18446744073709551615");
        assert_eq!(
            decimal(&[0xff; 16]),
            "340282366920938463463374607431768211455"
        );
        // Every length of a head chunk (1 to 3 bytes before the 4-byte chunks).
        let n: u128 = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210;
        for skip in 0..16 {
            let bytes = &n.to_be_bytes()[skip..];
            let value = bytes.iter().fold(0_u128, |v, &b| v << 8 | u128::from(b));
            assert_eq!(decimal(bytes), value.to_string(), "{} bytes", bytes.len());
        }
    }

    #[test]
    fn the_largest_id_is_written_quickly() {
        let bytes = vec![0xff; usize::try_from(MAX_ID_BYTES).expect("bound")];
        let start = std::time::Instant::now();
        let digits = decimal(&bytes);
        // 2^131072 - 1 has 39,457 digits, 40141...695 (Python's int).
        assert_eq!(digits.len(), 39_457);
        assert!(digits.starts_with("40141") && digits.ends_with("695"));
        assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
    }
}
