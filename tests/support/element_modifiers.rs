//! `terraform-provider-elementmodifiers`: a provider whose resource holds a SET nested
//! attribute and a SET block of objects known by a declared `element_key`, each with a
//! computed `id` kept by `use_state_for_unknown` and a `size` that `requires_replace`, for
//! the end-to-end test that adding an element plans only the new element's id "known after
//! apply" (`tests/e2e/element_modifiers.rs`).

use std::process::ExitCode;

use tfvalue::{Nullable, Set, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostics, Provider,
    ReadRequest, Registry, Resource, UpdateRequest,
};

/// The provider block: nothing to configure.
#[derive(TfSchema)]
struct Config {}

/// `elementmodifiers_pool`: a pool of volumes (a nested attribute) and disks (blocks).
#[derive(TfSchema)]
struct Pool {
    /// The pool's name.
    name: Unknown<String>,
    /// The pool's volumes.
    #[tf(nested(set))]
    volumes: Unknown<Nullable<Set<Member>>>,
    /// The pool's disks.
    #[tf(block(set))]
    disk: Unknown<Set<Member>>,
}

/// A volume or disk, known by its name.
#[derive(TfSchema)]
struct Member {
    /// Its name, which identifies it among the others.
    #[tf(element_key)]
    name: Unknown<String>,
    /// Its size; another size is another member.
    #[tf(optional, requires_replace)]
    size: Unknown<Nullable<i64>>,
    /// Assigned when it is created, then kept.
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<Nullable<String>>,
}

struct ElementModifiers;
struct Pools;

/// `members` with an id assigned to each whose id is planned unknown, from its name and
/// the pool's generation, so that a member given another's id would be seen.
fn assign(members: &mut Set<Member>, generation: usize) {
    let assigned: Set<Member> = std::mem::take(members)
        .into_iter()
        .map(|mut member| {
            if member.id.is_unknown() {
                let name = member.name.as_known().cloned().unwrap_or_default();
                member.id = Unknown::known(Nullable::Value(format!("{name}-{generation}")));
            }
            member
        })
        .collect();
    *members = assigned;
}

/// `pool` as applied: ids assigned, `generation` being the number of members it had.
fn applied(mut pool: Pool, generation: usize) -> Pool {
    if let Some(Nullable::Value(volumes)) = pool.volumes.as_known_mut() {
        assign(volumes, generation);
    }
    if let Some(disks) = pool.disk.as_known_mut() {
        assign(disks, generation);
    }
    pool
}

/// The number of members of `pool`.
fn members(pool: &Pool) -> usize {
    let volumes = match pool.volumes.as_known() {
        Some(Nullable::Value(v)) => v.len(),
        _ => 0,
    };
    volumes + pool.disk.as_known().map_or(0, Set::len)
}

impl Provider for ElementModifiers {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("elementmodifiers_pool", Pools);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

impl Resource for Pools {
    type Model = Pool;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Pool>,
    ) -> Result<Pool, ApplyError<Pool>> {
        Ok(applied(request.planned, 0))
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Pool>,
    ) -> Result<Option<Pool>, Diagnostics> {
        Ok(Some(request.state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Pool>,
    ) -> Result<Pool, ApplyError<Pool>> {
        let generation = members(&request.prior);
        Ok(applied(request.planned, generation))
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Pool>,
    ) -> Result<(), ApplyError<Pool>> {
        Ok(())
    }
}

fn main() -> ExitCode {
    tfvalue_provider::serve(ElementModifiers)
}
