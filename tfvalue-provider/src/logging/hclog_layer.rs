//! [`HclogLayer`]: a `tracing` layer that writes every event as one line of go-hclog's
//! JSON, which go-plugin (in Terraform) reads from a provider's stderr.
//!
//! go-plugin parses each stderr line as a JSON object: `@level` becomes the line's level
//! in Terraform's log (so `TF_LOG=WARN` keeps the provider's warnings and errors),
//! `@message` its text, `@timestamp` its time, and every other key a `key=value` pair,
//! `@module` among them. A line that is not such an object is logged at DEBUG whatever it
//! says, and is dropped below `TF_LOG=DEBUG`.

use std::io::{self, Write};
use std::time::SystemTime;

use serde_json::{Map, Number, Value as Json};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::registry::LookupSpan;

use super::module_for_target;
use super::timestamp::timestamp;

/// A `tracing` [`Layer`] writing each event as one go-hclog JSON line, the format
/// Terraform reads from a provider's stderr (see the crate's "Logging" section).
///
/// A line carries `@level` (`trace`, `debug`, `info`, `warn` or `error`), `@message`,
/// `@module` (`provider` for the provider's own events, `sdk.proto` and `sdk.framework`
/// for this crate's, `sdk.transport` for the gRPC and TLS libraries'), `@timestamp`
/// (`2026-11-25T12:00:00.123456Z`), `@caller` (file and line) and the event's fields
/// together with those of every span it is in (a field of the event wins over a span's
/// of the same name, an inner span's over an outer one's). Keys are written sorted, as
/// go-hclog writes them.
///
/// [`serve`](crate::serve) installs it (with the level from `TF_LOG_PROVIDER` or
/// `TF_LOG`) when no subscriber is installed yet; a provider that installs its own
/// subscriber can add it as a layer:
///
/// ```
/// use tracing_subscriber::layer::SubscriberExt as _;
///
/// let subscriber = tracing_subscriber::registry().with(tfvalue_provider::HclogLayer::new());
/// tracing::subscriber::with_default(subscriber, || tracing::warn!(path = "etc/motd", "file changed outside Terraform"));
/// ```
pub struct HclogLayer<W = fn() -> io::Stderr> {
    make_writer: W,
    clock: fn() -> SystemTime,
    caller: bool,
}

impl HclogLayer {
    /// A layer writing to stderr.
    pub fn new() -> Self {
        HclogLayer::with_writer(io::stderr as fn() -> io::Stderr)
    }
}

impl Default for HclogLayer {
    fn default() -> Self {
        HclogLayer::new()
    }
}

impl<W> HclogLayer<W>
where
    W: for<'w> MakeWriter<'w> + 'static,
{
    /// A layer writing each line, in one `write_all`, to a writer `make_writer` makes.
    pub fn with_writer(make_writer: W) -> Self {
        HclogLayer {
            make_writer,
            clock: SystemTime::now,
            caller: true,
        }
    }

    /// The same layer reading the time from `clock` and writing no `@caller`: lines
    /// that tests can compare byte for byte.
    #[cfg(test)]
    pub(crate) fn fixed(mut self, clock: fn() -> SystemTime) -> Self {
        self.clock = clock;
        self.caller = false;
        self
    }
}

/// The fields of a span, kept in its extensions for the events inside it.
struct SpanFields(Map<String, Json>);

impl<S, W> Layer<S> for HclogLayer<W>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    W: for<'w> MakeWriter<'w> + 'static,
{
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(id) else { return };
        let mut fields = Map::new();
        attrs.record(&mut JsonFields(&mut fields));
        span.extensions_mut().insert(SpanFields(fields));
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(id) else { return };
        let mut extensions = span.extensions_mut();
        if let Some(SpanFields(fields)) = extensions.get_mut::<SpanFields>() {
            values.record(&mut JsonFields(fields));
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let mut fields = Map::new();
        if let Some(scope) = ctx.event_scope(event) {
            for span in scope.from_root() {
                if let Some(SpanFields(own)) = span.extensions().get::<SpanFields>() {
                    fields.extend(own.iter().map(|(k, v)| (k.clone(), v.clone())));
                }
            }
        }
        let mut own = Map::new();
        event.record(&mut JsonFields(&mut own));
        let message = match own.remove("message") {
            Some(Json::String(text)) => text,
            Some(other) => other.to_string(),
            None => String::new(),
        };
        fields.extend(own);
        let metadata = event.metadata();
        let caller = self.caller.then(|| caller(metadata)).flatten();
        let line = hclog_line(
            &timestamp((self.clock)()),
            *metadata.level(),
            module_for_target(metadata.target()),
            &message,
            caller.as_deref(),
            fields,
        );
        // A log line that cannot be written has nowhere else to go.
        let _ = self
            .make_writer
            .make_writer_for(metadata)
            .write_all(line.as_bytes());
    }
}

