//! What go-cty does to text, so that tfvalue's values are the ones Terraform sees: strings,
//! map keys and attribute names are put in Unicode Normalization Form C when decoded (two
//! spellings of `é` are one string, and one map key), and a long refinement prefix is cut
//! as go-cty cuts it (module `prefix`). Like golang.org/x/text, NFC here also keeps text
//! stream-safe: a run of more than 30 non-starters gets a U+034F COMBINING GRAPHEME JOINER
//! (module `stream_safe`).
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
mod stream_safe;

pub(crate) use prefix::cut_prefix;

/// `s` as go-cty's NFC leaves it: borrowed when that is `s` itself (ASCII, and nearly all
/// other text), normalised into a new string otherwise.
#[inline]
pub(crate) fn nfc(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        return Cow::Borrowed(s);
    }
    nfc_non_ascii(s)
}

/// [`nfc`] for text known to hold a non-ASCII byte: grapheme joiners put in runs of more
/// than 30 non-starters, then the text composed.
pub(crate) fn nfc_non_ascii(s: &str) -> Cow<'_, str> {
    let joined = stream_safe::insert_joiners(s);
    let text = joined.as_deref().unwrap_or(s);
    let composed = match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => None,
        IsNormalized::No | IsNormalized::Maybe => {
            let normalized: String = text.nfc().collect();
            (normalized != text).then_some(normalized)
        }
    };
    match composed.or(joined) {
        Some(owned) => Cow::Owned(owned),
        None => Cow::Borrowed(s),
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

    /// `base`, then `n` copies of `mark`, as bytes.
    fn run(base: &[u8], mark: &[u8], n: usize) -> Vec<u8> {
        [base, &mark.repeat(n)].concat()
    }

    const OVERLINE: &[u8] = b"\xcc\x85"; // U+0305 COMBINING OVERLINE, ccc 230, composes with nothing
    const ACUTE: &[u8] = b"\xcc\x81"; // U+0301 COMBINING ACUTE ACCENT
    const CGJ: &[u8] = b"\xcd\x8f"; // U+034F COMBINING GRAPHEME JOINER

    fn nfc_bytes(bytes: &[u8]) -> Cow<'_, str> {
        nfc(std::str::from_utf8(bytes).unwrap())
    }

    // The expected bytes below are what golang.org/x/text v0.22.0 and v0.37.0 (Terraform
    // 1.11.4 and 1.15.5) return from `norm.NFC.String` for the same input.

    #[test]
    fn thirty_non_starters_are_left_alone() {
        let input = run(b"e", OVERLINE, 30);
        assert!(matches!(nfc_bytes(&input), Cow::Borrowed(s) if s.as_bytes() == input));
        // e + 30 acute accents: é, then 29 accents.
        let input = run(b"e", ACUTE, 30);
        assert_eq!(nfc_bytes(&input).as_bytes(), run(b"\xc3\xa9", ACUTE, 29));
    }

    #[test]
    fn a_joiner_goes_before_the_thirty_first_non_starter() {
        let input = run(b"e", OVERLINE, 31);
        let expected = [&run(b"e", OVERLINE, 30), CGJ, OVERLINE].concat();
        assert_eq!(nfc_bytes(&input).as_bytes(), expected);
        // The joiner is counted before composing: é then 29 accents, CGJ, the 31st.
        let input = run(b"e", ACUTE, 31);
        let expected = [&run(b"\xc3\xa9", ACUTE, 29), CGJ, ACUTE].concat();
        assert_eq!(nfc_bytes(&input).as_bytes(), expected);
        // Without a base character the count starts at the first mark.
        let input = OVERLINE.repeat(31);
        let expected = [&OVERLINE.repeat(30), CGJ, OVERLINE].concat();
        assert_eq!(nfc_bytes(&input).as_bytes(), expected);
    }

    #[test]
    fn sixty_one_non_starters_get_two_joiners() {
        let input = run(b"e", OVERLINE, 61);
        let expected = [
            &run(b"e", OVERLINE, 30),
            CGJ,
            &OVERLINE.repeat(30),
            CGJ,
            OVERLINE,
        ];
        assert_eq!(nfc_bytes(&input).as_bytes(), expected.concat());
    }

    #[test]
    fn non_starters_of_a_decomposition_count() {
        // U+1E09 (ḉ, e1 b8 89) is c U+0327 U+0301: two marks, so the 29th overline overflows.
        let input = run(b"\xe1\xb8\x89", OVERLINE, 29);
        let expected = [&run(b"\xe1\xb8\x89", OVERLINE, 28), CGJ, OVERLINE].concat();
        assert_eq!(nfc_bytes(&input).as_bytes(), expected);
        // U+0344 (cd 84) is U+0308 U+0301, two marks each: the 16th overflows. NFC composes
        // e + U+0308 into ë (c3 ab) and splits every other U+0344.
        let input = run(b"e", b"\xcd\x84", 16);
        let mut expected = b"\xc3\xab\xcc\x81".to_vec();
        expected.extend(b"\xcc\x88\xcc\x81".repeat(14));
        expected.extend([CGJ, b"\xcc\x88\xcc\x81"].concat());
        assert_eq!(nfc_bytes(&input).as_bytes(), expected);
        // U+FF9E (ef be 9e) is a starter NFC keeps, but its compatibility decomposition is
        // U+3099, a mark: it counts.
        let input = run(b"e", b"\xef\xbe\x9e", 31);
        let expected = [&run(b"e", b"\xef\xbe\x9e", 30), CGJ, b"\xef\xbe\x9e"].concat();
        assert_eq!(nfc_bytes(&input).as_bytes(), expected);
    }

    #[test]
    fn hangul_syllables_and_vowel_jamo_count_as_non_starters() {
        // 가 (U+AC00, LV: one) and 각 (U+AC01, LVT: two) before the marks.
        let input = run(b"\xea\xb0\x80", OVERLINE, 30);
        let expected = [&run(b"\xea\xb0\x80", OVERLINE, 29), CGJ, OVERLINE].concat();
        assert_eq!(nfc_bytes(&input).as_bytes(), expected);
        let input = run(b"\xea\xb0\x81", OVERLINE, 29);
        let expected = [&run(b"\xea\xb0\x81", OVERLINE, 28), CGJ, OVERLINE].concat();
        assert_eq!(nfc_bytes(&input).as_bytes(), expected);
        // U+1100 then 31 U+1161 (e1 85 a1): the first pair composes to 가, the vowels count.
        let input = run(b"\xe1\x84\x80", b"\xe1\x85\xa1", 31);
        let expected = [
            &run(b"\xea\xb0\x80", b"\xe1\x85\xa1", 29),
            CGJ,
            b"\xe1\x85\xa1",
        ];
        assert_eq!(nfc_bytes(&input).as_bytes(), expected.concat());
    }

    #[test]
    fn a_starter_ends_the_run() {
        let input = [&run(b"e", OVERLINE, 20), &run(b"a", OVERLINE, 20)[..]].concat();
        assert!(matches!(nfc_bytes(&input), Cow::Borrowed(s) if s.as_bytes() == input));
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
