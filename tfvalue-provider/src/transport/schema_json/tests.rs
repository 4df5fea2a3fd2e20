//! The whole-provider schema text, byte for byte, and the problems of a provider declared
//! wrongly.

use tfvalue::schema::ProvidersJson;
use tfvalue::{Nullable, TfSchema};

use super::providers_schema_json;
use crate::{ConfigureRequest, ReadDataSourceRequest};
use crate::{
    Context, DataSource, Diagnostics, Function, FunctionError, Provider, Registry, Signature,
    Variadic,
};

/// The provider block.
#[derive(TfSchema)]
struct Config {
    /// Where <things> go.
    #[tf(deprecation_message = "Use nothing.")]
    root: Nullable<String>,
}

/// An echo.
#[derive(TfSchema)]
struct Echo {
    text: String,
}

struct Echoes;

impl DataSource for Echoes {
    type Model = Echo;
    type Data = ();
    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadDataSourceRequest<Echo>,
    ) -> Result<Echo, Diagnostics> {
        let config = request.config;
        Ok(config)
    }
}

struct Join;

impl Function for Join {
    type Args = (Option<String>, Variadic<String>);
    type Output = String;
    type Data = ();
    fn signature(&self) -> Signature {
        Signature::new("Joins")
            .description("Joins a & b.")
            .param("first", "")
            .variadic("more", "More")
    }
    async fn call(
        &self,
        _: &mut Context<()>,
        (first, more): Self::Args,
    ) -> Result<String, FunctionError> {
        Ok(first.into_iter().chain(more.into_vec()).collect())
    }
}

struct Sample {
    bad_name: bool,
}

impl Provider for Sample {
    type Config = Config;
    type Data = ();
    fn register(&self, registry: &mut impl Registry<()>) {
        registry
            .data_source("sample_echo", Echoes)
            .function("join", Join);
        if self.bad_name {
            registry.data_source("Sample-Echo", Echoes);
        }
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
fn the_whole_provider_as_terraform_prints_it() {
    let provider = Sample { bad_name: false };
    let text = providers_schema_json(
        &provider,
        "example.com/a&b/sample",
        ProvidersJson::Terraform1_11,
    )
    .expect("declared rightly");
    let want = concat!(
        r#"{"format_version":"1.0","provider_schemas":{"example.com/a\u0026b/sample":{"#,
        r#""provider":{"version":0,"block":{"attributes":{"root":{"type":"string","#,
        r#""description":"Where \u003cthings\u003e go.","description_kind":"plain","deprecated":true,"optional":true}},"#,
        r#""description":"The provider block.","description_kind":"plain"}},"#,
        r#""data_source_schemas":{"sample_echo":{"version":0,"block":{"attributes":{"text":{"type":"string","#,
        r#""description_kind":"plain","required":true}},"description":"An echo.","description_kind":"plain"}}},"#,
        r#""functions":{"join":{"description":"Joins a \u0026 b.","summary":"Joins","return_type":"string","#,
        r#""parameters":[{"name":"first","is_nullable":true,"type":"string"}],"#,
        r#""variadic_parameter":{"name":"more","description":"More","type":"string"}}}}}}"#
    );
    assert_eq!(text, want);
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert!(value["provider_schemas"]["example.com/a&b/sample"]
        .get("resource_schemas")
        .is_none());
    // Terraform 1.15 and later also print deprecation messages.
    let latest =
        providers_schema_json(&provider, "x/y/z", ProvidersJson::Terraform1_15).expect("ok");
    assert!(
        latest
            .contains(r#""deprecated":true,"deprecation_message":"Use nothing.","optional":true"#),
        "{latest}"
    );
}

#[test]
fn a_provider_declared_wrongly_gets_its_problems() {
    let problems = providers_schema_json(
        &Sample { bad_name: true },
        "x/y/z",
        ProvidersJson::Terraform1_15,
    )
    .expect_err("a malformed type name");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("\"Sample-Echo\""), "{problems:?}");
}
