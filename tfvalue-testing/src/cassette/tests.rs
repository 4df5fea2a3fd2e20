//! Replays of cassettes made here (through the replayer itself, as a recording would
//! write them) against a provider that answers as recorded or otherwise, and every
//! error of a cassette that cannot be read.

use serde_json::{json, Value};
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::harness::Replayer;
use tfvalue_provider::{
    ConfigureRequest, Context, DataSource, Diagnostics, Function, FunctionError,
    ReadDataSourceRequest, Registry, Signature,
};

use super::Cassette;

#[derive(TfSchema)]
struct Config {}

/// `t_token`: a name and a sensitive token made from it.
#[derive(TfSchema)]
struct Token {
    name: String,
    #[tf(computed, sensitive)]
    token: Unknown<Nullable<String>>,
}

/// Answers as recorded with `Suffix("!")`; otherwise differently.
#[derive(Clone, Copy)]
struct Suffix(&'static str);

struct Shout(&'static str);

impl Function for Shout {
    type Args = (String,);
    type Output = String;
    type Data = ();

    fn signature(&self) -> Signature {
        Signature::new("Shouts").param("text", "What to shout")
    }

    async fn call(&self, _: &mut Context<()>, (text,): (String,)) -> Result<String, FunctionError> {
        Ok(format!("{}{}", text.to_uppercase(), self.0))
    }
}

struct Tokens(&'static str);

impl DataSource for Tokens {
    type Model = Token;
    type Data = ();

    async fn read(
        &self,
        _: &mut Context<()>,
        r: ReadDataSourceRequest<Token>,
    ) -> Result<Token, Diagnostics> {
        let token = format!("secret-{}{}", r.config.name, self.0);
        Ok(Token {
            name: r.config.name,
            token: Unknown::known(Nullable::Value(token)),
        })
    }
}

impl tfvalue_provider::Provider for Suffix {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry
            .function("shout", Shout(self.0))
            .data_source("t_token", Tokens(self.0));
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// The requests of one session: a configure, a function call, a data source read.
fn requests() -> Vec<(&'static str, Value)> {
    vec![
        (
            "ConfigureProvider",
            json!({"terraform_version": "1.15.5", "config": {"msgpack": "80"}}),
        ),
        // shout("hi")
        (
            "CallFunction",
            json!({"name": "shout", "arguments": [{"msgpack": "a26869"}]}),
        ),
        // t_token { name = "a" }: {"name": "a", "token": null}
        (
            "ReadDataSource",
            json!({"type_name": "t_token", "config": {"msgpack": "82a46e616d65a161a5746f6b656ec0"}}),
        ),
    ]
}

/// A cassette of `requests()` answered by `provider`, in two sessions.
fn recorded(provider: Suffix) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut text = "{\"tfvalue_cassette\":1}\n".to_owned();
    for session in ["77.0", "77.1"] {
        let replayer = Replayer::new(provider).unwrap();
        for (index, (rpc, request)) in requests().into_iter().enumerate() {
            let mut call = runtime.block_on(replayer.call(rpc, &request)).unwrap();
            call["session"] = json!(session);
            call["index"] = json!(index);
            text.push_str(&call.to_string());
            text.push('\n');
        }
    }
    text
}

fn cassette(text: &str) -> Cassette {
    Cassette::parse("t.jsonl", text).unwrap()
}

#[test]
fn a_cassette_replays_against_the_provider_that_answered_it() {
    let text = recorded(Suffix("!"));
    let replayed = cassette(&text).replay(|| Suffix("!")).unwrap();
    assert_eq!(
        replayed,
        super::Replayed {
            calls: 6,
            sessions: 2
        }
    );
    assert_eq!(
        cassette(&text).rpcs(),
        ["ConfigureProvider", "CallFunction", "ReadDataSource"].repeat(2)
    );
}

#[test]
fn a_sensitive_value_is_null_in_the_cassette_and_listed() {
    let text = recorded(Suffix("!"));
    let read: Value = serde_json::from_str(text.lines().nth(3).unwrap()).unwrap();
    assert_eq!(
        read["answer"]["state"],
        // {"name": "a", "token": nil}: the token's bytes are nil, not the secret.
        json!({"msgpack": "82a46e616d65a161a5746f6b656ec0", "value": {"name": "a", "token": null}, "redacted": [".token"]})
    );
    assert!(!text.contains("secret-a"), "{text}");
    // Redacted both ways, a changed secret is not a difference.
    cassette(&text)
        .replay(|| Suffix("?").with_same_shout())
        .unwrap();
}

impl Suffix {
    /// A provider whose function answers as `Suffix("!")` does but whose secrets differ:
    /// the function's suffix is fixed, the token's is this one's.
    fn with_same_shout(self) -> SameShout {
        SameShout(self.0)
    }
}

struct SameShout(&'static str);

impl tfvalue_provider::Provider for SameShout {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry
            .function("shout", Shout("!"))
            .data_source("t_token", Tokens(self.0));
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

#[test]
fn a_changed_answer_is_shown_by_path_with_its_call_and_line() {
    let text = recorded(Suffix("!"));
    let error = cassette(&text).replay(|| Suffix("?")).unwrap_err();
    assert_eq!(
        error.message(),
        "replaying t.jsonl (6 calls): 2 of them answered differently from the recording\n  \
         call 1 of session 1 (CallFunction, line 3) answered differently:\n    \
         answer.result .: recorded \"HI!\", now \"HI?\"\n  \
         call 1 of session 2 (CallFunction, line 6) answered differently:\n    \
         answer.result .: recorded \"HI!\", now \"HI?\""
    );
    assert_eq!(
        format!("{error:?}"),
        error.message(),
        "Debug reads as Display"
    );
}

#[test]
fn ignored_and_matching_paths_let_a_changed_answer_pass() {
    let text = recorded(Suffix("!"));
    cassette(&text)
        .ignore("answer.result")
        .replay(|| Suffix("?"))
        .unwrap();
    cassette(&text)
        .matching("answer.result", "^HI[!?]$")
        .replay(|| Suffix("?"))
        .unwrap();
    let error = cassette(&text)
        .matching("answer.result", "^HI!$")
        .replay(|| Suffix("?"))
        .unwrap_err();
    assert!(
        error.message().contains(
            "answer.result .: recorded \"HI!\", now \"HI?\" (and does not match /^HI!$/)"
        ),
        "{error}"
    );
    let error = cassette(&text)
        .matching(".x", "(")
        .replay(|| Suffix("?"))
        .unwrap_err();
    assert!(
        error.message().starts_with(
            "replaying t.jsonl: the pattern \"(\" for .x is not a regular expression: "
        ),
        "{error}"
    );
}

#[test]
fn a_request_that_is_not_the_rpcs_message_names_its_call_and_place() {
    let text = "{\"tfvalue_cassette\":1}\n\
        {\"session\":\"1\",\"index\":0,\"rpc\":\"CallFunction\",\"request\":{\"name\":\"shout\",\"arguments\":[{\"msgpack\":\"zz\"}]},\"answer\":{}}\n";
    let error = cassette(text).replay(|| Suffix("!")).unwrap_err();
    assert_eq!(
        error.message(),
        "replaying t.jsonl: the request of call 0 of session 1 (CallFunction, line 2) cannot be sent: \
         request.arguments[0].msgpack: 'z' at offset 0 is not a hexadecimal digit"
    );
    let text = "{\"tfvalue_cassette\":1}\n{\"session\":\"1\",\"index\":0,\"rpc\":\"Nope\",\"request\":{},\"answer\":{}}\n";
    let error = cassette(text).replay(|| Suffix("!")).unwrap_err();
    assert!(
        error
            .message()
            .ends_with("(Nope, line 2) cannot be sent: `Nope` is not an RPC of tfplugin6.Provider"),
        "{error}"
    );
}

#[test]
fn an_answer_recorded_as_another_kind_is_a_difference() {
    let text = "{\"tfvalue_cassette\":1}\n\
        {\"session\":\"1\",\"index\":0,\"rpc\":\"GetMetadata\",\"request\":{},\"status\":{\"code\":13,\"message\":\"boom\"}}\n";
    let error = cassette(text).replay(|| Suffix("!")).unwrap_err();
    assert!(error.message().contains("call 0 of session 1 (GetMetadata, line 2) answered differently:\n    answer: recorded nothing, now {"), "{error}");
    assert!(
        error
            .message()
            .contains("\n    status: recorded {\"code\":13,\"message\":\"boom\"}, now nothing"),
        "{error}"
    );
}

struct Misdeclared;

impl tfvalue_provider::Provider for Misdeclared {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.function("Not A Name", Shout("!"));
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

#[test]
fn a_provider_declared_wrongly_is_named_with_its_problems() {
    let text = recorded(Suffix("!"));
    let error = cassette(&text).replay(|| Misdeclared).unwrap_err();
    assert!(
        error
            .message()
            .starts_with("replaying t.jsonl: the provider's types are declared wrongly:\n  - "),
        "{error}"
    );
    assert!(error.message().contains("Not A Name"), "{error}");
}

#[test]
fn a_saved_cassette_has_its_sessions_numbered_and_replays() {
    let text = recorded(Suffix("!"));
    let dir = std::env::temp_dir().join(format!("tfvalue-cassette-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("saved.jsonl");
    cassette(&text).save(&path).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(saved.lines().next(), Some("{\"tfvalue_cassette\":1}"));
    assert!(
        saved.lines().nth(1).unwrap().contains("\"session\":\"1\""),
        "{saved}"
    );
    assert!(
        saved.lines().nth(4).unwrap().contains("\"session\":\"2\""),
        "{saved}"
    );
    Cassette::load(&path)
        .unwrap()
        .replay(|| Suffix("!"))
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_cassette_that_cannot_be_read_is_refused_naming_the_line() {
    let header = "{\"tfvalue_cassette\":1}\n";
    let call = |body: &str| format!("{header}{body}\n");
    let cases = [
        (String::new(), "cassette t.jsonl, line 1: expected the format line {\"tfvalue_cassette\":1}, found \"\""),
        ("{\"tfvalue_cassette\":2}\n".to_owned(), "cassette t.jsonl, line 1: the cassette is of format 2; this tfvalue-testing reads format 1"),
        (call("{"), "cassette t.jsonl, line 2: not JSON: EOF while parsing an object at line 1 column 1"),
        (call("[1]"), "cassette t.jsonl, line 2: expected a call (a JSON object), found [1]"),
        (call("{\"index\":0,\"rpc\":\"GetMetadata\",\"request\":{},\"answer\":{}}"), "cassette t.jsonl, line 2: the call has no `session`"),
        (call("{\"session\":true}"), "cassette t.jsonl, line 2: `session` must be a string, found true"),
        (call("{\"session\":\"1\",\"rpc\":\"GetMetadata\"}"), "cassette t.jsonl, line 2: the call has no `index`"),
        (call("{\"session\":\"1\",\"index\":-1}"), "cassette t.jsonl, line 2: `index` must be a non-negative integer, found -1"),
        (call("{\"session\":\"1\",\"index\":0}"), "cassette t.jsonl, line 2: the call has no `rpc`"),
        (call("{\"session\":\"1\",\"index\":0,\"rpc\":7}"), "cassette t.jsonl, line 2: `rpc` must be a string, found 7"),
        (call("{\"session\":\"1\",\"index\":0,\"rpc\":\"GetMetadata\"}"), "cassette t.jsonl, line 2: the GetMetadata call has no `request`"),
        (
            call("{\"session\":\"1\",\"index\":0,\"rpc\":\"GetMetadata\",\"request\":{}}"),
            "cassette t.jsonl, line 2: the GetMetadata call has none of `answer`, `stream`, `status`",
        ),
        (
            call("{\"session\":\"1\",\"index\":0,\"rpc\":\"GetMetadata\",\"unrecorded\":\"why\"}"),
            "cassette t.jsonl, line 2: the provider could not record this call: \"why\"",
        ),
        (
            call("{\"session\":\"1\",\"index\":0,\"rpc\":\"GetMetadata\",\"request\":{},\"answer\":{}}\n{\"session\":\"1\",\"index\":0,\"rpc\":\"GetMetadata\",\"request\":{},\"answer\":{}}"),
            "cassette t.jsonl, line 3: index 0 appears twice in its session",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(
            Cassette::parse("t.jsonl", &text).unwrap_err().to_string(),
            expected,
            "{text}"
        );
    }
    let missing = Cassette::load("/nonexistent/t.jsonl").unwrap_err();
    assert_eq!(missing.line, None);
    assert!(
        missing
            .to_string()
            .starts_with("cassette /nonexistent/t.jsonl: reading it failed: "),
        "{missing}"
    );
}

/// `t_item`: a name and a sensitive key; listed by `t_item`'s list resource.
#[derive(TfSchema, Debug)]
struct Item {
    name: Unknown<String>,
    #[tf(computed, sensitive)]
    key: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug)]
struct ItemIdentity {
    name: String,
}

#[derive(TfSchema, Debug)]
struct Query {}

struct Items(&'static [&'static str]);

impl tfvalue_provider::Resource for Items {
    type Model = Item;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        r: tfvalue_provider::CreateRequest<Item>,
    ) -> Result<Item, tfvalue_provider::ApplyError<Item>> {
        Ok(r.planned)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        r: tfvalue_provider::ReadRequest<Item>,
    ) -> Result<Option<Item>, Diagnostics> {
        Ok(Some(r.state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        r: tfvalue_provider::UpdateRequest<Item>,
    ) -> Result<Item, tfvalue_provider::ApplyError<Item>> {
        Ok(r.planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: tfvalue_provider::DeleteRequest<Item>,
    ) -> Result<(), tfvalue_provider::ApplyError<Item>> {
        Ok(())
    }
}

impl tfvalue_provider::ResourceIdentity for Items {
    type Identity = ItemIdentity;
}

impl tfvalue_provider::ListResource for Items {
    type ListConfig = Query;

    async fn list(
        &self,
        ctx: &mut Context<()>,
        _: Query,
        results: &mut tfvalue_provider::ListResults<Item, ItemIdentity>,
    ) -> Result<(), Diagnostics> {
        for name in self.0 {
            let item = Item {
                name: Unknown::known((*name).to_owned()),
                key: Unknown::known(Nullable::Value(format!("key-of-{name}"))),
            };
            let identity = tfvalue_provider::ResourceIdentity::identity(self, ctx, &item)?;
            if !results
                .push(tfvalue_provider::Listed::new(identity, *name).with_state(item))
                .await?
            {
                break;
            }
        }
        Ok(())
    }
}

struct Lister(&'static [&'static str]);

impl tfvalue_provider::Provider for Lister {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("t_item", Items(self.0)).with_list();
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

#[test]
fn a_streamed_answer_is_recorded_message_by_message_and_compared() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let replayer = Replayer::new(Lister(&["a", "b"])).unwrap();
    let mut text = "{\"tfvalue_cassette\":1}\n".to_owned();
    let requests = [
        ("ConfigureProvider", json!({"config": {"msgpack": "80"}})),
        (
            "ListResource",
            json!({"type_name": "t_item", "config": {"msgpack": "80"}, "include_resource_object": true, "limit": 10}),
        ),
    ];
    for (index, (rpc, request)) in requests.into_iter().enumerate() {
        let mut call = runtime.block_on(replayer.call(rpc, &request)).unwrap();
        call["session"] = json!("1");
        call["index"] = json!(index);
        text.push_str(&call.to_string());
        text.push('\n');
    }
    let listed: Value = serde_json::from_str(text.lines().nth(2).unwrap()).unwrap();
    let events = listed["stream"].as_array().unwrap();
    assert_eq!(events.len(), 2, "{listed}");
    assert_eq!(events[0]["display_name"], "a");
    assert_eq!(
        events[0]["resource_object"]["value"],
        json!({"key": null, "name": "a"})
    );
    assert_eq!(events[0]["resource_object"]["redacted"], json!([".key"]));
    assert!(!text.contains("key-of-a"), "{text}");
    cassette(&text).replay(|| Lister(&["a", "b"])).unwrap();
    let error = cassette(&text).replay(|| Lister(&["a"])).unwrap_err();
    assert!(
        error.message().contains("call 1 of session 1 (ListResource, line 3) answered differently:\n    stream[1]: recorded {"),
        "{error}"
    );
}
