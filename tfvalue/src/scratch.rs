//! The output buffer of `to_vec`: one allocation per encoding.
//!
//! Growing a fresh `Vec` from a small capacity costs an allocation and a copy at every
//! doubling: five allocator calls for a 1 KiB resource. Encoding into a buffer kept per
//! thread and copying the result into a `Vec` of the exact size costs one. A large output
//! is handed over as it is (its copy would cost more than the doublings it saves), and the
//! kept buffer never holds more than [`KEEP`] bytes of capacity.

use std::cell::Cell;

use crate::error::Result;

/// The largest capacity kept between encodings; a buffer that grew past it is handed over
/// with the output it holds.
const KEEP: usize = 64 * 1024;

thread_local! {
    static SCRATCH: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
}

/// Runs `encode` on an empty buffer and returns what it wrote, in a `Vec` of that length
/// (unless large). Re-entrant: a nested call finds no kept buffer and uses a fresh one.
pub(crate) fn encode_to_vec(encode: impl FnOnce(&mut Vec<u8>) -> Result<()>) -> Result<Vec<u8>> {
    let mut buf = SCRATCH.with(Cell::take);
    buf.clear();
    let result = encode(&mut buf);
    let out = if result.is_ok() && buf.capacity() > KEEP {
        // Hand the large buffer over; the next encoding starts a fresh one.
        std::mem::take(&mut buf)
    } else {
        let out = if result.is_ok() {
            buf.as_slice().to_vec()
        } else {
            Vec::new()
        };
        buf.clear();
        if buf.capacity() <= KEEP {
            SCRATCH.with(|s| s.set(buf));
        }
        out
    };
    result.map(|()| out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_size_and_reuse() {
        let a = encode_to_vec(|out| {
            out.extend_from_slice(b"hello");
            Ok(())
        })
        .unwrap();
        assert_eq!(a, b"hello");
        assert_eq!(a.capacity(), 5);
        // The kept buffer starts empty.
        let b = encode_to_vec(|out| {
            assert!(out.is_empty());
            assert!(out.capacity() >= 5);
            out.push(1);
            Ok(())
        })
        .unwrap();
        assert_eq!(b, [1]);
    }

    #[test]
    fn large_output_is_handed_over_and_errors_return_nothing() {
        let big = encode_to_vec(|out| {
            out.resize(KEEP + 1, 7);
            Ok(())
        })
        .unwrap();
        assert_eq!(big.len(), KEEP + 1);
        let e = encode_to_vec(|out| {
            out.push(1);
            Err(crate::error::Error::new(
                crate::error::ErrorKind::Type,
                "no",
            ))
        });
        assert!(e.is_err());
        let after = encode_to_vec(|out| {
            assert!(out.is_empty(), "an error leaves nothing behind");
            Ok(())
        })
        .unwrap();
        assert!(after.is_empty());
    }

    #[test]
    fn nested_encodings_do_not_share_the_buffer() {
        let outer = encode_to_vec(|out| {
            out.push(b'a');
            let inner = encode_to_vec(|inner| {
                assert!(inner.is_empty());
                inner.push(b'b');
                Ok(())
            })?;
            out.extend_from_slice(&inner);
            Ok(())
        })
        .unwrap();
        assert_eq!(outer, b"ab");
    }
}
