//! Import by identity, query steps and generated configuration, with a small in-memory
//! provider (`notes_note`: identity its `name`, listed by `list "notes_note"`), and the
//! failures these steps must report. Identity needs Terraform 1.12, queries 1.14: with only
//! older ones found, the tests say so and pass (the steps' own skipping is checked by the
//! crate's unit tests).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serde_json::json;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostic, Diagnostics,
    ImportRequest, ListResource, ListResults, Listed, Provider, ReadRequest, Registry, Resource,
    ResourceIdentity, UpdateRequest,
};
use tfvalue_testing::{query, state, terraforms, Failure, Step, Terraform, Test, TestProvider};

const ADDRESS: &str = "example.com/tfvalue-testing/notes";

/// `provider "notes" {}`.
#[derive(TfSchema)]
struct Config {}

/// `notes_note`: a text kept by name.
#[derive(TfSchema, Debug, Clone)]
struct Note {
    /// The note's name: its identity.
    #[tf(requires_replace)]
    name: Unknown<String>,
    /// The note's text.
    text: Unknown<String>,
}

/// The identity of a note.
#[derive(TfSchema, Debug, Clone, PartialEq)]
struct NoteIdentity {
    /// The name.
    name: String,
}

/// The `config` block of `list "notes_note"`.
#[derive(TfSchema, Debug)]
struct NoteQuery {
    /// Only notes whose name starts with this.
    prefix: Nullable<String>,
}

/// The notes, by name: the provider's remote system, one per workspace.
type Store = Arc<Mutex<BTreeMap<String, String>>>;

#[derive(Default)]
struct Notes {
    store: Store,
}

struct NoteResource;

impl Provider for Notes {
    type Config = Config;
    type Data = Store;

    fn register(&self, registry: &mut impl Registry<Store>) {
        registry.resource("notes_note", NoteResource).with_list();
    }

    async fn configure(
        &self,
        _: &mut Context<Store>,
        _: ConfigureRequest<Config>,
    ) -> Result<Store, Diagnostics> {
        Ok(Arc::clone(&self.store))
    }
}

fn known(value: &Unknown<String>) -> Result<String, Diagnostic> {
    (value.as_known().cloned()).ok_or_else(|| Diagnostic::error("Unknown value"))
}

impl Resource for NoteResource {
    type Model = Note;
    type Data = Store;

    async fn create(
        &self,
        ctx: &mut Context<Store>,
        CreateRequest { planned, .. }: CreateRequest<Note>,
    ) -> Result<Note, ApplyError<Note>> {
        let (name, text) = (known(&planned.name)?, known(&planned.text)?);
        ctx.data()?.lock().unwrap().insert(name, text);
        Ok(planned)
    }

    async fn read(
        &self,
        ctx: &mut Context<Store>,
        ReadRequest { state, .. }: ReadRequest<Note>,
    ) -> Result<Option<Note>, Diagnostics> {
        let name = known(&state.name)?;
        let notes = ctx.data()?.lock().unwrap();
        Ok(notes.get(&name).map(|text| Note {
            name: Unknown::known(name.clone()),
            text: Unknown::known(text.clone()),
        }))
    }

    async fn update(
        &self,
        ctx: &mut Context<Store>,
        UpdateRequest { planned, .. }: UpdateRequest<Note>,
    ) -> Result<Note, ApplyError<Note>> {
        let (name, text) = (known(&planned.name)?, known(&planned.text)?);
        ctx.data()?.lock().unwrap().insert(name, text);
        Ok(planned)
    }

    async fn delete(
        &self,
        ctx: &mut Context<Store>,
        DeleteRequest { prior, .. }: DeleteRequest<Note>,
    ) -> Result<(), ApplyError<Note>> {
        let name = known(&prior.name)?;
        ctx.data()?.lock().unwrap().remove(&name);
        Ok(())
    }

    async fn import(
        &self,
        _: &mut Context<Store>,
        request: ImportRequest,
    ) -> Result<Note, Diagnostics> {
        // The text is read after.
        Ok(Note {
            name: Unknown::known(request.id),
            text: Unknown::known(String::new()),
        })
    }
}

impl ResourceIdentity for NoteResource {
    type Identity = NoteIdentity;

    async fn import_by_identity(
        &self,
        ctx: &mut Context<Store>,
        identity: NoteIdentity,
    ) -> Result<Note, Diagnostics> {
        Resource::import(self, ctx, ImportRequest::new(identity.name)).await
    }
}

impl ListResource for NoteResource {
    type ListConfig = NoteQuery;

