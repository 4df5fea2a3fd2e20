//! Cassettes: the RPCs one Terraform run sent to a provider and what it answered, recorded
//! by the provider itself, and replayed later as a plain unit test without Terraform.
//!
//! Recording: [`TestProvider::record_to`](crate::TestProvider::record_to) for a provider
//! served in process, or `TFVALUE_RECORD=<file>` ([`tfvalue_provider::RECORD_VAR`]) in
//! the environment of a built provider executable (Terraform passes its environment on).
//! Either appends to the file; each provider process (each debug server) is a session
//! of its own. The format is described in the crate's README.
//!
//! Replaying ([`Cassette::replay`]) sends each recorded request, in the recorded order,
//! to a fresh provider per session, through the same `tfplugin6.Provider` service
//! Terraform reached, and compares each answer with the recorded one.

mod diff;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use serde_json::Value;
use tfvalue_provider::harness::Replayer;
use tfvalue_provider::{Provider, CASSETTE_FORMAT};

use diff::{differences, Difference};

/// A recorded cassette, read from its file, with what its replay disregards.
#[derive(Debug, Clone)]
pub struct Cassette {
    name: String,
    calls: Vec<Call>,
    ignored: Vec<String>,
    patterns: Vec<(String, String)>,
    /// The RPCs whose answers are not compared.
    unchecked: Vec<String>,
}

/// One recorded call.
#[derive(Debug, Clone)]
struct Call {
    /// The line of the file, from 1.
    line: usize,
    /// The session, numbered from 1 in the order sessions first appear.
    session: usize,
    index: u64,
    rpc: String,
    request: Value,
    /// `answer`, `stream` and `status`, those recorded.
    answer: serde_json::Map<String, Value>,
}

/// The keys of a call that hold its answer.
const ANSWER_KEYS: [&str; 3] = ["answer", "stream", "status"];

/// A cassette that cannot be read: the file, the line (from 1) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CassetteError {
    /// The file, as given.
    pub cassette: String,
    /// The line, from 1; `None` when the file itself cannot be read.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CassetteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(
                f,
                "cassette {}, line {line}: {}",
                self.cassette, self.message
            ),
            None => write!(f, "cassette {}: {}", self.cassette, self.message),
        }
    }
}

impl std::error::Error for CassetteError {}

/// A replay that did not reproduce its cassette: every call whose answer differs, by
/// session, index, RPC and line, with each difference by path; or why the replay could
/// not run. `Debug` shows the same text as `Display`, so that `.unwrap()` and a test
/// returning `Result` print it readably.
#[derive(Clone, PartialEq, Eq)]
pub struct ReplayError {
    message: String,
}

impl ReplayError {
    /// The whole report.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReplayError {}

/// What a replay that reproduced its cassette did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Replayed {
    /// The calls replayed.
    pub calls: usize,
    /// The sessions (fresh providers) they were replayed in.
    pub sessions: usize,
}

