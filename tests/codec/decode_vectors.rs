//! Odd and invalid inputs (`tests/data/go-cty/decode_vectors.jsonl`): what go-cty 1.12.1's
//! decoders do with them, and what tfvalue decides. go-cty is lenient or buggy in places
//! (it ignores trailing bytes, takes bin for strings, keeps the last of duplicate keys,
//! panics on inconsistent list elements); tfvalue decides as a careful decoder should. Every
//! line of the file has an explicit decision in `CASES`, with the reason, and the tests
//! check that the table covers exactly the lines of the file and says exactly where
//! tfvalue's outcome differs from go-cty's. Where go-cty 1.12.1 and go-cty 1.16.4 (Terraform
//! 1.11-1.15) differ, 1.16.4 is followed and the reason says so.

use serde::Deserialize;
use tfvalue::{ErrorKind, Type, Value};
use tfvalue_suite::{data_text, hex, to_hex};

/// One line of `decode_vectors.jsonl` (only the fields used here).
#[derive(Deserialize)]
struct Line {
    name: String,
    format: String,
    #[serde(rename = "type")]
    ty: serde_json::Value,
    input_hex: Option<String>,
    input_json_text: Option<String>,
    ok: bool,
    /// go-cty's JSON encoding of the accepted value.
    json_text: Option<String>,
    /// Why go-cty could not encode the accepted value as JSON.
    json_error: Option<String>,
    /// go-cty's MessagePack encoding of the accepted value.
    msgpack_hex: Option<String>,
}

impl Line {
    fn ty(&self) -> Type {
        Type::from_json_value(&self.ty).unwrap_or_else(|e| panic!("{}: bad type: {e}", self.name))
    }

    fn input(&self) -> Vec<u8> {
        match self.format.as_str() {
            // `msgpack/empty-input` has no `input_hex`: the input is empty.
            "msgpack" => hex(self.input_hex.as_deref().unwrap_or("")),
            "json" => self
                .input_json_text
                .clone()
                .expect("json line without input_json_text")
                .into_bytes(),
            other => panic!("{}: unknown format {other}", self.name),
        }
    }

    fn decode(&self) -> tfvalue::Result<Value> {
        let ty = self.ty();
        match self.format.as_str() {
            "msgpack" => Value::from_msgpack(&self.input(), &ty),
            _ => Value::from_json(&self.input(), &ty),
        }
    }
}

