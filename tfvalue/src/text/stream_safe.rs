//! The Stream-Safe Text Format (UAX #15, section 13) as golang.org/x/text's `norm` package
//! applies it while putting text in NFC: when a run of non-starters would grow past 30, a
//! U+034F COMBINING GRAPHEME JOINER goes in front of the character that would overflow it,
//! and the count starts again from that character.
//!
//! x/text's counts differ from UAX #15's and from `unicode-normalization`'s
//! `stream_safe()`, and Terraform's are the ones that count here:
//!
//! - a character's count comes from its full compatibility decomposition (NFKD), even for
//!   NFC: U+FF9E HALFWIDTH KATAKANA VOICED SOUND MARK, a starter that NFC leaves alone,
//!   counts as one non-starter;
//! - a character with combining class 0 that composes with the character before it (NFC
//!   quick check "Maybe": Hangul vowel and trailing jamo, vowel signs such as U+0BBE) is a
//!   non-starter too;
//! - a Hangul syllable counts as one trailing non-starter (LV) or two (LVT), its jamo V
//!   and T;
//! - the leading non-starters of a character's decomposition add to the run; any other
//!   character ends it, and its trailing non-starters start the next one.

use unicode_normalization::char::{canonical_combining_class, decompose_compatible};
use unicode_normalization::{is_nfc_quick, IsNormalized};

/// The longest run of non-starters x/text lets through (`maxNonStarters` in its `norm`
/// package).
const MAX_NON_STARTERS: u32 = 30;

/// U+034F COMBINING GRAPHEME JOINER, which x/text puts in a run that would be too long.
const GRAPHEME_JOINER: char = '\u{34f}';

/// Each character adds at most three non-starters (x/text's table generator refuses more),
/// and each non-starter is at least two bytes of UTF-8, so a run can only grow past
/// [`MAX_NON_STARTERS`] in an unbroken stretch of at least this many non-ASCII bytes.
const SHORTEST_OVERFLOWING_BYTES: usize = 2 * (MAX_NON_STARTERS as usize + 1 - 3).div_ceil(3);

/// `s` with a grapheme joiner wherever x/text's NFC puts one, or `None` when it puts none
/// (all text without a long stretch of non-ASCII characters, and all ordinary text).
pub(super) fn insert_joiners(s: &str) -> Option<String> {
    if !has_long_non_ascii_stretch(s.as_bytes()) {
        return None;
    }
    let mut count = 0u32;
    let mut out: Option<String> = None;
    for (at, c) in s.char_indices() {
        let (lead, trail) = non_starters(c);
        if count + lead > MAX_NON_STARTERS {
            let out = out.get_or_insert_with(|| {
                let mut o = String::with_capacity(s.len() + 2 * GRAPHEME_JOINER.len_utf8());
                o.push_str(&s[..at]);
                o
            });
            out.push(GRAPHEME_JOINER);
            count = 0;
        }
        count = if lead == 0 { trail } else { count + lead };
        if let Some(out) = out.as_mut() {
            out.push(c);
        }
    }
    out
}

/// Whether `bytes` holds at least [`SHORTEST_OVERFLOWING_BYTES`] non-ASCII bytes in a row.
fn has_long_non_ascii_stretch(bytes: &[u8]) -> bool {
    let mut run = 0usize;
    for &b in bytes {
        if b.is_ascii() {
            run = 0;
        } else {
            run += 1;
            if run >= SHORTEST_OVERFLOWING_BYTES {
                return true;
            }
        }
    }
    false
}

/// The leading and trailing non-starters of `c` as x/text counts them (see the module
/// documentation). The two are equal whenever the leading count is not zero.
fn non_starters(c: char) -> (u32, u32) {
    if c.is_ascii() {
        return (0, 0);
    }
    if let Some(trail) = hangul_syllable_trail(c) {
        return (0, trail);
    }
    // The longest full compatibility decomposition is 18 characters (U+FDFA).
    let mut parts = ['\0'; 18];
    let mut len = 0;
    decompose_compatible(c, |d| {
        if let Some(slot) = parts.get_mut(len) {
            *slot = d;
            len += 1;
        }
    });
    let parts = &parts[..len];
    let lead = parts.iter().take_while(|&&d| is_non_starter(d)).count();
    let trail = parts
        .iter()
        .rev()
        .take_while(|&&d| is_non_starter(d))
        .count();
    (lead as u32, trail as u32)
}

/// For a precomposed Hangul syllable, the number of jamo after its leading consonant: one
/// for LV, two for LVT.
fn hangul_syllable_trail(c: char) -> Option<u32> {
    const FIRST: u32 = 0xac00;
    const COUNT: u32 = 19 * 21 * 28;
    const T_COUNT: u32 = 28;
    let index = (c as u32).checked_sub(FIRST).filter(|&i| i < COUNT)?;
    Some(if index % T_COUNT == 0 { 1 } else { 2 })
}

/// Whether a fully decomposed character counts as a non-starter: a combining class other
/// than 0, or one that composes with the character before it.
fn is_non_starter(d: char) -> bool {
    canonical_combining_class(d) != 0
        || matches!(is_nfc_quick(std::iter::once(d)), IsNormalized::Maybe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stretch_bound_is_ten_two_byte_characters() {
        assert_eq!(SHORTEST_OVERFLOWING_BYTES, 20);
    }

    #[test]
    fn counts_follow_the_compatibility_decomposition() {
        assert_eq!(non_starters('e'), (0, 0));
        assert_eq!(non_starters('\u{301}'), (1, 1)); // COMBINING ACUTE ACCENT
        assert_eq!(non_starters('\u{1e09}'), (0, 2)); // ḉ = c U+0327 U+0301
        assert_eq!(non_starters('\u{344}'), (2, 2)); // = U+0308 U+0301
        assert_eq!(non_starters('\u{ff9e}'), (1, 1)); // NFKD U+3099
        assert_eq!(non_starters('\u{a8}'), (0, 1)); // DIAERESIS, NFKD U+0020 U+0308
        assert_eq!(non_starters('\u{1161}'), (1, 1)); // HANGUL JUNGSEONG A
        assert_eq!(non_starters('\u{bbe}'), (1, 1)); // TAMIL VOWEL SIGN AA
        assert_eq!(non_starters('\u{ac00}'), (0, 1)); // 가, LV
        assert_eq!(non_starters('\u{ac01}'), (0, 2)); // 각, LVT
        assert_eq!(non_starters('\u{4e00}'), (0, 0));
    }

    #[test]
    fn short_runs_and_starters_need_no_joiner() {
        assert_eq!(insert_joiners("e\u{301}"), None);
        assert_eq!(insert_joiners(&format!("e{}", "\u{301}".repeat(30))), None);
        assert_eq!(insert_joiners(&"\u{4e00}".repeat(100)), None);
    }
}
