//! What go-cty does to text, so that tfvalue's values are the ones Terraform sees: strings,
//! map keys and attribute names are put in Unicode Normalization Form C when decoded (two
//! spellings of `é` are one string, and one map key), and a long refinement prefix is cut
//! as go-cty cuts it (module `prefix`).
//!
//! The Unicode tables are those of Unicode 15.0.0, the version of the golang.org/x/text and
//! go-textseg that Terraform 1.11 to 1.15 are built with: the crates are pinned to the
//! releases that carry them, and a test checks their versions.
//!
//! ASCII text is always in NFC: the decoders test for it a word at a time and never reach
//! the Unicode tables for it.

use std::borrow::Cow;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

mod prefix;

pub(crate) use prefix::cut_prefix;

/// `s` in Normalization Form C: borrowed when it already is (ASCII, and nearly all other
/// text), normalised into a new string otherwise.
#[inline]
pub(crate) fn nfc(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        return Cow::Borrowed(s);
    }
    nfc_non_ascii(s)
}

/// [`nfc`] for text known to hold a non-ASCII byte.
pub(crate) fn nfc_non_ascii(s: &str) -> Cow<'_, str> {
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => Cow::Borrowed(s),
        IsNormalized::No | IsNormalized::Maybe => {
            let normalized: String = s.nfc().collect();
            if normalized == s {
                Cow::Borrowed(s)
            } else {
                Cow::Owned(normalized)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nfc_borrows_normalised_text_and_composes_the_rest() {
        assert!(matches!(nfc("plain"), Cow::Borrowed("plain")));
        assert!(matches!(nfc("\u{e9}cole"), Cow::Borrowed(_)));
        // e + combining acute (65 cc 81) becomes é (c3 a9).
        assert_eq!(nfc("e\u{301}").as_bytes(), b"\xc3\xa9");
        assert_eq!(nfc("\u{212b}").as_ref(), "\u{c5}"); // ANGSTROM SIGN → Å
    }

    /// Terraform's tables: x/text's `norm` (15.0.0 for every Go before 1.27), go-textseg
    /// v15 and Go 1.23-1.25's `unicode` package. An upgrade of either crate changes what
    /// NFC composes and where clusters end, so it must fail here first.
    #[test]
    fn unicode_tables_are_terraforms_15_0_0() {
        assert_eq!(unicode_normalization::UNICODE_VERSION, (15, 0, 0));
        assert_eq!(unicode_segmentation::UNICODE_VERSION, (15, 0, 0));
    }

    #[test]
    fn characters_added_after_unicode_15_are_left_as_they_are() {
        // TULU-TIGALARI LETTER VOCALIC RR (U+113C2) and VOWEL SIGN VOCALIC RR (U+113C9),
        // Unicode 16, compose to U+113C8 under Unicode 16 NFC; go-cty keeps them apart.
        let pair = "\u{113c2}\u{113c9}";
        assert_eq!(pair.as_bytes(), b"\xf0\x91\x8f\x82\xf0\x91\x8f\x89");
        assert!(matches!(nfc(pair), Cow::Borrowed(p) if p.as_bytes() == pair.as_bytes()));
        // U+113C2 U+113B8, which Unicode 16 makes canonically equal to U+113C7 (so two map
        // keys Terraform holds apart would become one), stays two characters.
        let pair = "\u{113c2}\u{113b8}";
        assert_eq!(nfc(pair).as_bytes(), b"\xf0\x91\x8f\x82\xf0\x91\x8e\xb8");
        assert_eq!(nfc("\u{113c7}").as_bytes(), b"\xf0\x91\x8f\x87");
    }
}
