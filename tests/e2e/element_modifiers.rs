//! End to end, plan modifiers inside the elements of a SET: the provider
//! `elementmodifiers` has a resource whose volumes (a SET nested attribute) and disks (a
//! SET block) are known by their declared `element_key`, `name`, and keep their computed
//! `id` with `use_state_for_unknown`. Adding a volume and a disk plans only the new
//! elements' ids "known after apply"; the others show the ids they have, and the apply
//! keeps them (Terraform refuses an apply that changes a planned known value). A changed
//! `size` of one element replaces the pool. Every Terraform found runs the steps.

use tfvalue_testing::plan::{self, Action};
use tfvalue_testing::serde_json::Value as Json;
use tfvalue_testing::{Step, Test, TestProvider};

fn provider() -> TestProvider {
    TestProvider::binary(
        "example.com/tfvalue/elementmodifiers",
        env!("CARGO_BIN_EXE_terraform-provider-elementmodifiers"),
    )
}

/// A pool with the volumes and disks named, each `name = size`.
fn pool(volumes: &[(&str, i64)], disks: &[(&str, i64)]) -> String {
    let volumes: Vec<String> = volumes
        .iter()
        .map(|(name, size)| format!("    {{ name = \"{name}\", size = {size} }},\n"))
        .collect();
    let disks: Vec<String> = disks
        .iter()
        .map(|(name, size)| format!("  disk {{\n    name = \"{name}\"\n    size = {size}\n  }}\n"))
        .collect();
    format!(
        "resource \"elementmodifiers_pool\" \"p\" {{\n  name = \"p\"\n  volumes = [\n{}  ]\n{}}}\n",
        volumes.concat(),
        disks.concat()
    )
}

/// What the plan says of the id of each element of `collection`: its value, or `"?"`
/// when it is known after apply; sorted by element name.
fn planned_ids(plan: &Json, collection: &str) -> Result<Vec<(String, String)>, String> {
    let change = plan["resource_changes"]
        .as_array()
        .and_then(|all| {
            all.iter()
                .find(|c| c["address"] == "elementmodifiers_pool.p")
        })
        .map(|c| &c["change"])
        .ok_or("the plan has no change of elementmodifiers_pool.p")?;
    let after = change["after"][collection]
        .as_array()
        .ok_or_else(|| format!("no {collection} in {}", change["after"]))?;
    let unknown = change["after_unknown"][collection].as_array();
    let mut ids: Vec<(String, String)> = after
        .iter()
        .enumerate()
        .map(|(i, element)| {
            let name = element["name"].as_str().unwrap_or("").to_owned();
            let is_unknown = unknown
                .and_then(|u| u.get(i))
                .is_some_and(|u| u["id"] == Json::Bool(true));
            let id = match (&element["id"], is_unknown) {
                (_, true) => "?".to_owned(),
                (Json::String(id), false) => id.clone(),
                (other, false) => other.to_string(),
            };
            (name, id)
        })
        .collect();
    ids.sort();
    Ok(ids)
}

/// The plan's ids of `collection` are `expected` (`(name, id)`, `"?"` for unknown).
fn ids_are(
    collection: &'static str,
    expected: &'static [(&'static str, &'static str)],
) -> plan::PlanCheck {
    plan::custom(
        &format!("the planned ids of {collection} are {expected:?}"),
        move |plan| {
            let found = planned_ids(plan, collection)?;
            let wanted: Vec<(String, String)> = expected
                .iter()
                .map(|(n, i)| ((*n).to_owned(), (*i).to_owned()))
                .collect();
            if found == wanted {
                Ok(())
            } else {
                Err(format!("the plan has {found:?}"))
            }
        },
    )
}

#[test]
fn adding_a_set_element_keeps_the_others_computed_ids_known() {
    let address = "elementmodifiers_pool.p";
    Test::new(&provider())
        .step(
            Step::config(pool(&[("a", 1), ("b", 2)], &[("x", 10)]))
                .plan_check(plan::creates(address)),
        )
        .step(
            Step::config(pool(
                &[("a", 1), ("b", 2), ("c", 3)],
                &[("x", 10), ("y", 20)],
            ))
            .plan_check(plan::expect(address, Action::Update))
            .plan_check(ids_are(
                "volumes",
                &[("a", "a-0"), ("b", "b-0"), ("c", "?")],
            ))
            .plan_check(ids_are("disk", &[("x", "x-0"), ("y", "?")])),
        )
        .step(
            // The new elements got the ids of the update (generation 3: three members
            // before it); removing one keeps the rest as they are.
            Step::config(pool(&[("a", 1), ("c", 3)], &[("x", 10), ("y", 20)]))
                .plan_check(plan::expect(address, Action::Update))
                .plan_check(ids_are("volumes", &[("a", "a-0"), ("c", "c-3")]))
                .plan_check(ids_are("disk", &[("x", "x-0"), ("y", "y-3")])),
        )
        .step(
            Step::config(pool(&[("a", 5), ("c", 3)], &[("x", 10), ("y", 20)]))
                .plan_check(plan::replaces(address)),
        )
        .run();
}
