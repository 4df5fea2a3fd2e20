//! `tfvalue-cli`: decode, encode and batch-compare Terraform DynamicValues, and generate a
//! provider's registry documentation from its schema.
//!
//! ```text
//! tfvalue-cli decode --type T (--msgpack HEX | --json TEXT | --file PATH)
//! tfvalue-cli encode --type T --json TEXT
//! tfvalue-cli batch            (JSON Lines on stdin → JSON Lines on stdout)
//! tfvalue-cli docs (--provider-binary PATH | --schema FILE) --provider-name NAME --out DIR [--check]
//! ```
//! T is a Terraform JSON type constraint such as `'["list","string"]'`. The binary is not
//! named `tfvalue`: its documentation would take the place of the library `tfvalue`'s.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use tfvalue::{Readable, Type, Value};

mod docs;

/// The synopsis of every command but `docs` (`docs::SYNOPSIS` follows it).
const USAGE_HEAD: &str = "\
tfvalue-cli: decode and encode Terraform DynamicValues (MessagePack and JSON), and
generate a provider's registry documentation from its schema

USAGE:
    tfvalue-cli decode --type TYPE (--msgpack HEX | --json TEXT | --file PATH)
    tfvalue-cli encode --type TYPE --json TEXT
    tfvalue-cli batch
";

/// What the commands but `docs` do (`docs::HELP` follows it).
const USAGE: &str = "
TYPE is a Terraform JSON type constraint, e.g. '\"string\"' or '[\"map\",\"number\"]'.

decode   prints the value as its wire JSON when it is wholly known; otherwise in
         tfvalue's readable notation, where an unknown reads (known after apply)
         followed by its refinements, e.g. (known after apply, not null, prefix \"i-\").
         --file reads MessagePack bytes, or JSON text when PATH ends in .json.
encode   reads the value as wire JSON and prints its MessagePack encoding as hex.
batch    answers one JSON line per request line, in order:
           {\"id\": ANY, \"op\": \"decode\", \"type\": T, \"hex\": \"<msgpack hex>\"}
           {\"id\": ANY, \"op\": \"decode-json\", \"type\": T, \"json\": \"<JSON text>\"}
         answer: {\"id\", \"ok\", \"json_text\", \"msgpack_hex\", \"error\"}; json_text is
         null when the value holds unknowns or cannot be written as JSON.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("tfvalue-cli: {msg}\n\n{}", usage());
            ExitCode::from(2)
        }
        Err(Failure::Value(msg)) => {
            eprintln!("tfvalue-cli: {msg}");
            ExitCode::FAILURE
        }
    }
}

/// The whole help text.
fn usage() -> String {
    format!("{USAGE_HEAD}{}{USAGE}{}", docs::SYNOPSIS, docs::HELP)
}

enum Failure {
    Usage(String),
    Value(String),
}

impl From<tfvalue::Error> for Failure {
    fn from(e: tfvalue::Error) -> Self {
        Failure::Value(e.to_string())
    }
}

fn run(args: &[String]) -> Result<(), Failure> {
    let Some(cmd) = args.first() else {
        return Err(Failure::Usage("no command given".into()));
    };
    match cmd.as_str() {
        "decode" => decode(&args[1..]),
        "encode" => encode(&args[1..]),
        "batch" => batch(),
        "docs" => docs::run(&args[1..]).map_err(|e| match e {
            docs::DocsError::Usage(m) => Failure::Usage(m),
            docs::DocsError::Failed(m) => Failure::Value(m),
        }),
        "-h" | "--help" | "help" => {
            print!("{}", usage());
            Ok(())
        }
        other => Err(Failure::Usage(format!("unknown command {other:?}"))),
    }
}

/// Options of `decode`/`encode`: `--name value` pairs, each at most once.
fn options<'a>(args: &'a [String], allowed: &[&str]) -> Result<Vec<(&'a str, &'a str)>, Failure> {
    let mut found: Vec<(&str, &str)> = Vec::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let name = flag.as_str();
        if !allowed.contains(&name) {
            return Err(Failure::Usage(format!("unknown option {name:?}")));
        }
        let Some(value) = it.next() else {
            return Err(Failure::Usage(format!("{name} needs a value")));
        };
        if found.iter().any(|(n, _)| *n == name) {
            return Err(Failure::Usage(format!("{name} given twice")));
        }
        found.push((name, value));
    }
    Ok(found)
}

