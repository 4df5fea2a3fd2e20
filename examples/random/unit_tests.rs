//! Unit tests of the random provider, through the in-process harness.