fn lines() -> Vec<Line> {
    data_text("go-cty/decode_vectors.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// tfvalue's JSON encoding of an accepted value.
#[derive(Clone, Copy, Debug)]
enum Json {
    /// Exactly this text.
    Text(&'static str),
    /// An error of this kind at this path (unknowns and infinity have no JSON form).
    Error(ErrorKind, &'static str),
}

#[derive(Clone, Copy, Debug)]
enum Decision {
    /// The input is accepted; the value re-encodes to exactly `msgpack` (hex) and `json`.
    Accept { msgpack: &'static str, json: Json },
    /// The input is rejected with this error kind and exactly this error text (path and
    /// message, as `Display` renders it).
    Reject {
        kind: ErrorKind,
        message: &'static str,
    },
}

use Decision::{Accept, Reject};

struct Case {
    name: &'static str,
    decision: Decision,
    /// Whether tfvalue's outcome is go-cty's: both reject, or both accept and re-encode to
    /// the same MessagePack and JSON (both failing to write JSON counts as the same).
    same_as_go_cty: bool,
    reason: &'static str,
}

const fn accept(
    name: &'static str,
    msgpack: &'static str,
    json: Json,
    same_as_go_cty: bool,
    reason: &'static str,
) -> Case {
    Case {
        name,
        decision: Accept { msgpack, json },
        same_as_go_cty,
        reason,
    }
}

const fn reject(
    name: &'static str,
    kind: ErrorKind,
    message: &'static str,
    same_as_go_cty: bool,
    reason: &'static str,
) -> Case {
    Case {
        name,
        decision: Reject { kind, message },
        same_as_go_cty,
        reason,
    }
}

use ErrorKind as K;
use Json::Text;

const CASES: &[Case] = &[
    // --- MessagePack framing --------------------------------------------------------------
    reject(
        "msgpack/empty-input",
        K::Syntax,
        "unexpected end of input at offset 0",
        true,
        "no value at all",
    ),
    reject(
        "msgpack/trailing-bytes-ignored",
        K::Syntax,
        "2 unexpected bytes after the end of the value (at offset 2)",
        false,
        "a DynamicValue holds exactly one value; trailing bytes mean a framing bug or a \
         truncated/concatenated payload, which go-cty silently hides",
    ),
    // --- strings ---------------------------------------------------------------------------
    reject(
        "string/bin8-accepted",
        K::Type,
        "expected string, found binary data",
        false,
        "a string is required; Terraform never writes bin for a string (bin appears only as \
         the type of a dynamic value), so bin here is a foreign or corrupt encoder",
    ),
    accept(
        "string/str8-empty",
        "a0",
        Text("\"\""),
        true,
        "a non-minimal str8 header is still a valid string; re-encoded minimally",
    ),
    reject(
        "string/invalid-utf8",
        K::Syntax,
        "invalid UTF-8 in a string at offset 0 (byte 0 of the string)",
        false,
        "a Rust string is UTF-8; go-cty keeps the bytes and later writes U+FFFD in JSON, \
         silently changing the value",
    ),
    reject(
        "string/from-bool",
        K::Type,
        "expected string, found a bool",
        true,
        "no conversion between kinds in MessagePack",
    ),
    // --- numbers ---------------------------------------------------------------------------
    accept(
        "number/int64-non-minimal",
        "01",
        Text("1"),
        true,
        "any integer width is a valid integer; re-encoded minimally",
    ),
    accept(
        "number/float32",
        "cb3ff8000000000000",
        Text("1.5"),
        true,
        "float32 is a valid MessagePack number; its exact value goes out as float64",
    ),
    accept(
        "number/float64-integral",
        "03",
        Text("3"),
        true,
        "3.0 is the integer 3, written as go-cty writes integers",
    ),
    accept(
        "number/float64-inf",
        "cb7ff0000000000000",
        Json::Error(K::Number, ""),
        true,
        "Terraform numbers include infinity; JSON has no form for it",
    ),
    accept(
        "number/string-int",
        "7b",
        Text("123"),
        true,
        "go-cty writes numbers it cannot write as int or float64 as decimal strings, so a \
         decoder must read them",
    ),
    accept(
        "number/string-decimal",
        "a3302e31",
        Text("0.1"),
        true,
        "0.1 stays the exact decimal 0.1 and goes back out as a string",
    ),
    reject(
        "number/string-hex",
        K::Type,
        "expected number, found the string \"0x10\"",
        true,
        "Go's big.ParseFloat in base 10 rejects hex, and so does Terraform",
    ),
    reject(
        "number/string-underscore",
        K::Type,
        "expected number, found the string \"1_00\"",
        true,
        "underscores are not decimal syntax",
    ),
    reject(
        "number/bin-string",
        K::Type,
        "expected number, found binary data",
        false,
        "as for strings: Terraform writes numbers as ints, float64 or str, never bin",
    ),
    reject(
        "bool/from-int",
        K::Type,
        "expected bool, found a number",
        true,
        "no conversion between kinds",
    ),
    // --- unknowns --------------------------------------------------------------------------
    accept(
        "unknown/fixext1-type0",
        "d40000",
        Json::Error(K::Unknown, ""),
        true,
        "the canonical unknown",
    ),
    reject(
        "unknown/fixext2",
        K::Syntax,
        "unsupported extension type 5 with a body of 2 bytes at offset 0: an unknown value \
         is extension 12, or any extension of at most 1 byte",
        false,
        "go-cty 1.16.4 is followed: an extension other than 12 (refinements) is a plain \
         unknown only when its body is at most 1 byte; this fixext2 of type 5 is refused \
         (1.12.1 took every extension for an unknown)",
    ),
    accept(
        "unknown/ext-for-dynamic",
        "d40000",
        Json::Error(K::Unknown, ""),
        true,
        "a wholly unknown dynamic value is a bare unknown",
    ),
    accept(
        "unknown/in-list",
        "92a161d40000",
        Json::Error(K::Unknown, "[1]"),
        true,
        "unknown elements are fine in a list; the JSON error names the element",
    ),
    // --- collections -----------------------------------------------------------------------
    accept(
        "list/array16-short",
        "91a161",
        Text("[\"a\"]"),
        true,
        "a non-minimal array header is valid",
    ),
    reject(
        "list/bad-element",
        K::Type,
        "[0]: expected string, found a number",
        true,
        "the element has the wrong kind; the error names it",
    ),
    accept(
        "set/duplicates",
        "92a161a162",
        Text("[\"a\",\"b\"]"),
        true,
        "a set holds each value once: duplicates collapse (the first stays), as in go-cty",
    ),
    reject(
        "map/duplicate-keys",
        K::Attribute,
        "duplicate map key \"a\"",
        false,
        "a map with two values for one key is ambiguous; go-cty silently keeps the last",
    ),
    reject(
        "map/nil-key",
        K::Type,
        "expected a map key (string), found null",
        false,
        "map keys are strings; go-cty turns nil into \"\", inventing a key",
    ),
    reject(
        "map/from-array",
        K::Type,
        "expected a map, found a list, set or tuple",
        true,
        "wrong kind",
    ),
    // --- objects and tuples ----------------------------------------------------------------
    accept(
        "object/any-key-order",
        "82a161a178a16201",
        Text("{\"a\":\"x\",\"b\":1}"),
        true,
        "attribute order on the wire does not matter; it goes back out in byte order",
    ),
    reject(
        "object/missing-attr",
        K::Attribute,
        "missing attribute \"b\": every attribute of the object type must be present",
        true,
        "MessagePack objects carry every attribute (Terraform writes nil for unset ones)",
    ),
    reject(
        "object/dup-key",
        K::Attribute,
        "duplicate attribute \"a\"",
        false,
        "go-cty accepts it and builds an object lacking \"b\", which it then cannot encode; \
         a careful decoder rejects the duplicate",
    ),
    reject(
        "object/optional-attr-absent",
        K::Attribute,
        "missing attribute \"b\": every attribute of the object type must be present",
        true,
        "optional attributes are a configuration-time notion; on the wire Terraform still \
         writes every attribute",
    ),
    accept(
        "tuple/exact",
        "92a16101",
        Text("[\"a\",1]"),
        true,
        "a tuple of the declared length",
    ),
    reject(
        "tuple/wrong-length",
        K::Type,
        "expected a tuple of 2 elements, found 1 elements",
        true,
        "a tuple's length is part of its type",
    ),
    // --- dynamic ---------------------------------------------------------------------------
    accept(
        "dynamic/type-as-str",
        "92c40822737472696e6722a161",
        Text("{\"value\":\"a\",\"type\":\"string\"}"),
        true,
        "the type JSON as str rather than bin is unambiguous; it goes back out as bin",
    ),
    accept(
        "dynamic/nested-dynamic",
        "92c408226e756d6265722205",
        Text("{\"value\":5,\"type\":\"number\"}"),
        true,
        "a wrapper of type \"dynamic\" holds another wrapper; the value is the number 5",
    ),
    reject(
        "dynamic/bad-type-json",
        K::TypeConstraint,
        "invalid type constraint: invalid JSON: expected value at line 1 column 1",
        true,
        "the type of a dynamic value must be a valid type constraint",
    ),
    reject(
        "dynamic/list-inconsistent-elements",
        K::Type,
        "the elements of a collection must all have the same type: the first is string, \
         element 1 is number",
        true,
        "the elements of a list share one type even when it is declared dynamic; both \
         reject it, but go-cty by panicking (its 'ok: false' here is a recovered panic)",
    ),
    accept(
        "dynamic/typed-unknown",
        "92c408226e756d62657222d40000",
        Json::Error(K::Unknown, ""),
        true,
        "an unknown number at a dynamic position keeps its type wrapper; go-cty writes \
         broken JSON for it, tfvalue refuses the unknown (both fail to produce JSON)",
    ),
    // --- JSON ------------------------------------------------------------------------------
    reject(
        "json/bool-from-string",
        K::Type,
        "expected bool, found a string",
        false,
        "strict decoding (the default) converts nothing; go-cty's string→bool conversion \
         belongs to the lenient decoding of legacy RawState, a separate feature",
    ),
    reject(
        "json/string-from-bool",
        K::Type,
        "expected string, found a bool",
        false,
        "strict decoding: a bool is not a string",
    ),
    reject(
        "json/trailing-garbage",
        K::Syntax,
        "invalid JSON: trailing characters at line 1 column 5",
        false,
        "text after the value means a framing error; go-cty ignores it",
    ),
    reject(
        "json/object-extra-attr",
        K::Attribute,
        "unsupported attribute \"z\": the object type has no such attribute",
        true,
        "the type does not declare z",
    ),
    accept(
        "json/dynamic-type-first",
        "92c408226e756d6265722201",
        Text("{\"value\":1,\"type\":\"number\"}"),
        true,
        "JSON object keys have no order; value-first is only how it is written",
    ),
    accept(
        "json/set-dups",
        "92a161a162",
        Text("[\"a\",\"b\"]"),
        true,
        "duplicates collapse and a set of strings takes go-cty's sorted order, as in go-cty",
    ),
    accept(
        "json/null-list",
        "c0",
        Text("null"),
        true,
        "a null of any type",
    ),
];

#[test]
fn table_covers_exactly_the_file() {
    let mut in_file: Vec<String> = lines().into_iter().map(|l| l.name).collect();
    let mut in_table: Vec<String> = CASES.iter().map(|c| c.name.to_owned()).collect();
    assert_eq!(in_file.len(), 44, "decode_vectors.jsonl changed");
    in_file.sort();
    in_table.sort();
    let before = in_table.len();
    in_table.dedup();
    assert_eq!(before, in_table.len(), "a name is listed twice");
    assert_eq!(in_table, in_file);
    for case in CASES {
        assert!(!case.reason.is_empty(), "{}: no reason", case.name);
    }
}

/// Checks one line against its decision: accepted inputs re-encode exactly, rejected ones
/// fail with exactly the stated text. Error kinds are checked by `rejection_kinds`.
fn check(line: &Line, case: &Case) -> Result<(), String> {
    let ty = line.ty();
    let outcome = line.decode();
    let same = match (case.decision, &outcome) {
        (Accept { msgpack, json }, Ok(value)) => {
            let ours = value
                .to_msgpack(&ty)
                .map_err(|e| format!("cannot re-encode: {e:?}"))?;
            if to_hex(&ours) != msgpack {
                return Err(format!("re-encoded {}, expected {msgpack}", to_hex(&ours)));
            }
            let ours_json = value.to_json(&ty);
            let json_same = match (json, &ours_json) {
                (Text(text), Ok(out)) => {
                    if out.as_slice() != text.as_bytes() {
                        return Err(format!(
                            "JSON {}, expected {text}",
                            String::from_utf8_lossy(out)
                        ));
                    }
                    line.json_text.as_deref() == Some(text)
                }
                (Json::Error(kind, path), Err(e)) => {
                    if e.kind() != kind || e.path().to_string() != path {
                        return Err(format!("JSON error {e:?}, expected {kind:?} at {path:?}"));
                    }
                    line.json_error.is_some()
                }
                (_, Ok(out)) => {
                    return Err(format!(
                        "JSON {}, expected {json:?}",
                        String::from_utf8_lossy(out)
                    ))
                }
                (_, Err(e)) => return Err(format!("JSON error {e:?}, expected {json:?}")),
            };
            line.ok && line.msgpack_hex.as_deref() == Some(msgpack) && json_same
        }
        (Reject { message, .. }, Err(e)) => {
            if e.to_string() != message {
                return Err(format!("error {:?}, expected {message:?}", e.to_string()));
            }
            !line.ok
        }
        (decision, outcome) => return Err(format!("{outcome:?}, expected {decision:?}")),
    };
    if same != case.same_as_go_cty {
        return Err(format!(
            "same_as_go_cty is {}, but tfvalue's outcome {} go-cty's",
            case.same_as_go_cty,
            if same { "is" } else { "is not" }
        ));
    }
    Ok(())
}

fn check_format(format: &str) {
    let cases = CASES;
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in lines().iter().filter(|l| l.format == format) {
        let case = cases
            .iter()
            .find(|c| c.name == line.name)
            .unwrap_or_else(|| panic!("{} not in CASES", line.name));
        if let Err(e) = check(line, case) {
            failures.push(format!("{}: {e}", line.name));
        }
        checked += 1;
    }
    assert!(checked > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn msgpack_decisions() {
    check_format("msgpack");
}

#[test]
fn json_decisions() {
    check_format("json");
}

/// Accepted MessagePack inputs: go-cty's JSON text of the value (where it has one) reads
/// back, with tfvalue's JSON decoder, as the very value tfvalue decoded.
#[test]
fn go_cty_json_of_accepted_msgpack_reads_back_equal() {
    let mut checked = 0;
    for line in lines().iter().filter(|l| l.format == "msgpack") {
        let case = CASES.iter().find(|c| c.name == line.name).unwrap();
        let (Accept { .. }, Some(text)) = (case.decision, &line.json_text) else {
            continue;
        };
        let ty = line.ty();
        let value = line.decode().unwrap();
        let go = Value::from_json(text.as_bytes(), &ty)
            .unwrap_or_else(|e| panic!("{}: {e:?}", line.name));
        assert_eq!(go, value, "{}", line.name);
        checked += 1;
    }
    assert_eq!(checked, 12);
}

/// The error kind of every rejection is the one `ErrorKind`'s documentation promises.
///
/// (A regression test: errors raised inside the `Value` seed and the `Number` visitor pass
/// through the generic `serde::de::Error::custom`, which once turned every one of them
/// into `ErrorKind::Custom`.)
#[test]
fn rejection_kinds() {
    let mut failures = Vec::new();
    for line in lines() {
        let case = CASES.iter().find(|c| c.name == line.name).unwrap();
        let Reject { kind, .. } = case.decision else {
            continue;
        };
        if let Err(e) = line.decode() {
            if e.kind() != kind {
                failures.push(format!(
                    "{}: kind {:?}, expected {kind:?} ({})",
                    line.name,
                    e.kind(),
                    e
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