/// `file:line` of an event's source, when known.
fn caller(metadata: &Metadata<'_>) -> Option<String> {
    Some(format!("{}:{}", metadata.file()?, metadata.line()?))
}

/// go-hclog's name of a level.
pub(crate) fn level_name(level: Level) -> &'static str {
    match level {
        Level::TRACE => "trace",
        Level::DEBUG => "debug",
        Level::INFO => "info",
        Level::WARN => "warn",
        Level::ERROR => "error",
    }
}

/// One log line, newline included: `fields` with the `@` keys added (they replace any
/// field of the same name), as a JSON object with sorted keys. JSON escapes every
/// control character, so the line never breaks.
pub(crate) fn hclog_line(
    timestamp: &str,
    level: Level,
    module: &str,
    message: &str,
    caller: Option<&str>,
    mut fields: Map<String, Json>,
) -> String {
    fields.insert("@level".into(), level_name(level).into());
    fields.insert("@message".into(), message.into());
    fields.insert("@module".into(), module.into());
    fields.insert("@timestamp".into(), timestamp.into());
    if let Some(caller) = caller {
        fields.insert("@caller".into(), caller.into());
    }
    let mut line = Json::Object(fields).to_string();
    line.push('\n');
    line
}

/// Records `tracing` fields as JSON values: numbers and booleans as such, everything else
/// (strings, `Debug` and `Display` values, errors) as strings.
struct JsonFields<'a>(&'a mut Map<String, Json>);

impl JsonFields<'_> {
    fn put(&mut self, field: &Field, value: Json) {
        self.0.insert(field.name().to_owned(), value);
    }
}

