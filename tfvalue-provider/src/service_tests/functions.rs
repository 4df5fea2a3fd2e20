//! Provider functions through the service: their signatures on the wire (GetFunctions,
//! the schema, the metadata) and calls with good, garbage, missing and surplus
//! arguments, to functions that fail, panic or do not exist.

use prost::Message as _;

use super::*;
use crate::ConfigureRequest;
use crate::{Function, FunctionError, Signature, Variadic};

/// What `describe` returns: an object whose `n` may be null.
#[derive(TfSchema, Debug)]
struct Described {
    known: bool,
    n: Nullable<i64>,
}

/// `concat(first, parts...)`: joins with `-`; an empty part is an error naming it.
struct Concat;
/// `describe(n, text)`: `n` may be null and `text` unknown, and both reach the function.
struct Describe;
/// `boom()`: panics.
struct Boom;
/// `prefix()`: the configured provider's prefix.
struct Prefix;

impl Function for Concat {
    type Args = (String, Variadic<String>);
    type Output = String;
    type Data = Store;
    fn signature(&self) -> Signature {
        Signature::new("Joins with dashes")
            .description("Joins its arguments with dashes.")
            .param("first", "The first part")
            .variadic("parts", "More parts")
    }
    async fn call(
        &self,
        _: &mut Context<Store>,
        (first, parts): Self::Args,
    ) -> Result<String, FunctionError> {
        let mut all = vec![first];
        for (index, part) in parts.indexed() {
            if part.is_empty() {
                return Err(FunctionError::argument(index, "a part must not be empty"));
            }
            all.push(part.clone());
        }
        Ok(all.join("-"))
    }
}

impl Function for Describe {
    type Args = (Option<i64>, Unknown<String>);
    type Output = Described;
    type Data = Store;
    fn signature(&self) -> Signature {
        Signature::new("Describes")
            .param("n", "A number or null")
            .param("text", "Text, maybe unknown")
            .deprecated("Use nothing.")
    }
    async fn call(
        &self,
        _: &mut Context<Store>,
        (n, text): Self::Args,
    ) -> Result<Described, FunctionError> {
        Ok(Described {
            known: !text.is_unknown(),
            n: n.into(),
        })
    }
}

impl Function for Boom {
    type Args = ();
    type Output = bool;
    type Data = Store;
    fn signature(&self) -> Signature {
        Signature::new("Panics")
    }
    async fn call(&self, _: &mut Context<Store>, (): ()) -> Result<bool, FunctionError> {
        panic!("boom was called")
    }
}

impl Function for Prefix {
    type Args = ();
    type Output = String;
    type Data = Store;
    fn signature(&self) -> Signature {
        Signature::new("The prefix")
    }
    async fn call(&self, ctx: &mut Context<Store>, (): ()) -> Result<String, FunctionError> {
        Ok(ctx.data()?.prefix.clone())
    }
}

struct FunctionsProvider;

impl Provider for FunctionsProvider {
    type Config = Config;
    type Data = Store;
    fn register(&self, registry: &mut impl Registry<Store>) {
        registry
            .function("concat", Concat)
            .function("describe", Describe)
            .function("boom", Boom)
            .function("prefix", Prefix);
    }
    async fn configure(
        &self,
        _: &mut Context<Store>,
        request: ConfigureRequest<Config>,
    ) -> Result<Store, Diagnostics> {
        let config = request.config;
        Ok(Store {
            prefix: config.prefix.unwrap_or_default(),
            ..Store::default()
        })
    }
}

fn functions_service() -> ProviderService<FunctionsProvider> {
    ProviderService::new(FunctionsProvider).unwrap()
}

fn arg(value: Value, ty: &Type) -> pb::DynamicValue {
    pb::DynamicValue {
        msgpack: value.to_msgpack(ty).unwrap(),
        json: Vec::new(),
    }
}

fn text(t: &str) -> pb::DynamicValue {
    arg(s(t), &Type::String)
}

async fn call(
    svc: &ProviderService<FunctionsProvider>,
    name: &str,
    arguments: Vec<pb::DynamicValue>,
) -> pb::call_function::Response {
    svc.call_function(Request::new(pb::call_function::Request {
        name: name.into(),
        arguments,
    }))
    .await
    .unwrap()
    .into_inner()
}

/// The call's result, decoded as `ty`; panics on an error.
fn result(r: &pb::call_function::Response, ty: &Type) -> Value {
    assert_eq!(r.error, None);
    Value::from_msgpack(&r.result.as_ref().expect("a result").msgpack, ty).unwrap()
}

/// The call's error: its text and the index of the argument it blames.
fn failure(r: pb::call_function::Response) -> (String, Option<i64>) {
    assert_eq!(r.result, None, "no result beside an error");
    let e = r.error.expect("a function error");
    (e.text, e.function_argument)
}