impl Cassette {
    /// Reads the cassette at `path`.
    ///
    /// # Errors
    /// The file cannot be read, or a line is not what a cassette holds (see
    /// [`Cassette::parse`]).
    pub fn load(path: impl AsRef<Path>) -> Result<Cassette, CassetteError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| CassetteError {
            cassette: name.clone(),
            line: None,
            message: format!("reading it failed: {e}"),
        })?;
        Cassette::parse(&name, &text)
    }

    /// Reads a cassette's text; `name` names it in errors.
    ///
    /// # Errors
    /// The line and what is wrong: a first line that is not `{"tfvalue_cassette":1}` (or
    /// names another version), a line that is not a JSON object, a call without `session`,
    /// `index`, `rpc` or `request` or with one of the wrong kind, a call with no answer
    /// (`answer`, `stream` or `status`), a call the provider failed to record, or an index
    /// repeated in a session.
    pub fn parse(name: &str, text: &str) -> Result<Cassette, CassetteError> {
        let error = |line: usize, message: String| CassetteError {
            cassette: name.to_owned(),
            line: Some(line),
            message,
        };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let header = lines.next().map(|(_, l)| l).unwrap_or_default();
        match serde_json::from_str::<Value>(header).ok().and_then(|h| h.get("tfvalue_cassette").cloned()) {
            Some(Value::Number(n)) if n.as_u64() == Some(CASSETTE_FORMAT) => {}
            Some(other) => {
                return Err(error(
                    1,
                    format!("the cassette is of format {other}; this tfvalue-testing reads format {CASSETTE_FORMAT}"),
                ))
            }
            None => {
                return Err(error(
                    1,
                    format!("expected the format line {{\"tfvalue_cassette\":{CASSETTE_FORMAT}}}, found {:?}", clip(header)),
                ))
            }
        }
        let mut sessions: HashMap<String, usize> = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut calls = Vec::new();
        for (line, text) in lines {
            if text.trim().is_empty() {
                continue;
            }
            let value: Value =
                serde_json::from_str(text).map_err(|e| error(line, format!("not JSON: {e}")))?;
            let Value::Object(mut object) = value else {
                return Err(error(
                    line,
                    format!("expected a call (a JSON object), found {}", clip(text)),
                ));
            };
            if let Some(why) = object.get("unrecorded") {
                return Err(error(
                    line,
                    format!("the provider could not record this call: {why}"),
                ));
            }
            let session = match object.get("session") {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Number(n)) => n.to_string(),
                Some(other) => {
                    return Err(error(
                        line,
                        format!("`session` must be a string, found {other}"),
                    ))
                }
                None => return Err(error(line, "the call has no `session`".to_owned())),
            };
            let index = match object.get("index") {
                Some(v) => v.as_u64().ok_or_else(|| {
                    error(
                        line,
                        format!("`index` must be a non-negative integer, found {v}"),
                    )
                })?,
                None => return Err(error(line, "the call has no `index`".to_owned())),
            };
            let rpc = match object.get("rpc") {
                Some(Value::String(s)) => s.clone(),
                Some(other) => {
                    return Err(error(
                        line,
                        format!("`rpc` must be a string, found {other}"),
                    ))
                }
                None => return Err(error(line, "the call has no `rpc`".to_owned())),
            };
            let request = object
                .remove("request")
                .ok_or_else(|| error(line, format!("the {rpc} call has no `request`")))?;
            let answer: serde_json::Map<String, Value> = ANSWER_KEYS
                .iter()
                .filter_map(|key| Some((key.to_string(), object.remove(*key)?)))
                .collect();
            if answer.is_empty() {
                return Err(error(
                    line,
                    format!("the {rpc} call has none of `answer`, `stream`, `status`"),
                ));
            }
            let next = sessions.len() + 1;
            let session = *sessions.entry(session).or_insert(next);
            if !seen.insert((session, index)) {
                return Err(error(
                    line,
                    format!("index {index} appears twice in its session"),
                ));
            }
            calls.push(Call {
                line,
                session,
                index,
                rpc,
                request,
                answer,
            });
        }
        Ok(Cassette {
            name: name.to_owned(),
            calls,
            ignored: Vec::new(),
            patterns: Vec::new(),
            unchecked: Vec::new(),
        })
    }

    /// The RPCs recorded, in the order they are replayed (by session, then index).
    pub fn rpcs(&self) -> Vec<&str> {
        self.ordered()
            .iter()
            .map(|call| call.rpc.as_str())
            .collect()
    }

    /// Writes the cassette to `path`, its sessions renamed `1`, `2`, … in the order they
    /// first appear and its calls in replay order: what a fresh recording is tidied with,
    /// so that recording again changes only what the provider answers differently.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        let mut text = serde_json::json!({ "tfvalue_cassette": CASSETTE_FORMAT }).to_string();
        text.push('\n');
        for call in self.ordered() {
            // The keys in the order a recording writes them.
            text.push_str(&format!(
                "{{\"session\":\"{}\",\"index\":{},\"rpc\":{},\"request\":{}",
                call.session,
                call.index,
                Value::from(call.rpc.as_str()),
                call.request
            ));
            for key in ANSWER_KEYS {
                if let Some(answer) = call.answer.get(key) {
                    text.push_str(&format!(",\"{key}\":{answer}"));
                }
            }
            text.push_str("}\n");
        }
        std::fs::write(path, text)
    }

    /// Disregards the differences at `path` and under it: a protocol field path
    /// (`answer.new_state`, `answer.diagnostics`), an attribute path inside any value
    /// (`.id`, `.disk[0]`), or both (`answer.new_state.id`). For values the provider makes
    /// anew each run (a random id, a timestamp, a temporary path).
    pub fn ignore(mut self, path: &str) -> Cassette {
        self.ignored.push(path.to_owned());
        self
    }

    /// Accepts a value at `path` (as [`Cassette::ignore`] names it) that differs from the
    /// recorded one when it matches the regular expression `pattern` (a string's text, any
    /// other value's JSON): for values that change each run but keep their form.
    pub fn matching(mut self, path: &str, pattern: &str) -> Cassette {
        self.patterns.push((path.to_owned(), pattern.to_owned()));
        self
    }

    /// Sends the requests of `rpc` but compares none of its answers: for
    /// `GetProviderSchema`, whose answer (every description included) other tests check,
    /// so that rewording a description does not need the cassette recorded again.
    pub fn ignore_answers_of(mut self, rpc: &str) -> Cassette {
        self.unchecked.push(rpc.to_owned());
        self
    }

    /// The calls in replay order: by session, then by index.
    fn ordered(&self) -> Vec<&Call> {
        let mut calls: Vec<&Call> = self.calls.iter().collect();
        calls.sort_by_key(|call| (call.session, call.index));
        calls
    }

    /// Sends every recorded request again, in order, to a provider served in process
    /// (a fresh one from `make` for each session), and compares each answer with the
    /// recorded one.
    ///
    /// What is compared: every field of every answer (diagnostics, private state, the
    /// values' MessagePack bytes, a gRPC error's code and text). A value whose bytes differ
    /// is shown by attribute path. Secrets were redacted when recorded (null in the bytes,
    /// listed in `redacted`): the recorded requests carry null in their place, and the
    /// answers of now are redacted the same way before they are compared, so a secret
    /// compares as "redacted at the same paths", never by its value.
    ///
    /// Runs its own async runtime: call it from a plain `#[test]`, not from async code.
    ///
    /// # Errors
    /// Every call whose answer differs (its session, index, RPC and line, and each
    /// difference: `answer.new_state .size: recorded 1, now 2`); a request that is not the
    /// RPC's message; a provider whose types are declared wrongly; a pattern that is not a
    /// regular expression.
    pub fn replay<P, F>(&self, make: F) -> Result<Replayed, ReplayError>
    where
        P: Provider,
        F: Fn() -> P,
    {
        let fail = |message: String| ReplayError { message };
        let patterns = self
            .patterns
            .iter()
            .map(|(path, pattern)| {
                regex_lite::Regex::new(pattern)
                    .map(|regex| (path.as_str(), regex))
                    .map_err(|e| fail(format!("replaying {}: the pattern {pattern:?} for {path} is not a regular expression: {e}", self.name)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| {
                fail(format!(
                    "replaying {}: starting an async runtime failed: {e}",
                    self.name
                ))
            })?;
        let calls = self.ordered();
        let mut mismatches = Vec::new();
        let mut replayer = None;
        let mut session = 0;
        for call in &calls {
            if call.session != session || replayer.is_none() {
                session = call.session;
                let fresh = Replayer::new(make()).map_err(|problems| {
                    fail(format!(
                        "replaying {}: the provider's types are declared wrongly:\n  - {}",
                        self.name,
                        problems.join("\n  - ")
                    ))
                })?;
                replayer = Some(fresh);
            }
            let Some(replayer) = &replayer else { continue };
            let now = runtime.block_on(replayer.call(&call.rpc, &call.request)).map_err(|e| {
                fail(format!(
                    "replaying {}: the request of call {} of session {} ({}, line {}) cannot be sent: {e}",
                    self.name, call.index, call.session, call.rpc, call.line
                ))
            })?;
            let mut found = Vec::new();
            let checked = !self.unchecked.contains(&call.rpc);
            for key in ANSWER_KEYS.into_iter().filter(|_| checked) {
                match (call.answer.get(key), now.get(key)) {
                    (None, None) => {}
                    (Some(a), Some(b)) => differences(key, a, b, &mut found),
                    (a, b) => found.push(Difference {
                        field: key.to_owned(),
                        attr: None,
                        recorded: a.cloned(),
                        now: b.cloned(),
                        note: None,
                    }),
                }
            }
            let kept: Vec<String> = found
                .iter()
                .filter(|d| !self.ignored.iter().any(|path| d.is_under(path)))
                .filter_map(|d| {
                    let pattern = patterns.iter().find(|(path, _)| d.is_under(path));
                    match (pattern, &d.now) {
                        (None, _) => Some(d.line()),
                        (Some((_, regex)), Some(now)) => {
                            let text = now.as_str().map_or_else(|| now.to_string(), str::to_owned);
                            (!regex.is_match(&text)).then(|| {
                                format!("{} (and does not match /{}/)", d.line(), regex.as_str())
                            })
                        }
                        (Some((_, regex)), None) => Some(format!(
                            "{} (and nothing matches /{}/)",
                            d.line(),
                            regex.as_str()
                        )),
                    }
                })
                .collect();
            if !kept.is_empty() {
                mismatches.push(format!(
                    "call {} of session {} ({}, line {}) answered differently:\n    {}",
                    call.index,
                    call.session,
                    call.rpc,
                    call.line,
                    kept.join("\n    ")
                ));
            }
        }
        if !mismatches.is_empty() {
            return Err(fail(format!(
                "replaying {} ({} calls): {} of them answered differently from the recording\n  {}",
                self.name,
                calls.len(),
                mismatches.len(),
                mismatches.join("\n  ")
            )));
        }
        let sessions = calls.iter().map(|c| c.session).max().unwrap_or(0);
        Ok(Replayed {
            calls: calls.len(),
            sessions,
        })
    }
}

/// The first 80 characters of `text`, for an error message.
fn clip(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}
