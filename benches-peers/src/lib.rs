//! Nothing here: this package only holds `benches/peers.rs` (see Cargo.toml).
