//! The cut of long refinement prefixes, byte for byte as go-cty 1.16.4 writes them (the
//! cases of `cases.jsonl` and `cases-2.jsonl` among them).

use super::*;

/// `n` copies of `s`.
fn rep(s: &str, n: usize) -> String {
    s.repeat(n)
}

#[test]
fn short_prefixes_are_kept_whole() {
    assert_eq!(cut_prefix(&rep("p", 256)), rep("p", 256));
    assert_eq!(cut_prefix("p-"), "p-");
}

#[test]
fn a_final_letter_goes_at_its_nfc_boundary() {
    // `p` composes with a mark after it (U+1E55 is p + U+0301): the last NFC boundary is
    // before the last `p` of the 255 bytes.
    assert_eq!(cut_prefix(&rep("p", 300)), rep("p", 254));
    assert_eq!(cut_prefix(&rep("p", 257)), rep("p", 254));
    // `=` composes with U+0338 (≠): the same.
    let s = format!("{}=xx", rep("q", 254));
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 254).as_bytes());
}

#[test]
fn a_final_inert_letter_goes_with_its_grapheme_cluster() {
    // Nothing composes with `q`: the boundary is the end, and the last cluster goes.
    assert_eq!(cut_prefix(&rep("q", 257)), rep("q", 254));
    // An emoji: inert, one cluster of 4 bytes, dropped.
    let s = format!("{}\u{1f44d}xx", rep("q", 251));
    assert_eq!(cut_prefix(&s), rep("q", 251));
}

#[test]
fn a_final_punctuation_mark_is_kept() {
    // "p" × 254 + "-xx" keeps 255 bytes: `-` is inert and ends every cluster.
    let s = format!("{}-xx", rep("p", 254));
    let cut = cut_prefix(&s);
    assert_eq!(cut.len(), 255);
    assert_eq!(cut.as_bytes().last(), Some(&b'-'));
    for mark in ['/', ':', '.', ' ', '"', '\''] {
        let s = format!("{}{mark}xx", rep("p", 254));
        assert_eq!(cut_prefix(&s).len(), 255, "{mark:?}");
    }
    // After an emoji too (its cluster ends before the mark).
    let s = format!("{}\u{1f44d}-xy", rep("q", 250));
    assert_eq!(cut_prefix(&s).len(), 255);
    // A letter that is no delimiter is not kept.
    let s = format!("{}Zxy", rep("q", 254));
    assert_eq!(cut_prefix(&s).len(), 254);
}

#[test]
fn a_character_split_at_byte_255_goes_alone() {
    // "q" × 254 + "é" (c3 a9) + "x": byte 255 is the first byte of é; the boundary after
    // the last `q` (inert) is where the prefix ends, with every `q`.
    let s = format!("{}\u{e9}x", rep("q", 254));
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 254).as_bytes());
    // With `p` before the split character, the `p` goes too (it may compose).
    let s = format!("{}\u{65e5}\u{672c}", rep("p", 253));
    assert_eq!(cut_prefix(&s), rep("p", 252));
    let s = format!("{}\u{65e5}\u{672c}", rep("q", 253));
    assert_eq!(cut_prefix(&s), rep("q", 253));
    // e + U+0301 split after the `e`: the `e` starts the last NFC segment.
    let s = format!("{}e\u{301}xyz", rep("p", 253));
    assert_eq!(cut_prefix(&s), rep("p", 253));
}

#[test]
fn an_indic_conjunct_is_cut_at_its_nfc_boundary_not_its_cluster() {
    // KA VIRAMA SSA (e0 a4 95, e0 a5 8d, e0 a4 b7) at bytes 246-255: SSA starts the last
    // NFC segment, so KA VIRAMA stay (Unicode 15.1's conjunct clusters play no part).
    let s = format!("{}\u{915}\u{94d}\u{937}xx", rep("q", 246));
    let mut expected = rep("q", 246).into_bytes();
    expected.extend_from_slice(b"\xe0\xa4\x95\xe0\xa5\x8d");
    assert_eq!(cut_prefix(&s).as_bytes(), expected.as_slice());
}

