//! Version 4 UUIDs (`random_uuid4`), and the UUID texts google/uuid accepts.

/// A version 4 UUID from 16 random bytes: the version and variant bits set.
pub fn v4(mut bytes: [u8; 16]) -> [u8; 16] {
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    bytes
}

/// The bytes of a UUID written as `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, with
/// `urn:uuid:` before it, in braces, or as 32 bare hex digits (the forms google/uuid
/// reads), in either case.
pub fn parse_any(text: &str) -> Result<[u8; 16], String> {
    let canonical = match text.len() {
        36 => text.to_owned(),
        38 if text.starts_with('{') && text.ends_with('}') => text[1..37].to_owned(),
        45 if text
            .get(..9)
            .is_some_and(|p| p.eq_ignore_ascii_case("urn:uuid:")) =>
        {
            text[9..].to_owned()
        }
        32 if text.is_ascii() => {
            format!(
                "{}-{}-{}-{}-{}",
                &text[..8],
                &text[8..12],
                &text[12..16],
                &text[16..20],
                &text[20..]
            )
        }
        38 | 45 => return Err("invalid UUID format".into()),
        n => return Err(format!("invalid UUID length: {n}")),
    };
    super::uuid::parse(&canonical).map_err(|_| "invalid UUID format".to_owned())
}
