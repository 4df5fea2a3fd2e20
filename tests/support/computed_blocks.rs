//! `terraform-provider-computedblocks`: a provider with a computed block (Terraform 1.16's
//! `Block.computed`), for the end-to-end test that a Terraform without computed blocks is
//! told which block needs Terraform 1.16 (`tests/e2e/computed_blocks.rs`).

use std::process::ExitCode;

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostics, Provider,
    ReadRequest, Registry, Resource, UpdateRequest,
};

/// The provider block: nothing to configure.
#[derive(TfSchema)]
struct Config {}

/// `computedblocks_server`: a server whose network interfaces the provider assigns.
#[derive(TfSchema)]
struct Server {
    /// The server's name.
    name: Unknown<String>,
    /// The networks the server joins.
    #[tf(block)]
    network: Vec<Network>,
}

/// One network the server joins.
#[derive(TfSchema)]
struct Network {
    /// The network's address range.
    cidr: Unknown<String>,
    /// The interfaces the provider assigns on this network.
    #[tf(block, computed)]
    interface: Unknown<Nullable<Vec<Interface>>>,
}

/// An interface the provider assigns.
#[derive(TfSchema)]
struct Interface {
    /// Its hardware address.
    #[tf(computed)]
    mac: Unknown<Nullable<String>>,
}

struct ComputedBlocks;
struct Servers;

/// `server` with an interface assigned on each network whose interfaces are planned unknown.
fn assigned(mut server: Server) -> Server {
    for (i, network) in server.network.iter_mut().enumerate() {
        if network.interface.is_unknown() {
            let mac = format!("02:00:00:00:00:{i:02x}");
            network.interface = Unknown::known(Nullable::Value(vec![Interface {
                mac: Unknown::known(Nullable::Value(mac)),
            }]));
        }
    }
    server
}

impl Provider for ComputedBlocks {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("computedblocks_server", Servers);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

impl Resource for Servers {
    type Model = Server;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        Ok(assigned(request.planned))
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Server>,
    ) -> Result<Option<Server>, Diagnostics> {
        Ok(Some(request.state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        Ok(assigned(request.planned))
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Server>,
    ) -> Result<(), ApplyError<Server>> {
        Ok(())
    }
}

fn main() -> ExitCode {
    tfvalue_provider::serve(ComputedBlocks)
}
