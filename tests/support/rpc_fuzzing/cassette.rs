//! The body of the fuzz target `cassette`: an input of the `rpc` target's form (a selector
//! byte, then a request in protobuf) served through [`Replayer`], which answers as a
//! recording provider writes a cassette's line (each MessagePack value read, the schema's
//! sensitive and write-only values redacted, every message as JSON); then the recorded
//! request sent again from that JSON, as a cassette's replay sends it, to a fresh service.
//!
//! What must hold (a panic is a finding): a request the service decodes is recorded; the
//! recorded request is accepted back; and recording it again writes the same JSON, so a
//! replay sends what was recorded (the JSON codec and the redaction are stable; which
//! values say they were redacted may change, as a secret redacted to null is null again).

use prost::Message as _;
use tfvalue_provider::harness::Replayer;

use super::provider::FuzzProvider;
use super::{runtime, seeds, Prelude, RPCS};

/// How [`Replayer`] says that bytes are not the RPC's request message: such an input is
/// skipped, as the `rpc` target skips it (rejecting it is the gRPC layer's work).
const UNDECODABLE: &str = "the request does not decode";

/// The fuzz target `cassette` (see the module documentation).
pub fn cassette(data: &[u8]) {
    let Some((&selector, request)) = data.split_first() else {
        return;
    };
    let name = RPCS[usize::from(selector & 0x3f) % RPCS.len()];
    // A streamed request, which cassettes never record.
    if name == "WriteStateBytes" {
        return;
    }
    let prelude = Prelude {
        configure: selector & 0x40 != 0,
        stop: selector & 0x80 != 0,
    };
    runtime().block_on(async {
        let first = replayer(prelude).await;
        let recorded = match first.call_bytes(name, request).await {
            Ok(call) => call,
            Err(e) if e.starts_with(UNDECODABLE) => return,
            Err(e) => panic!("{name}: a request the service decodes is not recorded: {e}"),
        };
        let again = replayer(prelude)
            .await
            .call(name, &recorded["request"])
            .await
            .unwrap_or_else(|e| {
                panic!("{name}: the recorded request is refused on replay: {e}\n{recorded}")
            });
        // Which values were redacted may differ (a secret redacted to null the first time
        // is null the second); the values may not.
        assert_eq!(
            without_redacted(&again["request"]),
            without_redacted(&recorded["request"]),
            "{name}: the request sent again from its recording is recorded differently"
        );
    });
}

/// A replayer of the fuzz provider that has gone through `prelude`.
async fn replayer(prelude: Prelude) -> Replayer<FuzzProvider> {
    let replayer = Replayer::new(FuzzProvider)
        .unwrap_or_else(|problems| panic!("the fuzz provider is declared wrongly: {problems:?}"));
    if prelude.configure {
        let configure = seeds::configure_request().encode_to_vec();
        let call = replayer
            .call_bytes("ConfigureProvider", &configure)
            .await
            .unwrap_or_else(|e| panic!("the prelude's configuration is not recorded: {e}"));
        assert!(
            call["answer"]["diagnostics"]
                .as_array()
                .is_none_or(Vec::is_empty),
            "the prelude's configuration is refused: {call}"
        );
    }
    if prelude.stop {
        replayer
            .call_bytes("StopProvider", &[])
            .await
            .unwrap_or_else(|e| panic!("the prelude's stop is not recorded: {e}"));
    }
    replayer
}

/// `json` without the lists of redacted paths.
fn without_redacted(json: &serde_json::Value) -> serde_json::Value {
    match json {
        serde_json::Value::Object(object) => object
            .iter()
            .filter(|(key, _)| *key != "redacted")
            .map(|(key, value)| (key.clone(), without_redacted(value)))
            .collect(),
        serde_json::Value::Array(items) => items.iter().map(without_redacted).collect(),
        other => other.clone(),
    }
}