impl Visit for JsonFields<'_> {
    fn record_f64(&mut self, field: &Field, value: f64) {
        let json = Number::from_f64(value).map_or_else(|| value.to_string().into(), Json::Number);
        self.put(field, json);
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.put(field, value.into());
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.put(field, value.into());
    }

    fn record_i128(&mut self, field: &Field, value: i128) {
        let json = i64::try_from(value).map_or_else(|_| value.to_string().into(), Json::from);
        self.put(field, json);
    }

    fn record_u128(&mut self, field: &Field, value: u128) {
        let json = u64::try_from(value).map_or_else(|_| value.to_string().into(), Json::from);
        self.put(field, json);
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.put(field, value.into());
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.put(field, value.into());
    }

    fn record_error(&mut self, field: &Field, value: &(dyn std::error::Error + 'static)) {
        self.put(field, value.to_string().into());
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.put(field, format!("{value:?}").into());
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use tracing_subscriber::layer::SubscriberExt as _;

    use super::*;
    use crate::logging::captured::Lines;

    fn noon() -> SystemTime {
        UNIX_EPOCH + Duration::new(1_795_608_000, 123_456_789)
    }

    /// Runs `f` with a subscriber writing hclog lines to the returned text.
    fn logged(f: impl FnOnce()) -> String {
        let lines = Lines::default();
        let writer = lines.clone();
        let layer = HclogLayer::with_writer(move || writer.clone()).fixed(noon);
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::with_default(subscriber, f);
        lines.text()
    }

    #[test]
    fn a_line_is_sorted_json_with_the_at_keys() {
        let mut fields = Map::new();
        fields.insert("tf_rpc".into(), "ReadResource".into());
        fields.insert("count".into(), 3.into());
        fields.insert("@message".into(), "replaced".into());
        let line = hclog_line(
            "2026-11-25T12:00:00.123456Z",
            Level::WARN,
            "provider",
            "file \"a\"\nchanged",
            Some("src/file.rs:12"),
            fields,
        );
        assert_eq!(
            line,
            "{\"@caller\":\"src/file.rs:12\",\"@level\":\"warn\",\"@message\":\"file \\\"a\\\"\\nchanged\",\
             \"@module\":\"provider\",\"@timestamp\":\"2026-11-25T12:00:00.123456Z\",\"count\":3,\
             \"tf_rpc\":\"ReadResource\"}\n"
        );
    }

    #[test]
    fn every_level_has_go_hclogs_name() {
        let names: Vec<&str> = [
            Level::TRACE,
            Level::DEBUG,
            Level::INFO,
            Level::WARN,
            Level::ERROR,
        ]
        .into_iter()
        .map(level_name)
        .collect();
        assert_eq!(names, ["trace", "debug", "info", "warn", "error"]);
    }

    #[test]
    fn an_event_in_spans_carries_their_fields() {
        let text = logged(|| {
            let rpc = tracing::trace_span!(
                "rpc",
                tf_rpc = "PlanResourceChange",
                tf_req_id = "01234567-89ab-4def-bedc-ba9876543210",
                tf_resource_type = tracing::field::Empty,
            );
            let _rpc = rpc.enter();
            rpc.record("tf_resource_type", "localfs_file");
            let inner = tracing::info_span!("inner", step = 2_u64, tf_rpc = "shadowed");
            let _inner = inner.enter();
            tracing::warn!(target: "provider", path = %"etc/motd", size = 12_i64, "file changed");
        });
        assert_eq!(
            text,
            "{\"@level\":\"warn\",\"@message\":\"file changed\",\"@module\":\"provider\",\
             \"@timestamp\":\"2026-11-25T12:00:00.123456Z\",\"path\":\"etc/motd\",\"size\":12,\
             \"step\":2,\"tf_req_id\":\"01234567-89ab-4def-bedc-ba9876543210\",\
             \"tf_resource_type\":\"localfs_file\",\"tf_rpc\":\"shadowed\"}\n"
        );
    }

    #[test]
    fn field_values_keep_their_json_kinds() {
        let text = logged(|| {
            let error = io::Error::other("disk full");
            tracing::error!(
                target: "provider",
                ok = true,
                ratio = 0.5,
                nan = f64::NAN,
                big = u128::MAX,
                error = &error as &(dyn std::error::Error + 'static),
                debug = ?Some(1),
                "done"
            );
        });
        let json: Json = serde_json::from_str(&text).unwrap();
        assert_eq!(json["ok"], true);
        assert_eq!(json["ratio"], 0.5);
        assert_eq!(json["nan"], "NaN");
        assert_eq!(json["big"], u128::MAX.to_string());
        assert_eq!(json["error"], "disk full");
        assert_eq!(json["debug"], "Some(1)");
        assert_eq!(json["@level"], "error");
    }

    #[test]
    fn the_crates_own_events_name_the_sdk_modules() {
        let text = logged(|| {
            tracing::info!("from the framework");
            tracing::info!(target: "provider.api", "from a subsystem");
            tracing::info!(target: "my_provider::client", "from the provider");
        });
        let modules: Vec<String> = text
            .lines()
            .map(|line| serde_json::from_str::<Json>(line).unwrap()["@module"].to_string())
            .collect();
        assert_eq!(
            modules,
            ["\"sdk.framework\"", "\"provider.api\"", "\"provider\""]
        );
    }

    #[test]
    fn the_caller_is_the_events_source() {
        let lines = Lines::default();
        let writer = lines.clone();
        let layer = HclogLayer::with_writer(move || writer.clone());
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::with_default(subscriber, || tracing::warn!("here"));
        let json: Json = serde_json::from_str(&lines.text()).unwrap();
        let caller = json["@caller"].as_str().unwrap();
        assert!(
            caller.starts_with("tfvalue-provider/src/logging/hclog_layer.rs:"),
            "{caller}"
        );
        let stamp = json["@timestamp"].as_str().unwrap();
        assert_eq!(stamp.len(), "2026-11-25T12:00:00.123456Z".len(), "{stamp}");
    }
}
