//! Unit tests of the localfs provider, through the in-process harness.
