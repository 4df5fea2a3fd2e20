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
