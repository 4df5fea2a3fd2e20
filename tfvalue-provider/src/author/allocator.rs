//! The memory allocator a provider executable declares in its `main.rs`.

use std::alloc::{GlobalAlloc, Layout, System};

/// The memory allocator for a provider executable: mimalloc for blocks under 64 KiB, the
/// system allocator for larger ones. Declare it once, beside `main`:
///
/// ```
/// #[global_allocator]
/// static ALLOCATOR: tfvalue_provider::Allocator = tfvalue_provider::Allocator;
/// # fn main() {}
/// ```
///
/// Decoding a state allocates one block per string, map entry and collection. glibc's
/// allocator keeps only seven freed blocks of a size in its per-thread cache and merges the
/// rest whenever a large block is freed or asked for, so decoding a 1.3 MB state of 27,000
/// strings spends about 40 % of its time in glibc (`BENCHMARKS.md`, "The allocator");
/// mimalloc's per-thread free lists serve those small blocks without merging. Large blocks
/// (an encoded state, a long `Vec` of blocks) stay with the system allocator, which grows
/// a buffer in place where mimalloc copies it. Each block is freed by the allocator that
/// served it, told apart by its size, which Rust passes to every free.
///
/// Process-wide, and optional: a provider that declares no allocator, or another one,
/// works the same, only slower on large states.
#[derive(Clone, Copy, Debug, Default)]
pub struct Allocator;

/// The smallest block served by the system allocator.
const LARGE: usize = 64 * 1024;

fn is_large(size: usize) -> bool {
    size >= LARGE
}

// SAFETY: every block is served and freed by one of two complete allocators, chosen by
// its size: Rust passes a block's size to `dealloc` and `realloc` as it was allocated, so
// a block always returns to the allocator that served it. A `realloc` across the boundary
// moves the block from one to the other.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if is_large(layout.size()) {
            // SAFETY: the caller's guarantees for `layout` are passed on unchanged.
            unsafe { System.alloc(layout) }
        } else {
            // SAFETY: as above.
            unsafe { mimalloc::MiMalloc.alloc(layout) }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if is_large(layout.size()) {
            // SAFETY: the caller's guarantees for `layout` are passed on unchanged.
            unsafe { System.alloc_zeroed(layout) }
        } else {
            // SAFETY: as above.
            unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match (is_large(layout.size()), is_large(new_size)) {
            // SAFETY: `ptr` was served by mimalloc (its size is small) with `layout`, and
            // the caller guarantees `new_size` as `realloc` requires.
            (false, false) => unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) },
            // SAFETY: as above, with the system allocator (its size is large).
            (true, true) => unsafe { System.realloc(ptr, layout, new_size) },
            _ => {
                // SAFETY: the caller guarantees that `new_size`, rounded up to
                // `layout.align()`, does not overflow `isize`, which makes it a layout.
                let new_layout =
                    unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
                // SAFETY: `new_size` is not zero (the caller guarantees it).
                let new = unsafe { self.alloc(new_layout) };
                if !new.is_null() {
                    // SAFETY: both blocks are valid for the smaller size and distinct;
                    // `ptr` was allocated by this allocator with `layout`.
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                }
                new
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if is_large(layout.size()) {
            // SAFETY: a large block was served by the system allocator with `layout`.
            unsafe { System.dealloc(ptr, layout) }
        } else {
            // SAFETY: a small one by mimalloc.
            unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Allocates `size` bytes with `align`, fills them with a pattern, grows or shrinks the
    /// block through `sizes` and checks that each move kept the bytes both sizes hold.
    fn walk(align: usize, sizes: &[usize]) {
        let a = Allocator;
        let mut layout = Layout::from_size_align(sizes[0], align).unwrap();
        // SAFETY: the layout's size is not zero.
        let mut ptr = unsafe { a.alloc(layout) };
        assert!(!ptr.is_null());
        for i in 0..layout.size() {
            // SAFETY: `ptr` holds `layout.size()` bytes.
            unsafe { ptr.add(i).write(i as u8) };
        }
        for &size in &sizes[1..] {
            // SAFETY: `ptr` was allocated by `a` with `layout`; `size` is not zero.
            let new = unsafe { a.realloc(ptr, layout, size) };
            assert!(!new.is_null());
            assert_eq!(new as usize % align, 0, "aligned to {align} after {size}");
            let kept = layout.size().min(size);
            for i in 0..kept {
                // SAFETY: `new` holds `size` bytes.
                assert_eq!(unsafe { new.add(i).read() }, i as u8, "byte {i} at {size}");
            }
            for i in kept..size {
                // SAFETY: as above.
                unsafe { new.add(i).write(i as u8) };
            }
            ptr = new;
            layout = Layout::from_size_align(size, align).unwrap();
        }
        // SAFETY: `ptr` was allocated by `a` with `layout`.
        unsafe { a.dealloc(ptr, layout) };
    }

    #[test]
    fn a_block_keeps_its_bytes_across_the_boundary() {
        for align in [1, 8, 64, 4096] {
            walk(
                align,
                &[16, LARGE - 1, LARGE, 4 * LARGE, LARGE - 1, 32, LARGE + 1, 8],
            );
        }
    }

    #[test]
    fn zeroed_blocks_are_zero_on_both_sides() {
        let a = Allocator;
        for size in [24, LARGE - 8, LARGE, 3 * LARGE] {
            let layout = Layout::from_size_align(size, 16).unwrap();
            // SAFETY: the layout's size is not zero.
            let ptr = unsafe { a.alloc_zeroed(layout) };
            assert!(!ptr.is_null());
            // SAFETY: `ptr` holds `size` initialized bytes.
            let bytes = unsafe { std::slice::from_raw_parts(ptr, size) };
            assert!(bytes.iter().all(|&b| b == 0), "{size} bytes zeroed");
            // SAFETY: `ptr` was allocated by `a` with `layout`.
            unsafe { a.dealloc(ptr, layout) };
        }
    }
}
