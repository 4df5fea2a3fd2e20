//! Query steps: `terraform query` with a `.tfquery.hcl` file of `list` blocks (Terraform
//! 1.14 and later), then [`query`](crate::query) checks of what it listed.

use crate::query::QueryCheck;
use crate::step::{Config, Kind, Step};

/// The Terraform release that runs `terraform query`.
pub(crate) const QUERY_RELEASE: (u64, u64) = (1, 14);

impl Step {
    /// A step that runs `terraform query` with `hcl` as its `.tfquery.hcl` file (`list`
    /// blocks), beside the configuration of the step before (or its own,
    /// [`Step::using_config`]), in a directory of its own: the test's state is not touched.
    /// Then its [`Step::query_check`]s run on the results. With [`Step::generate_config`]
    /// Terraform also writes the configuration that imports every result, which must then
    /// plan as imports that change nothing; that plan is applied into the step's own state,
    /// where the step's state checks ([`Step::check`], [`Step::check_with`]) run.
    ///
    /// `terraform query` needs Terraform 1.14 or later: with an older one the step is
    /// skipped, saying so on stderr. A failure of the query (a provider's error diagnostic)
    /// is matched by [`Step::expect_error`] against the readable text of its JSON lines.
    ///
    /// ```no_run
    /// # fn provider() -> tfvalue_testing::TestProvider { unimplemented!() }
    /// use tfvalue_testing::serde_json::json;
    /// use tfvalue_testing::{query, Step, Test};
    ///
    /// const LIST: &str = "list.localfs_file.etc";
    /// Test::new(&provider())
    ///     .step(Step::config(r#"resource "localfs_file" "app" {
    ///       path    = "etc/app.conf"
    ///       content = "name = app\n"
    ///     }"#))
    ///     .step(
    ///         Step::query(r#"list "localfs_file" "etc" {
    ///           provider         = localfs
    ///           include_resource = true
    ///           config {
    ///             directory = "etc"
    ///           }
    ///         }"#)
    ///             .query_check(query::length(LIST, 1))
    ///             .query_check(query::display_names(LIST, &["etc/app.conf"]))
    ///             .query_check(
    ///                 query::value(LIST, json!({"path": "etc/app.conf", "root": "/srv"}), ".content")
    ///                     .equals("name = app\n"),
    ///             ),
    ///     )
    ///     .run();
    /// ```
    pub fn query(hcl: impl Into<String>) -> Step {
        Step::with_kind(
            Kind::Query {
                hcl: hcl.into(),
                checks: Vec::new(),
                generate: None,
            },
            Config::Previous,
        )
        .requires_terraform(QUERY_RELEASE.0, QUERY_RELEASE.1)
    }

    /// A check of what a query step ([`Step::query`]) listed; see [`crate::query`]. Given to
    /// a step of another kind, it fails that step, saying so.
    pub fn query_check(mut self, check: QueryCheck) -> Step {
        match &mut self.kind {
            Kind::Query { checks, .. } => checks.push(check),
            _ => self.misplaced(format!(
                "the query check `{}` was given to a step that does not query",
                check.description()
            )),
        }
        self
    }

    /// Fails the step (as one of its own checks), `found` saying what it was given that
    /// its kind cannot use.
    pub(crate) fn misplaced(&mut self, found: String) {
        self.custom_checks.push((
            "the step's checks suit its kind".to_owned(),
            Box::new(move |_, _| Err(found.clone())),
        ));
    }
}