fn get<'a>(opts: &[(&'a str, &'a str)], name: &str) -> Option<&'a str> {
    opts.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

fn parse_type(text: &str) -> Result<Type, Failure> {
    Type::from_json(text.as_bytes()).map_err(|e| Failure::Value(format!("--type: {e}")))
}

fn decode(args: &[String]) -> Result<(), Failure> {
    let opts = options(args, &["--type", "--msgpack", "--json", "--file"])?;
    let ty = parse_type(get(&opts, "--type").ok_or(Failure::Usage("--type is required".into()))?)?;
    let inputs = ["--msgpack", "--json", "--file"]
        .iter()
        .filter(|n| get(&opts, n).is_some())
        .count();
    if inputs != 1 {
        return Err(Failure::Usage(
            "give exactly one of --msgpack, --json or --file".into(),
        ));
    }
    let value = if let Some(hex) = get(&opts, "--msgpack") {
        let bytes = from_hex(hex).map_err(Failure::Value)?;
        Value::from_msgpack(&bytes, &ty)?
    } else if let Some(json) = get(&opts, "--json") {
        Value::from_json(json.as_bytes(), &ty)?
    } else {
        let path = get(&opts, "--file").unwrap_or_default();
        let bytes =
            std::fs::read(path).map_err(|e| Failure::Value(format!("cannot read {path}: {e}")))?;
        if path.ends_with(".json") {
            Value::from_json(&bytes, &ty)?
        } else {
            Value::from_msgpack(&bytes, &ty)?
        }
    };
    match json_text(&value, &ty) {
        Some(text) => println!("{text}"),
        None => println!("{}", Readable(&value)),
    }
    Ok(())
}

fn encode(args: &[String]) -> Result<(), Failure> {
    let opts = options(args, &["--type", "--json"])?;
    let ty = parse_type(get(&opts, "--type").ok_or(Failure::Usage("--type is required".into()))?)?;
    let json = get(&opts, "--json").ok_or(Failure::Usage("--json is required".into()))?;
    let value = Value::from_json(json.as_bytes(), &ty)?;
    println!("{}", to_hex(&value.to_msgpack(&ty)?));
    Ok(())
}

/// The value's wire JSON, when it can be written as JSON.
fn json_text(value: &Value, ty: &Type) -> Option<String> {
    value
        .to_json(ty)
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())
}

fn batch() -> Result<(), Failure> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().split(b'\n') {
        let line = line.map_err(|e| Failure::Value(format!("cannot read stdin: {e}")))?;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let answer = answer(&line);
        let mut text = serde_json::to_vec(&answer)
            .map_err(|e| Failure::Value(format!("cannot write an answer: {e}")))?;
        text.push(b'\n');
        out.write_all(&text)
            .and_then(|()| out.flush())
            .map_err(|e| Failure::Value(format!("cannot write stdout: {e}")))?;
    }
    Ok(())
}

/// One batch answer; never fails, whatever the line holds.
fn answer(line: &[u8]) -> serde_json::Value {
    let request: serde_json::Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => {
            return reply(
                serde_json::Value::Null,
                Err(format!("invalid request: {e}")),
            )
        }
    };
    let id = request
        .get("id")
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    reply(id, handle(&request))
}

