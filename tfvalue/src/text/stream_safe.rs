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
/// package); also the count past which its `LastBoundary` calls a place a boundary.
pub(super) const MAX_NON_STARTERS: u32 = 30;

/// U+034F COMBINING GRAPHEME JOINER, which x/text puts in a run that would be too long.
const GRAPHEME_JOINER: char = '\u{34f}';

/// Each character adds at most three non-starters (x/text's table generator refuses more),
/// and the character that starts a run brings at most three, so a run can only grow past
/// [`MAX_NON_STARTERS`] over at least this many characters that each add some.
const SHORTEST_OVERFLOWING_RUN: usize = (MAX_NON_STARTERS as usize + 1 - 3).div_ceil(3);

/// `s` with a grapheme joiner wherever x/text's NFC puts one, or `None` when it puts none
/// (all ordinary text).
///
/// Characters that neither add nor leave non-starters ([`is_plain`]: ASCII, CJK
/// ideographs) set the count to zero, so each stretch between them is counted on its own,
/// and only a stretch of at least [`SHORTEST_OVERFLOWING_RUN`] characters is looked at
/// closely. Text without that many non-ASCII bytes in a row (each of those characters
/// takes two bytes at least) is passed over without decoding a character.
pub(super) fn insert_joiners(s: &str) -> Option<String> {
    if !has_non_ascii_stretch(s.as_bytes(), 2 * SHORTEST_OVERFLOWING_RUN) {
        return None;
    }
    let mut out: Option<String> = None;
    // The bytes of `s` before this are in `out`.
    let mut copied = 0;
    let mut stretch_start = 0;
    let mut stretch_chars = 0;
    // A plain character after the end closes the last stretch.
    for (at, c) in s.char_indices().chain(std::iter::once((s.len(), 'a'))) {
        if !is_plain(c) {
            stretch_chars += 1;
            continue;
        }
        if stretch_chars >= SHORTEST_OVERFLOWING_RUN {
            for joiner_at in joiner_places(&s[stretch_start..at]) {
                let joiner_at = stretch_start + joiner_at;
                let out = out.get_or_insert_with(|| String::with_capacity(s.len() + 16));
                out.push_str(&s[copied..joiner_at]);
                out.push(GRAPHEME_JOINER);
                copied = joiner_at;
            }
        }
        stretch_start = at + c.len_utf8();
        stretch_chars = 0;
    }
    let mut out = out?;
    out.push_str(&s[copied..]);
    Some(out)
}

/// Whether `bytes` holds at least `len` (15 or more) non-ASCII bytes in a row.
///
/// Such a stretch covers a whole eight-byte word at an offset that is a multiple of 8, so
/// only the words that are all non-ASCII are looked around; text with a little non-ASCII
/// here and there is passed over a word at a time.
fn has_non_ascii_stretch(bytes: &[u8], len: usize) -> bool {
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    debug_assert!(len >= 15);
    let non_ascii = |b: &&u8| !b.is_ascii();
    bytes.chunks_exact(8).enumerate().any(|(k, word)| {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        if u64::from_ne_bytes(w) & HIGH_BITS != HIGH_BITS {
            return false;
        }
        let (start, end) = (8 * k, 8 * k + 8);
        let before = bytes[..start].iter().rev().take_while(non_ascii).count();
        let after = bytes[end..].iter().take_while(non_ascii).count();
        before + 8 + after >= len
    })
}

/// The byte offsets in `stretch` (text after a plain character, or the start of the
/// text) before which x/text puts a grapheme joiner.
fn joiner_places(stretch: &str) -> Vec<usize> {
    let mut places = Vec::new();
    let mut count = 0u32;
    for (at, c) in stretch.char_indices() {
        let (lead, trail) = non_starters(c);
        if count + lead > MAX_NON_STARTERS {
            places.push(at);
            count = 0;
        }
        count = if lead == 0 { trail } else { count + lead };
    }
    places
}

/// Whether `c` surely has no non-starters in its compatibility decomposition and combines
/// with nothing before it, found without a table: ASCII and the CJK Unified Ideographs of
/// the BMP (a test checks every one against the tables).
fn is_plain(c: char) -> bool {
    c.is_ascii() || matches!(c, '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}')
}

/// The leading and trailing non-starters of `c` as x/text counts them (see the module
/// documentation). The two are equal whenever the leading count is not zero. A character
/// is a starter for x/text (its segmentation and `LastBoundary`) exactly when its leading
/// count is zero.
pub(super) fn non_starters(c: char) -> (u32, u32) {
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
    fn a_run_overflows_over_ten_characters_at_least() {
        assert_eq!(SHORTEST_OVERFLOWING_RUN, 10);
        // After ḉ (e1 b8 89, two trailing non-starters) 14 U+0344 (cd 84, two each) make
        // 30; the 15th goes after a joiner.
        let run = format!("\u{1e09}{}", "\u{344}".repeat(15));
        assert_eq!(joiner_places(&run), [3 + 14 * 2]);
        assert!(joiner_places(&run[..3 + 14 * 2]).is_empty());
    }

    #[test]
    fn non_ascii_stretches_are_found_across_words() {
        let stretch = |at: usize, n: usize| [&b"a".repeat(at)[..], &[0xcc; 64][..n]].concat();
        for at in 0..17 {
            assert!(has_non_ascii_stretch(&stretch(at, 20), 20), "at {at}");
            assert!(!has_non_ascii_stretch(&stretch(at, 19), 20), "at {at}");
            let split = [stretch(at, 10), stretch(1, 10)].concat();
            assert!(!has_non_ascii_stretch(&split, 20), "at {at}");
        }
    }

    #[test]
    fn plain_characters_have_no_non_starters() {
        for c in ('\0'..='\u{7f}')
            .chain('\u{3400}'..='\u{4dbf}')
            .chain('\u{4e00}'..='\u{9fff}')
        {
            assert!(is_plain(c));
            assert_eq!(non_starters(c), (0, 0), "{c:?}");
            assert_eq!(is_nfc_quick(std::iter::once(c)), IsNormalized::Yes, "{c:?}");
        }
    }

    #[test]
    fn plain_characters_split_the_count() {
        let run = "\u{305}".repeat(20);
        assert_eq!(insert_joiners(&format!("e{run}\u{4e00}{run}a{run}")), None);
        let joined = insert_joiners(&format!("\u{4e00}{run}{run}\u{4e00}")).unwrap();
        let expected = format!(
            "\u{4e00}{}\u{34f}{}\u{4e00}",
            "\u{305}".repeat(30),
            "\u{305}".repeat(10)
        );
        assert_eq!(joined.as_bytes(), expected.as_bytes());
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