#[tokio::test]
async fn signatures_reach_get_functions_the_schema_and_the_metadata() {
    let svc = functions_service();
    let got = svc
        .get_functions(Request::new(pb::get_functions::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(got.diagnostics.is_empty());
    let mut names: Vec<&str> = got.functions.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(names, ["boom", "concat", "describe", "prefix"]);

    let concat = &got.functions["concat"];
    assert_eq!(concat.parameters.len(), 1);
    let first = &concat.parameters[0];
    assert_eq!(
        (first.name.as_str(), first.r#type.as_slice()),
        ("first", &b"\"string\""[..])
    );
    assert!(!first.allow_null_value && !first.allow_unknown_values);
    let parts = concat.variadic_parameter.as_ref().expect("variadic");
    assert_eq!(
        (parts.name.as_str(), parts.description.as_str()),
        ("parts", "More parts")
    );
    assert_eq!(
        (concat.summary.as_str(), concat.description.as_str()),
        ("Joins with dashes", "Joins its arguments with dashes.")
    );
    // Byte level: the variadic parameter is field 2 of the function; inside it, the name
    // (1), the type (2), then the description (5); allow_null_value (3) and
    // allow_unknown_values (4) are false, so absent.
    let mut want = vec![0x12, 0x1d];
    want.extend([0x0a, 0x05]);
    want.extend(b"parts");
    want.extend([0x12, 0x08]);
    want.extend(b"\"string\"");
    want.extend([0x2a, 0x0a]);
    want.extend(b"More parts");
    let bytes = pb::Function {
        variadic_parameter: concat.variadic_parameter.clone(),
        ..pb::Function::default()
    }
    .encode_to_vec();
    assert_eq!(bytes, want);

    let describe = &got.functions["describe"];
    assert_eq!(describe.variadic_parameter, None);
    let (n, t) = (&describe.parameters[0], &describe.parameters[1]);
    assert!(n.allow_null_value && !n.allow_unknown_values, "Option<i64>");
    assert!(
        !t.allow_null_value && t.allow_unknown_values,
        "Unknown<String>"
    );
    // Byte level: `n` is name, type, then allow_null_value (field 3) true; `text` has
    // allow_unknown_values (field 4) true.
    let n_bytes = pb::function::Parameter {
        description: String::new(),
        ..n.clone()
    }
    .encode_to_vec();
    assert_eq!(
        n_bytes,
        [
            &[0x0a, 0x01, b'n', 0x12, 0x08][..],
            b"\"number\"",
            &[0x18, 0x01]
        ]
        .concat()
    );
    let t_bytes = pb::function::Parameter {
        description: String::new(),
        ..t.clone()
    }
    .encode_to_vec();
    assert!(t_bytes.ends_with(&[0x20, 0x01]), "{t_bytes:x?}");
    // The result type is the object without optional-attribute markers.
    assert_eq!(
        describe.r#return.as_ref().map(|r| r.r#type.as_slice()),
        Some(&br#"["object",{"known":"bool","n":"number"}]"#[..])
    );
    assert_eq!(describe.deprecation_message, "Use nothing.");

    let schema = svc
        .get_provider_schema(Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(schema.functions, got.functions);
    let meta = svc
        .get_metadata(Request::new(pb::get_metadata::Request {}))
        .await
        .unwrap()
        .into_inner();
    let listed: Vec<&str> = meta.functions.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(listed, names);
}

#[tokio::test]
async fn calls_decode_arguments_and_encode_results() {
    let svc = functions_service();
    let r = call(&svc, "concat", vec![text("a"), text("b"), text("c")]).await;
    assert_eq!(result(&r, &Type::String), s("a-b-c"));
    let r = call(&svc, "concat", vec![text("alone")]).await;
    assert_eq!(result(&r, &Type::String), s("alone"));

    let out = Type::object([("known", Type::Bool), ("n", Type::Number)]);
    let r = call(
        &svc,
        "describe",
        vec![nil(), arg(Value::unknown(Type::String), &Type::String)],
    )
    .await;
    assert_eq!(
        result(&r, &out),
        Value::object([("known", Value::Bool(false)), ("n", null_n())])
    );
    let r = call(
        &svc,
        "describe",
        vec![arg(Value::from(7), &Type::Number), text("x")],
    )
    .await;
    assert_eq!(
        result(&r, &out),
        Value::object([("known", Value::Bool(true)), ("n", Value::from(7))])
    );
}

#[tokio::test]
async fn the_functions_own_errors_name_their_argument() {
    let svc = functions_service();
    let r = call(&svc, "concat", vec![text("a"), text("b"), text("")]).await;
    assert_eq!(failure(r), ("a part must not be empty".to_owned(), Some(2)));
    // Unconfigured, a function that needs the provider's data fails with the reason;
    // configured, it has it.
    let (t, at) = failure(call(&svc, "prefix", vec![]).await);
    assert!(t.starts_with("Provider not configured: "), "{t}");
    assert_eq!(at, None);
    let config = Value::object([("prefix", s("p-"))]);
    let configured = svc
        .configure_provider(Request::new(pb::configure_provider::Request {
            client_capabilities: None,
            terraform_version: "1.11.4".into(),
            config: Some(arg(config, Config::schema().object_type())),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(configured.diagnostics.is_empty());
    assert_eq!(
        result(&call(&svc, "prefix", vec![]).await, &Type::String),
        s("p-")
    );
}

#[tokio::test]
async fn garbage_arguments_are_errors_naming_the_argument() {
    let svc = functions_service();
    for (bad, label) in [(garbage(), "msgpack"), (garbage_json(), "json")] {
        let bad = bad.unwrap();
        let (t, at) = failure(call(&svc, "concat", vec![text("a"), bad.clone()]).await);
        assert_eq!(at, Some(1), "{label}: {t}");
        assert!(t.starts_with("not a valid string: "), "{label}: {t}");
        let (_, at) = failure(call(&svc, "concat", vec![bad.clone()]).await);
        assert_eq!(at, Some(0), "{label}");
        let (_, at) = failure(call(&svc, "describe", vec![nil(), bad]).await);
        assert_eq!(at, Some(1), "{label}");
    }
    // A value of the wrong type, null where null is not accepted, unknown where unknown
    // is not.
    let (t, at) = failure(call(&svc, "concat", vec![arg(Value::Bool(true), &Type::Bool)]).await);
    assert_eq!(at, Some(0));
    assert!(t.starts_with("not a valid string: "), "{t}");
    let (t, at) = failure(call(&svc, "concat", vec![text("a"), nil()]).await);
    assert_eq!(at, Some(1));
    assert!(t.starts_with("argument must not be null"), "{t}");
    let unknown = arg(Value::unknown(Type::String), &Type::String);
    let (t, at) = failure(call(&svc, "concat", vec![unknown]).await);
    assert_eq!(at, Some(0));
    assert!(t.starts_with("argument must not be unknown"), "{t}");
    // An absent value is null.
    let (t, _) = failure(call(&svc, "concat", vec![pb::DynamicValue::default()]).await);
    assert!(t.starts_with("argument must not be null"), "{t}");
}

#[tokio::test]
async fn wrong_argument_counts_are_errors() {
    let svc = functions_service();
    let (t, at) = failure(call(&svc, "concat", vec![]).await);
    assert_eq!(at, None);
    assert_eq!(
        t,
        "Not enough arguments: the function \"concat\" takes 1 argument or more; Terraform sent 0"
    );
    let (t, at) = failure(call(&svc, "describe", vec![nil()]).await);
    assert_eq!(at, None);
    assert!(t.contains("takes 2 arguments; Terraform sent 1"), "{t}");
    let (t, at) = failure(call(&svc, "describe", vec![nil(), text("a"), text("b")]).await);
    assert_eq!(at, Some(2), "the first argument too many is at fault");
    assert_eq!(
        t,
        "too many arguments: the function \"describe\" takes 2 arguments; Terraform sent 3"
    );
    let (_, at) = failure(call(&svc, "boom", vec![text("x")]).await);
    assert_eq!(at, Some(0));
}

#[tokio::test]
async fn unknown_and_panicking_functions_fail_their_call_only() {
    let svc = functions_service();
    let (t, at) = failure(call(&svc, "nope", vec![text("a")]).await);
    assert_eq!(
        t,
        "Unknown function: This provider has no function \"nope\"."
    );
    assert_eq!(at, None);
    let (t, at) = failure(call(&svc, "boom", vec![]).await);
    assert!(t.starts_with("The provider failed: "), "{t}");
    assert!(t.contains("boom was called"), "{t}");
    assert_eq!(at, None);
    // The service goes on.
    let r = call(&svc, "concat", vec![text("still"), text("here")]).await;
    assert_eq!(result(&r, &Type::String), s("still-here"));
}

#[test]
fn mismatched_signatures_stop_the_provider_at_start() {
    struct Wrong;
    impl Function for Wrong {
        type Args = (String, i64);
        type Output = String;
        type Data = Store;
        fn signature(&self) -> Signature {
            Signature::new("One parameter too few").param("a", "")
        }
        async fn call(
            &self,
            _: &mut Context<Store>,
            _: (String, i64),
        ) -> Result<String, FunctionError> {
            Ok(String::new())
        }
    }
    struct Bad;
    impl Provider for Bad {
        type Config = Config;
        type Data = Store;
        fn register(&self, registry: &mut impl Registry<Store>) {
            registry
                .function("wrong", Wrong)
                .function("concat", Concat)
                .function("concat", Concat)
                .function("provider::x", Boom);
        }
        async fn configure(
            &self,
            _: &mut Context<Store>,
            _: ConfigureRequest<Config>,
        ) -> Result<Store, Diagnostics> {
            Ok(Store::default())
        }
    }
    let Err(problems) = ProviderService::new(Bad) else {
        panic!("accepted")
    };
    assert_eq!(
        problems,
        [
            "function \"wrong\": its signature names 1 positional parameter, its arguments have 2",
            "function \"concat\" is registered twice",
            "function \"provider::x\": a function name is a letter or underscore, then letters, \
             digits, underscores and hyphens (an identifier of Terraform's language)",
        ]
    );
}
