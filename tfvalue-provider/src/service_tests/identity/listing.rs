//! List resources in process: listings of the `test_server` fleet stream their objects,
//! stop at the limit or when nobody reads, and end with an error event when they fail.

use tokio_stream::StreamExt as _;

use super::*;
use crate::ConfigureRequest;

/// A listing of `test_server` objects by `svc`: its stream of events.
async fn listing<P: Provider>(
    svc: &ProviderService<P>,
    query: Value,
    include: bool,
    limit: i64,
) -> crate::protocol::convert::to_proto::ListEventStream {
    svc.list_resource(Request::new(pb::list_resource::Request {
        type_name: "test_server".into(),
        config: Some(msgpack(&query, ServerQuery::schema().object_type())),
        include_resource_object: include,
        limit,
    }))
    .await
    .unwrap()
    .into_inner()
}

/// Every event of a listing of `test_server` objects.
async fn list<P: Provider>(
    svc: &ProviderService<P>,
    query: Value,
    include: bool,
    limit: i64,
) -> Vec<pb::list_resource::Event> {
    let stream = listing(svc, query, include, limit).await;
    stream.collect::<Result<_, _>>().await.unwrap()
}

fn query(prefix: Option<&str>, fail_after: Option<i64>) -> Value {
    Value::object([
        (
            "fail_after",
            fail_after.map_or_else(null_n, |n| Value::Number(n.into())),
        ),
        ("prefix", prefix.map_or_else(null_s, s)),
    ])
}

#[tokio::test]
async fn a_listing_streams_identities_states_and_stops_at_the_limit() {
    let svc = configured().await;
    for name in ["web-1", "web-2", "db", "web-3"] {
        create(&svc, name).await;
    }
    let events = list(&svc, query(Some("web"), None), true, 100).await;
    let names: Vec<&str> = events.iter().map(|e| e.display_name.as_str()).collect();
    assert_eq!(names, ["web-1", "web-2", "web-3"]);
    assert_eq!(
        identity_of(&events[1].identity),
        identity_of(&Some(identity("web-2", Some("a"))))
    );
    let state = decode_as(events[0].resource_object.as_ref(), server_type());
    assert_eq!(state.attr("id"), Some(&s("s-1")));

    let events = list(&svc, query(None, None), false, 2).await;
    assert_eq!(events.len(), 2, "the limit");
    assert!(events
        .iter()
        .all(|e| e.resource_object.is_none() && e.identity.is_some()));
    assert!(list(&svc, query(None, None), true, 0).await.is_empty());
}

#[tokio::test]
async fn listing_errors_arrive_as_the_last_event_at_the_config_attribute() {
    let svc = configured().await;
    for name in ["a", "b", "c"] {
        create(&svc, name).await;
    }
    let events = list(&svc, query(None, Some(2)), true, 100).await;
    assert_eq!(events.len(), 3);
    assert_eq!(
        errors(&events[2].diagnostic),
        [".fail_after: Listing failed"]
    );
    assert!(events[2].identity.is_none());

    // A configuration that does not decode, and an unconfigured provider.
    let stream = svc
        .list_resource(Request::new(pb::list_resource::Request {
            type_name: "test_server".into(),
            config: garbage(),
            include_resource_object: false,
            limit: 10,
        }))
        .await
        .unwrap()
        .into_inner();
    let events: Vec<_> = stream.collect::<Result<_, _>>().await.unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(errors(&events[0].diagnostic), [": Invalid configuration"]);
    let events = list(&fleet(), query(None, None), true, 10).await;
    assert_eq!(errors(&events[0].diagnostic), [": Provider not configured"]);

    let validated = svc
        .validate_list_resource_config(Request::new(pb::validate_list_resource_config::Request {
            type_name: "test_server".into(),
            config: Some(msgpack(
                &query(Some("x"), None),
                ServerQuery::schema().object_type(),
            )),
            include_resource_object: None,
            limit: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(validated.diagnostics.is_empty());
}

/// A listing whose reader goes away stops at its next push; the service goes on.
#[tokio::test]
async fn a_listing_nobody_reads_any_more_ends() {
    let svc = configured().await;
    for n in 0..(crate::engine::list::LIST_BUFFER * 3) {
        create(&svc, &format!("s{n}")).await;
    }
    let mut stream = listing(&svc, query(None, None), true, 1000).await;
    let first = stream.next().await.unwrap().unwrap();
    assert_eq!(first.display_name, "s0");
    drop(stream);
    let events = list(&svc, query(Some("s1"), None), false, 1000).await;
    assert!(!events.is_empty());
}

/// A list resource that panics fails its listing with an error event; the objects found
/// before stay listed.
#[tokio::test]
async fn a_panicking_listing_ends_with_an_error_event() {
    inert_resource!(Panicky, Server, Fleet);
    impl ResourceIdentity for Panicky {
        type Identity = ServerIdentity;
    }
    impl ListResource for Panicky {
        type ListConfig = ServerQuery;
        async fn list(
            &self,
            ctx: &mut Context<Fleet>,
            _: ServerQuery,
            results: &mut ListResults<Server, ServerIdentity>,
        ) -> Result<(), Diagnostics> {
            let found = server("s-1", "first", "a");
            let identity = self.identity(ctx, &found)?;
            results.push(Listed::new(identity, "first")).await?;
            panic!("the fleet API changed");
        }
    }
    struct PanickyProvider;
    impl Provider for PanickyProvider {
        type Config = Config;
        type Data = Fleet;
        fn register(&self, registry: &mut impl Registry<Fleet>) {
            registry.resource("test_server", Panicky).with_list();
        }
        async fn configure(
            &self,
            _: &mut Context<Fleet>,
            _: ConfigureRequest<Config>,
        ) -> Result<Fleet, Diagnostics> {
            Ok(Fleet::default())
        }
    }
    let svc = ProviderService::new(PanickyProvider).unwrap();
    let events = list(&svc, query(None, None), false, 10).await;
    assert_eq!(events.len(), 2);
    assert_eq!(events[0].display_name, "first");
    let shown = shown(&events[1].diagnostic);
    assert_eq!(
        shown,
        ["error: The provider failed: The provider panicked in ListResource: the fleet API changed. This is a bug in the provider."]
    );
}
