//! ReadResource's answer in process: the refreshed state travels as JSON, the encoding
//! Terraform keeps state in, so that Terraform decodes it exactly as it decodes the stored
//! state (see the read in `engine/resource.rs` for the comparison this serves).

use super::*;

/// Creates the thing `a` of size 2 and returns the state the apply answered.
async fn created() -> (ProviderService<TestProvider>, pb::DynamicValue) {
    let svc = service();
    configure(&svc, "").await;
    let planned = thing(
        Value::unknown(Type::String),
        s("a"),
        Value::Number(2.into()),
        null_s(),
    );
    let applied = apply(&svc, Some(nil()), Some(planned), None).await;
    assert!(
        errors(&applied.diagnostics).is_empty(),
        "{:?}",
        applied.diagnostics
    );
    let state = applied.new_state.expect("the apply answers a state");
    (svc, state)
}

async fn read(svc: &ProviderService<TestProvider>, current: pb::DynamicValue) -> pb::DynamicValue {
    let read = svc
        .read_resource(Request::new(pb::read_resource::Request {
            client_capabilities: None,
            current_identity: None,
            type_name: "test_thing".into(),
            current_state: Some(current),
            private: Vec::new(),
            provider_meta: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        errors(&read.diagnostics).is_empty(),
        "{:?}",
        read.diagnostics
    );
    read.new_state.expect("the read answers a state")
}

#[tokio::test]
async fn a_read_answers_the_state_as_json_text_with_numbers_as_digits() {
    let (svc, applied) = created().await;
    // Terraform sends the current state in MessagePack, the integer as an integer.
    assert!(
        applied.msgpack.ends_with(b"\xa4size\x02"),
        "{:02x?}",
        applied.msgpack
    );
    let answered = read(&svc, applied).await;
    assert!(answered.msgpack.is_empty(), "{:02x?}", answered.msgpack);
    assert_eq!(
        String::from_utf8_lossy(&answered.json),
        r#"{"id":"id-a","label":"a","name":"a","size":2}"#,
        "the state's JSON, as Terraform's state file holds it"
    );
}

#[tokio::test]
async fn a_json_answer_comes_back_as_the_next_current_state() {
    // Terraform sends the refreshed state back in MessagePack; a test client may echo the
    // JSON itself, which must read the same.
    let (svc, applied) = created().await;
    let answered = read(&svc, applied.clone()).await;
    let again = read(&svc, answered.clone()).await;
    assert_eq!(again, answered);
    assert_eq!(
        decode_as(Some(&answered), thing_type()),
        decode_as(Some(&applied), thing_type())
    );
}
