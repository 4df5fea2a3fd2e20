//! The field keys `conflicts_with`, `at_least_one_of` and `required_with` and a `regex`
//! from a const, through the derive and ValidateResourceConfig: each error in
//! terraform-plugin-framework-validators' words at the attribute the key is on, and a
//! const pattern that does not compile refused when the provider starts.

use super::*;

const HOST: &str = "^[a-z][a-z0-9.-]*$";
const HOST_MESSAGE: &str = "must be a lowercase host name";
const BROKEN: &str = "[a-";

#[derive(TfSchema, Debug, Clone)]
struct Endpoint {
    #[tf(optional, conflicts_with(socket, pipe), required_with(port))]
    host: Unknown<Nullable<String>>,
    #[tf(optional)]
    port: Unknown<Nullable<i64>>,
    #[tf(optional, at_least_one_of(host, pipe))]
    socket: Unknown<Nullable<String>>,
    #[tf(optional)]
    pipe: Unknown<Nullable<String>>,
    #[tf(optional, regex = HOST, regex_message = HOST_MESSAGE)]
    alias: Unknown<Nullable<String>>,
    #[tf(optional, regex = HOST)]
    fallback: Unknown<Nullable<String>>,
    #[tf(optional, at_most = 1)]
    ratio: Unknown<Nullable<f64>>,
    #[tf(optional, one_of(1, 2))]
    weight: Unknown<Nullable<i64>>,
}

inert_resource!(Endpoints, Endpoint, ());

struct EndpointProvider;

impl Provider for EndpointProvider {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_endpoint", Endpoints);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// Every error of validating the `test_endpoint` configuration `json` (attributes left out
/// are null): `path: summary: detail`.
async fn validate(json: &str) -> Vec<String> {
    let ty = Endpoint::schema().object_type();
    let mut given: serde_json::Map<String, serde_json::Value> = serde_json::from_str(json).unwrap();
    for name in ty.as_object().unwrap().names() {
        given.entry(name.clone()).or_insert(serde_json::Value::Null);
    }
    let text = serde_json::Value::Object(given).to_string();
    let config = Value::from_json(text.as_bytes(), ty).unwrap();
    let svc = ProviderService::new(EndpointProvider).unwrap();
    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_endpoint".into(),
            config: Some(pb::DynamicValue {
                msgpack: config.to_msgpack(ty).unwrap(),
                json: Vec::new(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    r.diagnostics
        .iter()
        .map(|d| {
            let at = d.attribute.as_ref().map(path_from_proto);
            let at = at.map(|p| p.to_string()).unwrap_or_default();
            format!("{at}: {}: {}", d.summary, d.detail)
        })
        .collect()
}

#[tokio::test]
async fn field_combinations_tell_each_other_attribute_at_their_own() {
    assert_eq!(
        validate(r#"{"socket": "/run/s", "pipe": "p"}"#).await,
        Vec::<String>::new()
    );
    // internal/schemavalidator/conflicts_with.go, also_requires.go and at_least_one_of.go
    assert_eq!(
        validate(r#"{"host": "db", "socket": "/run/s", "pipe": "p"}"#).await,
        [
            ".host: Invalid Attribute Combination: Attribute \"socket\" cannot be specified \
             when \"host\" is specified",
            ".host: Invalid Attribute Combination: Attribute \"pipe\" cannot be specified when \
             \"host\" is specified",
            ".host: Invalid Attribute Combination: Attribute \"port\" must be specified when \
             \"host\" is specified",
        ]
    );
    assert_eq!(
        validate("{}").await,
        [
            ".socket: Invalid Attribute Combination: At least one attribute out of \
          [host,pipe,socket] must be specified"
        ]
    );
}

#[tokio::test]
async fn a_pattern_and_its_message_from_consts() {
    // stringvalidator/regex_matches.go: the message replaces the description; the value
    // is printed as it is.
    assert_eq!(
        validate(r#"{"pipe": "p", "alias": "Db", "fallback": "9"}"#).await,
        [
            ".alias: Invalid Attribute Value Match: Attribute alias must be a lowercase host \
             name, got: Db",
            ".fallback: Invalid Attribute Value Match: Attribute fallback value must match \
             regular expression '^[a-z][a-z0-9.-]*$', got: 9",
        ]
    );
}

// float64validator/at_most.go prints a float attribute's numbers with six decimals;
// int64validator/one_of.go quotes its values and prints the value plain.
#[tokio::test]
async fn a_float_attribute_prints_as_float64validator() {
    assert_eq!(
        validate(r#"{"pipe": "p", "ratio": 1.5, "weight": 3}"#).await,
        [
            ".ratio: Invalid Attribute Value: Attribute ratio value must be at most 1.000000, \
             got: 1.500000",
            ".weight: Invalid Attribute Value Match: Attribute weight value must be one of: \
             [\"1\" \"2\"], got: 3",
        ]
    );
}

#[derive(TfSchema, Debug, Clone)]
struct Broken {
    #[tf(optional, regex = BROKEN)]
    name: Unknown<Nullable<String>>,
}

inert_resource!(Brokens, Broken, ());

struct BrokenProvider;

impl Provider for BrokenProvider {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_broken", Brokens);
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
fn a_const_pattern_that_does_not_compile_stops_the_provider_at_start() {
    let Err(problems) = ProviderService::new(BrokenProvider) else {
        panic!("a pattern that does not compile was accepted");
    };
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let expected = format!(
        "resource type \"test_broken\" (model {}): attribute name: the regular expression \
         '[a-' does not compile: ",
        std::any::type_name::<Broken>()
    );
    assert!(problems[0].starts_with(&expected), "{problems:#?}");
}