    async fn list(
        &self,
        ctx: &mut Context<Store>,
        query: NoteQuery,
        results: &mut ListResults<Note, NoteIdentity>,
    ) -> Result<(), Diagnostics> {
        let prefix = query.prefix.into_option().unwrap_or_default();
        let notes: Vec<(String, String)> = (ctx.data()?.lock().unwrap().iter())
            .filter(|(name, _)| name.starts_with(&prefix))
            .map(|(name, text)| (name.clone(), text.clone()))
            .collect();
        for (name, text) in notes {
            let note = Note {
                name: Unknown::known(name.clone()),
                text: Unknown::known(text),
            };
            let identity = NoteIdentity { name: name.clone() };
            if !results
                .push(Listed::new(identity, &name).with_state(note))
                .await?
            {
                break;
            }
        }
        Ok(())
    }
}

fn provider() -> TestProvider {
    TestProvider::in_process(ADDRESS, Notes::default)
}

const NOTES: &str = r#"
resource "notes_note" "a" {
  name = "a"
  text = "first"
}

resource "notes_note" "b" {
  name = "b"
  text = "second"
}
"#;

const LIST: &str = "list.notes_note.all";

fn list(include_resource: bool) -> String {
    format!(
        "list \"notes_note\" \"all\" {{\n  provider = notes\n  include_resource = {include_resource}\n  config {{}}\n}}\n"
    )
}

/// The newest Terraform found that is at least `major.minor`, if any.
fn terraform_at_least(major: u64, minor: u64) -> Option<&'static Terraform> {
    let found = terraforms().iter().find(|tf| tf.at_least(major, minor));
    if found.is_none() {
        eprintln!("SKIPPED: no Terraform {major}.{minor} or later found");
    }
    found
}

/// The failure of `test` with `tf`, its workspace removed.
fn failure_of(test: Test, name: &str, tf: &Terraform) -> Box<Failure> {
    let failure = test.run_one(name, tf).expect_err("the test must fail");
    std::fs::remove_dir_all(&failure.workspace).unwrap();
    failure
}

