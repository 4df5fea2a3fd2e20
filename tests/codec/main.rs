//! The codec against its references: the values go-cty encoded (1.12.1 and 1.16.4), every
//! DynamicValue and raw state Terraform 1.11.4 sent, serde_json for JSON, golang.org/x/text
//! for NFC, the MessagePack rules as byte literals, property tests over random values, the
//! schemas rendered as Terraform was served them, and the fuzz corpora replayed.

mod decode_vectors;
mod fuzz_corpus;
mod go_cty_1_16_vectors;
mod go_cty_vectors;
mod json_reader;
mod json_typed_errors;
mod key_order;
mod properties;
mod schema_render;
mod state_upgrade;
mod terraform_payloads;
mod typed_serde;
mod wire_rules;
mod x_text_nfc;
