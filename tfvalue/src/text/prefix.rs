//! The cut of a long refinement prefix, as go-cty 1.16 writes it.
//!
//! go-cty writes a string prefix of at most 256 bytes unchanged. A longer one is cut to its
//! first 255 bytes (which may split a character) and then made safe the way go-cty's
//! `ctystrings.SafeKnownPrefix` makes it:
//!
//! 1. The last NFC boundary (golang.org/x/text's `norm.NFC.LastBoundary`): the end when
//!    nothing can combine with the last character, else the start of the last starter,
//!    where a starter is what x/text's tables call one (a character whose compatibility
//!    decomposition begins with no non-starter, so not U+FF9E nor a Hangul compatibility
//!    vowel), or the place after the 30th non-starter from the end when more follow it.
//!    When the boundary is not the end of the bytes, the prefix ends there and that is
//!    all.
//! 2. Otherwise (the bytes end with a character that nothing combines with, or no
//!    boundary was found), the prefix is split into grapheme clusters and loses its last
//!    one, unless that cluster is a single punctuation mark of a fixed list (`-`, `/`,
//!    `:`, ...), which can end no longer cluster.
//!
//! The properties of characters come from the Unicode 15.0.0 tables that tfvalue pins
//! (the version of Terraform's x/text and go-textseg; see `text::tests`).

use std::sync::OnceLock;

use unicode_normalization::char::{canonical_combining_class, compose, decompose_canonical};
use unicode_normalization::{is_nfc_quick, IsNormalized};
use unicode_segmentation::UnicodeSegmentation;

use super::stream_safe::{non_starters, MAX_NON_STARTERS};
use crate::limits::MAX_REFINEMENT_PREFIX;

/// The characters go-cty keeps at the end of a cut prefix although they are a grapheme
/// cluster of their own (`sequenceMustEndGraphemeCluster`): delimiters that no cluster
/// rule joins to what follows.
const CLUSTER_ENDING_MARKS: &[char] = &[
    '-', '_', ':', ';', '/', '\\', ',', '.', '(', ')', '{', '}', '[', ']', '|', '?', '!', '~', ' ',
    '\t', '@', '#', '$', '%', '^', '&', '*', '+', '"', '\'',
];

/// A refinement prefix as go-cty 1.16 writes it (see the module documentation): unchanged
/// up to [`MAX_REFINEMENT_PREFIX`] bytes, cut otherwise.
pub(crate) fn cut_prefix(prefix: &str) -> &str {
    if prefix.len() <= MAX_REFINEMENT_PREFIX {
        return prefix;
    }
    // go-cty cuts the bytes at 255; a character the cut splits is left incomplete there.
    let cut = MAX_REFINEMENT_PREFIX - 1;
    let mut whole = cut;
    while !prefix.is_char_boundary(whole) {
        whole -= 1;
    }
    let head = prefix.get(..whole).unwrap_or_default();
    let split_a_character = whole < cut;
    match last_nfc_boundary(head) {
        // The boundary is before the end of the 255 bytes: the prefix ends there.
        Some(at) if at < cut => head.get(..at).unwrap_or_default(),
        // No boundary at all where a character was split: go-cty's cluster scanner stops
        // at the incomplete bytes and keeps every whole cluster before them.
        None if split_a_character => head,
        _ => without_last_cluster(head),
    }
}

/// x/text's `LastBoundary` for NFC on `head` (whole characters; any split character after
/// them plays no part): the byte offset of the last boundary, or `None` when there is none
/// (x/text's -1).
fn last_nfc_boundary(head: &str) -> Option<usize> {
    let mut chars = head.char_indices().rev();
    let (last_start, last) = chars.next()?;
    if is_inert(last) {
        // Nothing combines with the last whole character: the boundary is after it.
        return Some(head.len());
    }
    // Back to the last starter, counting non-starters as x/text's stream-safe counter does
    // (at most 3 a character, so the last one alone never overflows the count). A starter
    // here is a character whose NFKD begins with no non-starter: U+FF9E, which NFC leaves
    // alone and whose combining class is 0, begins with one (its NFKD is U+3099), and so
    // do the Hangul compatibility vowels and final consonants; the walk goes on past them.
    let (lead, mut count) = non_starters(last);
    if lead == 0 {
        return Some(last_start);
    }
    let mut after = last_start;
    loop {
        let (start, c) = chars.next()?;
        let (lead, trail) = non_starters(c);
        count += trail;
        if count > MAX_NON_STARTERS {
            return Some(after);
        }
        if lead == 0 {
            return Some(start);
        }
        after = start;
    }
}

/// `head` without its last grapheme cluster, unless that cluster is one of
/// [`CLUSTER_ENDING_MARKS`].
fn without_last_cluster(head: &str) -> &str {
    match head.grapheme_indices(true).next_back() {
        Some((_, cluster)) if ends_every_cluster(cluster) => head,
        Some((start, _)) => head.get(..start).unwrap_or_default(),
        None => head,
    }
}

/// Whether `cluster` is a single character of [`CLUSTER_ENDING_MARKS`].
fn ends_every_cluster(cluster: &str) -> bool {
    let mut chars = cluster.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if CLUSTER_ENDING_MARKS.contains(&c))
}

/// Whether normalisation never touches `c` nor lets it combine with what follows (x/text's
/// "inert": no decomposition, a starter, combines neither way, no non-starters in its
/// compatibility decomposition).
fn is_inert(c: char) -> bool {
    if c.is_ascii() {
        // ASCII never decomposes; letters and `<`, `=`, `>` combine with marks after them.
        return !combines_forward(c);
    }
    canonical_combining_class(c) == 0
        && !combines_backward(c)
        && !has_canonical_decomposition(c)
        && non_starters(c).1 == 0
        && !combines_forward(c)
}

/// Whether `c` has a canonical decomposition (Hangul syllables included).
fn has_canonical_decomposition(c: char) -> bool {
    let mut other = false;
    decompose_canonical(c, |d| other |= d != c);
    other
}

/// Whether `c` may combine with the character before it: NFC_QC is Maybe.
fn combines_backward(c: char) -> bool {
    !c.is_ascii() && is_nfc_quick(std::iter::once(c)) == IsNormalized::Maybe
}

/// Whether `c` is the first of a pair NFC composes (the second is always a character
/// that combines backward).
fn combines_forward(c: char) -> bool {
    backward_combiners()
        .iter()
        .any(|&second| compose(c, second).is_some())
}

/// Every character that may combine with the one before it, in the pinned tables; found
/// once, on the first cut that needs it.
fn backward_combiners() -> &'static [char] {
    static SET: OnceLock<Vec<char>> = OnceLock::new();
    SET.get_or_init(|| {
        ('\u{80}'..=char::MAX)
            .filter(|&c| combines_backward(c))
            .collect()
    })
}

#[cfg(test)]
mod tests;
