//! A small in-memory provider whose identities are made only of configured attributes,
//! as a new user writes one: `greet_message` (identity: its `name`, whose change replaces
//! the message) and `greet_label` (the same, but its author forgot to make a new name
//! replace it: the framework must refuse to update it in place). Its `timeouts` block has
//! no doc comment, as a new user writes it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use tfvalue::path::AttributePath;
use tfvalue::{TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, Context, Diagnostic, Diagnostics, Provider, Registry, Resource, ResourceIdentity,
    Timeouts,
};

/// The provider's address in the tests.
pub const ADDRESS: &str = "example.com/tfvalue/greet";

/// The provider block: nothing to configure.
#[derive(TfSchema, Debug)]
pub struct Config {}

/// A message, kept by name.
#[derive(TfSchema, Debug, Clone)]
pub struct Message {
    /// The message's name: its identity.
    pub name: Unknown<String>,
    /// The message's text.
    pub text: Unknown<String>,
    #[tf(block)]
    pub timeouts: Option<Timeouts>,
}

/// The identity of a message (and of a label): its name.
#[derive(TfSchema, Debug, Clone, PartialEq)]
pub struct NameIdentity {
    /// The name.
    pub name: String,
}

/// Messages by name: what the provider's remote system holds. Terraform configures the
/// provider anew for each command; the store outlives them, as a remote system does.
#[derive(Default)]
pub struct Store {
    messages: Mutex<BTreeMap<String, String>>,
}

/// The provider, with its store.
#[derive(Default)]
pub struct Greet {
    store: Arc<Store>,
}

impl Provider for Greet {
    type Config = Config;
    type Data = Arc<Store>;

    fn register(&self, registry: &mut impl Registry<Arc<Store>>) {
        registry
            .resource_with_identity("greet_message", Messages { replace: true })
            .resource_with_identity("greet_label", Messages { replace: false });
    }

    async fn configure(
        &self,
        _: &mut Context<Arc<Store>>,
        _: &str,
        _: Config,
    ) -> Result<Arc<Store>, Diagnostics> {
        Ok(Arc::clone(&self.store))
    }
}

/// `greet_message` (`replace`: a change of `name` replaces the message) and `greet_label`
/// (updated in place, name and all).
pub struct Messages {
    replace: bool,
}

fn known(value: &Unknown<String>, what: &str) -> Result<String, Diagnostic> {
    value
        .as_known()
        .cloned()
        .ok_or_else(|| Diagnostic::error(format!("Unknown {what}")))
}

impl Resource for Messages {
    type Model = Message;
    type Data = Arc<Store>;

    async fn create(
        &self,
        ctx: &mut Context<Arc<Store>>,
        planned: Message,
        _: Message,
    ) -> Result<Message, ApplyError<Message>> {
        let name = known(&planned.name, "name")?;
        let text = known(&planned.text, "text")?;
        let mut messages = ctx.data()?.messages.lock().unwrap();
        if messages.contains_key(&name) {
            return Err(Diagnostic::error("Message exists")
                .with_detail(format!("A message named {name:?} exists already."))
                .into());
        }
        messages.insert(name, text);
        Ok(planned)
    }

    async fn read(
        &self,
        ctx: &mut Context<Arc<Store>>,
        current: Message,
    ) -> Result<Option<Message>, Diagnostics> {
        let name = known(&current.name, "name")?;
        let messages = ctx.data()?.messages.lock().unwrap();
        Ok(messages.get(&name).map(|text| Message {
            name: Unknown::known(name.clone()),
            text: Unknown::known(text.clone()),
            timeouts: current.timeouts,
        }))
    }

    async fn update(
        &self,
        ctx: &mut Context<Arc<Store>>,
        prior: Message,
        planned: Message,
        _: Message,
    ) -> Result<Message, ApplyError<Message>> {
        let old = known(&prior.name, "name")?;
        let name = known(&planned.name, "name")?;
        let text = known(&planned.text, "text")?;
        let mut messages = ctx.data()?.messages.lock().unwrap();
        messages.remove(&old);
        messages.insert(name, text);
        Ok(planned)
    }

    async fn delete(
        &self,
        ctx: &mut Context<Arc<Store>>,
        prior: Message,
    ) -> Result<(), ApplyError<Message>> {
        let name = known(&prior.name, "name")?;
        ctx.data()?.messages.lock().unwrap().remove(&name);
        Ok(())
    }

    fn requires_replace(&self) -> Vec<AttributePath> {
        if self.replace {
            vec![AttributePath::root().attr("name")]
        } else {
            Vec::new()
        }
    }
}

impl ResourceIdentity for Messages {
    type Identity = NameIdentity;
}
