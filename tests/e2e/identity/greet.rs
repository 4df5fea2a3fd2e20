//! A small in-memory provider whose identities are made only of configured attributes,
//! as a new user writes one: `greet_message` (identity: its `name`, whose change replaces
//! the message) and `greet_label` (the same, but its author forgot to make a new name
//! replace it: the framework must refuse to update it in place). Its `timeouts` block has
//! no doc comment, as a new user writes it.

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

use tfvalue::{TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostic, Diagnostics,
    Model, Provider, ReadRequest, Registry, Resource, ResourceIdentity, Timeouts, UpdateRequest,
};

/// The provider's address in the tests.
pub const ADDRESS: &str = "example.com/tfvalue/greet";

/// The provider block: nothing to configure.
#[derive(TfSchema, Debug)]
pub struct Config {}

/// A message, kept by name (`greet_message`).
#[derive(TfSchema, Debug, Clone)]
pub struct Message {
    /// The message's name: its identity.
    #[tf(requires_replace)]
    pub name: Unknown<String>,
    /// The message's text.
    pub text: Unknown<String>,
    #[tf(block)]
    pub timeouts: Option<Timeouts>,
}

/// A label (`greet_label`): a message whose author forgot to make a new name replace it.
#[derive(TfSchema, Debug, Clone)]
pub struct Label {
    /// The label's name: its identity.
    pub name: Unknown<String>,
    /// The label's text.
    pub text: Unknown<String>,
    #[tf(block)]
    pub timeouts: Option<Timeouts>,
}

impl From<Label> for Message {
    fn from(label: Label) -> Message {
        Message {
            name: label.name,
            text: label.text,
            timeouts: label.timeouts,
        }
    }
}

impl From<Message> for Label {
    fn from(message: Message) -> Label {
        Label {
            name: message.name,
            text: message.text,
            timeouts: message.timeouts,
        }
    }
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
            .resource("greet_message", Messages::<Message>::new())
            .with_identity();
        registry
            .resource("greet_label", Messages::<Label>::new())
            .with_identity();
    }

    async fn configure(
        &self,
        _: &mut Context<Arc<Store>>,
        _: ConfigureRequest<Config>,
    ) -> Result<Arc<Store>, Diagnostics> {
        Ok(Arc::clone(&self.store))
    }
}

/// `greet_message` (model [`Message`]: a change of `name` replaces the message) and
/// `greet_label` (model [`Label`]: updated in place, name and all). Both keep their
/// objects as messages.
pub struct Messages<M>(PhantomData<fn() -> M>);

impl<M> Messages<M> {
    /// The resource type of model `M`.
    pub fn new() -> Self {
        Messages(PhantomData)
    }
}

fn known(value: &Unknown<String>, what: &str) -> Result<String, Diagnostic> {
    value
        .as_known()
        .cloned()
        .ok_or_else(|| Diagnostic::error(format!("Unknown {what}")))
}

impl<M> Resource for Messages<M>
where
    M: Model + From<Message> + Into<Message>,
{
    type Model = M;
    type Data = Arc<Store>;

    async fn create(
        &self,
        ctx: &mut Context<Arc<Store>>,
        request: CreateRequest<M>,
    ) -> Result<M, ApplyError<M>> {
        let planned: Message = request.planned.into();
        let name = known(&planned.name, "name")?;
        let text = known(&planned.text, "text")?;
        let mut messages = ctx.data()?.messages.lock().unwrap();
        if messages.contains_key(&name) {
            return Err(Diagnostic::error("Message exists")
                .with_detail(format!("A message named {name:?} exists already."))
                .into());
        }
        messages.insert(name, text);
        Ok(planned.into())
    }

    async fn read(
        &self,
        ctx: &mut Context<Arc<Store>>,
        request: ReadRequest<M>,
    ) -> Result<Option<M>, Diagnostics> {
        let state: Message = request.state.into();
        let name = known(&state.name, "name")?;
        let messages = ctx.data()?.messages.lock().unwrap();
        Ok(messages.get(&name).map(|text| {
            Message {
                name: Unknown::known(name.clone()),
                text: Unknown::known(text.clone()),
                timeouts: state.timeouts,
            }
            .into()
        }))
    }

    async fn update(
        &self,
        ctx: &mut Context<Arc<Store>>,
        request: UpdateRequest<M>,
    ) -> Result<M, ApplyError<M>> {
        let (prior, planned): (Message, Message) = (request.prior.into(), request.planned.into());
        let old = known(&prior.name, "name")?;
        let name = known(&planned.name, "name")?;
        let text = known(&planned.text, "text")?;
        let mut messages = ctx.data()?.messages.lock().unwrap();
        messages.remove(&old);
        messages.insert(name, text);
        Ok(planned.into())
    }

    async fn delete(
        &self,
        ctx: &mut Context<Arc<Store>>,
        request: DeleteRequest<M>,
    ) -> Result<(), ApplyError<M>> {
        let prior: Message = request.prior.into();
        let name = known(&prior.name, "name")?;
        ctx.data()?.messages.lock().unwrap().remove(&name);
        Ok(())
    }
}

impl<M> ResourceIdentity for Messages<M>
where
    M: Model + From<Message> + Into<Message>,
{
    type Identity = NameIdentity;
}