#[test]
fn import_by_identity_query_and_generated_configuration_pass() {
    let a = json!({"name": "a"});
    Test::new(&provider())
        .requires_terraform(1, 12)
        .step(
            Step::config(NOTES)
                .check(state::identity("notes_note.a", a.clone()))
                .check(state::identity_value("notes_note.b", ".name").equals("b"))
                .check(state::identity_matches_value(
                    "notes_note.b",
                    ".name",
                    ".name",
                )),
        )
        .step(Step::import_by_identity("notes_note.a"))
        .step(Step::import("notes_note.b", "b").by_import_block())
        .step(
            Step::import_by_given_identity("notes_note.c", json!({"name": "b"}))
                .using_config(|_| String::new())
                .generate_config()
                .expect_generated_config(r#"text\s+= "second""#)
                .no_verify()
                .check(state::identity("notes_note.c", json!({"name": "b"}))),
        )
        .step(
            Step::query(list(true))
                .query_check(query::length(LIST, 2))
                .query_check(query::display_names(LIST, &["a", "b"]))
                .query_check(query::identity(LIST, a.clone()))
                .query_check(query::value(LIST, a, ".text").equals("first")),
        )
        .step(
            Step::query(list(false))
                .generate_config()
                .check(state::value("notes_note.all_1", ".text").equals("second")),
        )
        .run();
}

/// The failures of import steps, each naming the step, the check and what was found.
#[test]
fn import_step_failures_are_reported() {
    let Some(tf) = terraform_at_least(1, 12) else {
        return;
    };
    // Nothing to read an identity from.
    let failure = failure_of(
        Test::new(&provider())
            .step(Step::config(""))
            .step(Step::import_by_identity("notes_note.a")),
        "identity_missing",
        tf,
    );
    assert_eq!(failure.step, Some(2));
    assert_eq!(
        failure.check,
        "the identity to import is read from the state"
    );
    assert_eq!(failure.found, "there is no notes_note.a in the state");

    let failure = failure_of(
        Test::new(&provider())
            .step(Step::config(NOTES))
            .step(Step::import_by_given_identity("notes_note.a", json!("a"))),
        "identity_not_an_object",
        tf,
    );
    assert_eq!(failure.check, "the identity to import is a JSON object");
    assert_eq!(
        failure.found,
        "an identity is a JSON object of attributes, not \"a\""
    );

    // The identity names another note: the imported values and identity differ.
    let failure = failure_of(
        Test::new(&provider()).step(Step::config(NOTES)).step(
            Step::import_by_given_identity("notes_note.a", json!({"name": "b"}))
                .using_config(|_| NOTES.replace("text = \"first\"", "text = \"second\"")),
        ),
        "identity_differs",
        tf,
    );
    assert_eq!(
        failure.check,
        "the plan imports notes_note.a and changes nothing (a no-op import)"
    );
    assert_eq!(failure.found, "notes_note.a: imported, then delete, create");
    assert!(
        failure
            .step_summary
            .contains(r#"import block: notes_note.a from identity {"name":"b"}"#),
        "{}",
        failure.step_summary
    );
    // The report shows the import block the step wrote, beside its configuration.
    assert_eq!(failure.files.len(), 1, "{:?}", failure.files);
    assert_eq!(failure.files[0].0, "import.tf");
    assert!(
        failure.files[0].1.contains("notes_note.a") && failure.to_string().contains("import.tf:\n"),
        "{failure}"
    );

    let failure = failure_of(
        Test::new(&provider())
            .step(Step::config(""))
            .step(Step::import_by_given_identity("notes_note.a", json!({"name": "a"})).persist()),
        "persist_by_identity",
        tf,
    );
    assert_eq!(
        failure.check,
        "an import into the test's own state (persist) uses `terraform import`"
    );

    // A configuration that already declares the resource: nothing is generated.
    let failure = failure_of(
        Test::new(&provider())
            .step(Step::config(NOTES))
            .step(Step::import_by_identity("notes_note.a").generate_config()),
        "nothing_generated",
        tf,
    );
    assert_eq!(
        failure.check,
        "Terraform generates the configuration of what it imports"
    );
    assert!(
        failure.found.starts_with("there is no generated.tf (")
            && failure
                .found
                .ends_with("): does the step's configuration already declare it?"),
        "{}",
        failure.found
    );

    let failure = failure_of(
        Test::new(&provider()).step(Step::config(NOTES)).step(
            Step::import("notes_note.c", "a")
                .using_config(|_| String::new())
                .expect_generated_config(r#"text\s+= "third""#)
                .no_verify(),
        ),
        "generated_mismatch",
        tf,
    );
    assert!(
        failure
            .found
            .starts_with("the generated configuration does not match /text\\s+= \"third\"/:\n"),
        "{}",
        failure.found
    );
    assert!(
        failure
            .to_string()
            .contains("configuration (main.tf): empty\nimport.tf:\n"),
        "{failure}"
    );

    let failure = failure_of(
        Test::new(&provider())
            .step(Step::config(NOTES).check(state::identity("notes_note.a", json!({"name": "z"})))),
        "identity_check",
        tf,
    );
    assert_eq!(
        failure.check,
        r#"the identity of notes_note.a is {"name":"z"}"#
    );
    assert_eq!(failure.found, r#"found {"name":"a"}"#);
}

/// The failures of query steps.
#[test]
fn query_step_failures_are_reported() {
    let Some(tf) = terraform_at_least(1, 14) else {
        return;
    };
    let failure = failure_of(
        Test::new(&provider())
            .step(Step::config(NOTES))
            .step(Step::query(list(false)).query_check(query::length(LIST, 3))),
        "query_length",
        tf,
    );
    assert_eq!(failure.step, Some(2));
    assert_eq!(failure.step_summary, "terraform query");
    assert_eq!(failure.check, "list.notes_note.all lists 3 results");
    assert_eq!(failure.found, r#"it listed 2: ["a", "b"]"#);
    let report = failure.to_string();
    assert!(report.contains("$ terraform query -json"), "{report}");

    let failure = failure_of(
        Test::new(&provider()).step(Step::config(NOTES)).step(
            Step::query(list(false))
                .query_check(query::value(LIST, json!({"name": "a"}), ".text").equals("first")),
        ),
        "query_without_values",
        tf,
    );
    assert_eq!(
        failure.found,
        "the result has no values: the list block needs `include_resource = true`"
    );

    // A `list` block Terraform refuses: the query fails, and that is reported.
    let failure = failure_of(
        Test::new(&provider())
            .step(Step::config(NOTES))
            .step(Step::query(
                list(false).replace("config {}", "config {\n    nope = 1\n  }"),
            )),
        "query_fails",
        tf,
    );
    assert_eq!(failure.check, "terraform query succeeds");
    let report = failure.to_string();
    assert!(report.contains("Unsupported argument"), "{report}");
    assert!(
        report.contains("--- step.tfquery.hcl\n    1 | list \"notes_note\" \"all\" {"),
        "{report}"
    );

    // An expected error that does not come.
    let failure = failure_of(
        Test::new(&provider())
            .step(Step::config(NOTES))
            .step(Step::query(list(false)).expect_error("nothing like this")),
        "query_error_missing",
        tf,
    );
    assert_eq!(
        failure.check,
        "the step fails with an error matching /nothing like this/"
    );
}

/// Query checks and generated configuration given to a configuration step fail it.
#[test]
fn checks_given_to_a_step_of_another_kind_fail_it() {
    let Some(tf) = terraforms().first() else {
        return;
    };
    let failure = failure_of(
        Test::new(&provider()).step(Step::config(NOTES).query_check(query::length(LIST, 2))),
        "misplaced_query_check",
        tf,
    );
    assert_eq!(failure.check, "the step's checks suit its kind");
    assert_eq!(
        failure.found,
        "the query check `list.notes_note.all lists 2 results` was given to a step that \
         does not query"
    );
    let failure = failure_of(
        Test::new(&provider()).step(Step::refresh().generate_config()),
        "misplaced_generate",
        tf,
    );
    assert_eq!(
        failure.found,
        "generate_config was given to a step that neither imports nor queries"
    );
}
