//! What go-cty does to text, so that tfvalue's values are the ones Terraform sees: strings,
//! map keys and attribute names are put in Unicode Normalization Form C when decoded (two
//! spellings of `é` are one string, and one map key), and a long refinement prefix is cut
//! at a grapheme-cluster boundary.
//!
//! ASCII text is always in NFC: the decoders test for it a word at a time and never reach
//! the Unicode tables for it.

use std::borrow::Cow;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
use unicode_segmentation::UnicodeSegmentation;

use crate::limits::MAX_REFINEMENT_PREFIX;

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

/// A refinement prefix as go-cty 1.16 writes it: one of at most 256 bytes unchanged; a
/// longer one cut to its first 255 bytes (at a character boundary) and then shortened by
/// its last grapheme cluster, which the cut may have split (`p` × 300 becomes `p` × 254).
pub(crate) fn cut_prefix(prefix: &str) -> &str {
    if prefix.len() <= MAX_REFINEMENT_PREFIX {
        return prefix;
    }
    let mut end = MAX_REFINEMENT_PREFIX - 1;
    while !prefix.is_char_boundary(end) {
        end -= 1;
    }
    let head = prefix.get(..end).unwrap_or_default();
    match head.grapheme_indices(true).next_back() {
        Some((last, _)) => head.get(..last).unwrap_or_default(),
        None => head,
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

    #[test]
    fn prefix_cut_as_go_cty() {
        let p300 = "p".repeat(300);
        assert_eq!(cut_prefix(&p300).len(), 254);
        assert_eq!(cut_prefix(&"p".repeat(257)).len(), 254);
        assert_eq!(cut_prefix(&"p".repeat(256)).len(), 256);
        // A base letter and its combining mark are one cluster: both go.
        let s = format!("{}e\u{301}xyz", "p".repeat(253));
        assert_eq!(cut_prefix(&s), "p".repeat(253));
        // A multi-byte character across byte 255 is not split: the cut backs off to its
        // start, and the last cluster before it still goes (it is always dropped, as
        // go-cty drops it: it might have continued).
        let s = format!("{}日本", "p".repeat(253));
        assert_eq!(cut_prefix(&s), "p".repeat(252));
    }
}