#[test]
fn a_hangul_syllable_may_take_a_final_consonant() {
    // U+AC00 (LV) composes with a trailing jamo: the boundary is before it.
    let s = format!("{}\u{ac00}xx", rep("q", 252));
    assert_eq!(cut_prefix(&s), rep("q", 252));
}

#[test]
fn the_last_boundary_counts_non_starters_as_x_text_does() {
    // A starter then marks: the boundary is before the starter.
    assert_eq!(last_nfc_boundary("ab\u{301}\u{302}"), Some(1));
    // Only marks: no boundary at all.
    assert_eq!(last_nfc_boundary("\u{301}\u{302}"), None);
    // More than 30 non-starters: x/text's stream-safe count calls the place after the
    // 30th from the end a boundary.
    let s = format!("q{}", rep("\u{301}", 40));
    assert_eq!(last_nfc_boundary(&s), Some(1 + 2 * 10));
    // An inert last character: the end.
    assert_eq!(last_nfc_boundary("q-"), Some(2));
    assert_eq!(last_nfc_boundary(""), None);
}

/// The characters golang.org/x/text's NFC tables give a leading non-starter although NFC
/// treats them as starters (combining class 0, no canonical decomposition, NFC_QC Yes):
/// their NFKD starts with a non-starter, U+3099 or U+309A for the halfwidth katakana sound
/// marks and a Hangul vowel or final consonant jamo for the others. x/text's `LastBoundary`
/// walks back past them; these are every character where it returns 0 for "a" followed by
/// the character, in x/text v0.37.0 and v0.22.0 (Unicode 15.0.0 tables) alike.
const NFC_STARTERS_WITH_A_LEADING_NON_STARTER: &[(char, char)] = &[
    ('\u{3133}', '\u{3133}'), // ㄳ HANGUL LETTER KIYEOK-SIOS, NFKD U+11AA
    ('\u{3135}', '\u{3136}'),
    ('\u{313a}', '\u{313f}'),
    ('\u{314f}', '\u{3163}'), // ㅏ..ㅣ, NFKD U+1161..U+1175
    ('\u{ff9e}', '\u{ff9f}'), // HALFWIDTH KATAKANA (SEMI-)VOICED SOUND MARK
    ('\u{ffa3}', '\u{ffa3}'),
    ('\u{ffa5}', '\u{ffa6}'),
    ('\u{ffaa}', '\u{ffaf}'),
    ('\u{ffc2}', '\u{ffc7}'),
    ('\u{ffca}', '\u{ffcf}'),
    ('\u{ffd2}', '\u{ffd7}'),
    ('\u{ffda}', '\u{ffdc}'),
];

#[test]
fn nfc_starters_with_a_leading_non_starter_are_x_texts() {
    let listed = |c: char| {
        NFC_STARTERS_WITH_A_LEADING_NON_STARTER
            .iter()
            .any(|&(first, last)| (first..=last).contains(&c))
    };
    let mut found = 0;
    for c in '\u{80}'..=char::MAX {
        let leads_with_a_non_starter = non_starters(c).0 > 0;
        let nfc_starter = canonical_combining_class(c) == 0
            && !combines_backward(c)
            && !has_canonical_decomposition(c);
        assert_eq!(leads_with_a_non_starter && nfc_starter, listed(c), "{c:?}");
        if listed(c) {
            found += 1;
            // x/text: LastBoundary("a" + c) and ("a" + c + c) are 0, not the start of c.
            assert_eq!(last_nfc_boundary(&format!("a{c}")), Some(0), "{c:?}");
            assert_eq!(last_nfc_boundary(&format!("a{c}{c}")), Some(0), "{c:?}");
            assert!(!is_inert(c), "{c:?}");
        }
    }
    assert_eq!(found, 62);
}

#[test]
fn halfwidth_sound_marks_lead_with_a_non_starter() {
    // x/text: LastBoundary("a\uff9e\uff9e") == 0; U+FF9E is ef be 9e.
    assert_eq!(last_nfc_boundary("a\u{ff9e}\u{ff9e}"), Some(0));
    assert_eq!(last_nfc_boundary("a\u{ff9f}"), Some(0));
    // A CJK ideograph before the mark is a starter: the boundary is before it.
    assert_eq!(last_nfc_boundary("q\u{4e00}\u{ff9e}"), Some(1));
    // Each counts one non-starter: 40 in a row overflow after the 30th from the end,
    // as x/text's LastBoundary("q" + 40 × U+FF9E) == 31.
    let s = format!("q{}", rep("\u{ff9e}", 40));
    assert_eq!(last_nfc_boundary(&s), Some(1 + 3 * 10));
}