fn handle(request: &serde_json::Value) -> Result<(Value, Type), String> {
    let op = request
        .get("op")
        .and_then(serde_json::Value::as_str)
        .ok_or("invalid request: \"op\" must be \"decode\" or \"decode-json\"")?;
    let ty = request
        .get("type")
        .ok_or("invalid request: \"type\" is missing")
        .and_then(|t| Type::from_json_value(t).map_err(|_| "invalid request: bad \"type\""))
        .map_err(|e| {
            // Give the precise reason when the type itself is malformed.
            match request.get("type").map(Type::from_json_value) {
                Some(Err(err)) => format!("invalid type: {err}"),
                _ => e.to_string(),
            }
        })?;
    let value = match op {
        "decode" => {
            let hex = request
                .get("hex")
                .and_then(serde_json::Value::as_str)
                .ok_or("invalid request: \"hex\" must be a string")?;
            let bytes = from_hex(hex)?;
            Value::from_msgpack(&bytes, &ty).map_err(|e| e.to_string())?
        }
        "decode-json" => {
            let json = request
                .get("json")
                .and_then(serde_json::Value::as_str)
                .ok_or("invalid request: \"json\" must be a string holding JSON text")?;
            Value::from_json(json.as_bytes(), &ty).map_err(|e| e.to_string())?
        }
        other => return Err(format!("invalid request: unknown op {other:?}")),
    };
    Ok((value, ty))
}

fn reply(id: serde_json::Value, result: Result<(Value, Type), String>) -> serde_json::Value {
    let mut obj = serde_json::Map::new();
    obj.insert("id".into(), id);
    match result.and_then(|(value, ty)| {
        let hex = value.to_msgpack(&ty).map_err(|e| e.to_string())?;
        Ok((json_text(&value, &ty), to_hex(&hex)))
    }) {
        Ok((json, hex)) => {
            obj.insert("ok".into(), true.into());
            obj.insert(
                "json_text".into(),
                json.map_or(serde_json::Value::Null, Into::into),
            );
            obj.insert("msgpack_hex".into(), hex.into());
            obj.insert("error".into(), serde_json::Value::Null);
        }
        Err(e) => {
            obj.insert("ok".into(), false.into());
            obj.insert("json_text".into(), serde_json::Value::Null);
            obj.insert("msgpack_hex".into(), serde_json::Value::Null);
            obj.insert("error".into(), e.into());
        }
    }
    serde_json::Value::Object(obj)
}

fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

fn from_hex(hex: &str) -> Result<Vec<u8>, String> {
    let hex: Vec<u8> = hex.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !hex.len().is_multiple_of(2) {
        return Err("invalid hex: odd number of digits".into());
    }
    let digit = |c: u8| -> Result<u8, String> {
        match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(format!("invalid hex digit {:?}", c as char)),
        }
    };
    hex.chunks(2)
        .map(|pair| Ok(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip() {
        assert_eq!(from_hex("00ff A1").unwrap(), [0x00, 0xff, 0xa1]);
        assert_eq!(to_hex(&[0x00, 0xff, 0xa1]), "00ffa1");
        assert!(from_hex("abc").is_err());
        assert!(from_hex("zz").is_err());
    }

    #[test]
    fn batch_answers_bad_lines() {
        let a = answer(b"not json");
        assert_eq!(a["ok"], false);
        assert_eq!(a["id"], serde_json::Value::Null);
        let a = answer(br#"{"id":7,"op":"decode","type":"string","hex":"a161"}"#);
        assert_eq!(a["ok"], true);
        assert_eq!(a["id"], 7);
        assert_eq!(a["json_text"], "\"a\"");
        assert_eq!(a["msgpack_hex"], "a161");
        let a = answer(br#"{"id":"x","op":"decode","type":"string","hex":"d40000"}"#);
        assert_eq!(a["ok"], true);
        assert_eq!(a["json_text"], serde_json::Value::Null);
        assert_eq!(a["msgpack_hex"], "d40000");
        let a = answer(br#"{"id":1,"op":"decode","type":"strin","hex":"a161"}"#);
        assert_eq!(a["ok"], false);
        assert!(a["error"].as_str().unwrap().contains("strin"));
    }
}