#[test]
fn a_prefix_ending_in_halfwidth_sound_marks_is_cut_before_their_starter() {
    // "q" × 248 + "a" + U+FF9E U+FF9E = 255 bytes, then "xx": x/text's last boundary is
    // before the `a` (248), so the prefix is the 248 `q`s and not the 252 bytes up to the
    // last mark.
    let s = format!("{}a\u{ff9e}\u{ff9e}xx", rep("q", 248));
    assert_eq!(s.as_bytes()[248..255], *b"a\xef\xbe\x9e\xef\xbe\x9e");
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 248).as_bytes());
    let s = format!("{}a\u{ff9f}\u{ff9f}xx", rep("q", 248));
    assert_eq!(s.as_bytes()[248..255], *b"a\xef\xbe\x9f\xef\xbe\x9f");
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 248).as_bytes());
    // A run of 40 marks after the `a` (bytes 135-254): more than 30 non-starters, so the
    // boundary is after the 10th mark (165), and the prefix keeps "a" and 10 marks.
    let s = format!("{}a{}xx", rep("q", 134), rep("\u{ff9e}", 40));
    let mut expected = rep("q", 134).into_bytes();
    expected.push(b'a');
    for _ in 0..10 {
        expected.extend_from_slice(b"\xef\xbe\x9e");
    }
    assert_eq!(cut_prefix(&s).as_bytes(), expected.as_slice());
    // The third mark split at byte 255: x/text looks at the whole characters before it,
    // and the boundary is before the `a` (247).
    let s = format!("{}a{}", rep("q", 247), rep("\u{ff9e}", 3));
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 247).as_bytes());
    // After a CJK ideograph (e4 b8 80), a starter, the boundary is before the ideograph.
    let s = format!("{}\u{4e00}\u{ff9e}xx", rep("q", 249));
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 249).as_bytes());
}

#[test]
fn a_prefix_ending_in_hangul_compatibility_jamo_is_cut_before_their_starter() {
    // ㄱ (U+3131, e3 84 b1: NFKD U+1100, a leading consonant) is a starter; ㅏ (U+314F,
    // e3 85 8f: NFKD U+1161) and ㄳ (U+3133, e3 84 b3: NFKD U+11AA) lead with a
    // non-starter. x/text's boundary is before the ㄱ (246).
    let s = format!("{}\u{3131}\u{314f}\u{3133}xx", rep("q", 246));
    assert_eq!(
        s.as_bytes()[246..255],
        *b"\xe3\x84\xb1\xe3\x85\x8f\xe3\x84\xb3"
    );
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 246).as_bytes());
    // ㅣ (U+3163) alone after `q`s: the last `q` goes with it (x/text: 251).
    let s = format!("{}\u{3163}xx", rep("q", 252));
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 251).as_bytes());
    // ㄱ last is inert for x/text (255): the boundary is the end, and its cluster goes.
    let s = format!("{}\u{3131}xx", rep("q", 252));
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 252).as_bytes());
}

#[test]
fn a_prefix_ending_in_halfwidth_hangul_vowels_is_cut_before_their_starter() {
    // ￂ (U+FFC2 HALFWIDTH HANGUL LETTER A, ef bf 82: NFKD U+1161) twice after `q`s:
    // x/text's boundary is before the last `q` (248); U+FFDC (ef bf 9c) the same (251).
    let s = format!("{}\u{ffc2}\u{ffc2}xx", rep("q", 249));
    assert_eq!(s.as_bytes()[249..255], *b"\xef\xbf\x82\xef\xbf\x82");
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 248).as_bytes());
    let s = format!("{}\u{ffdc}xx", rep("q", 252));
    assert_eq!(cut_prefix(&s).as_bytes(), rep("q", 251).as_bytes());
}
