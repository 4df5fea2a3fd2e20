//! Runs the real `tfvalue-cli` binary: decode, encode, batch, and its failures.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn tfvalue(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfvalue-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tfvalue binary starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin accepts the input");
    child
        .wait_with_output()
        .expect("the tfvalue binary finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

#[test]
fn decode_known_value_prints_wire_json() {
    let o = tfvalue(
        &[
            "decode",
            "--type",
            r#"["map","number"]"#,
            "--msgpack",
            "82a161a3302e31a16201",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "{\"a\":0.1,\"b\":1}\n");
}

#[test]
fn decode_unknowns_prints_readable_notation() {
    let o = tfvalue(
        &[
            "decode",
            "--type",
            r#"["list","string"]"#,
            "--msgpack",
            "93a161d40000c70c0c8201c202a77072656669782d",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "[\"a\", (known after apply), (known after apply, not null, prefix \"prefix-\")]\n"
    );
}

#[test]
fn decode_json_and_file() {
    let o = tfvalue(
        &[
            "decode",
            "--type",
            "\"dynamic\"",
            "--json",
            r#"{"type":"bool","value":true}"#,
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "{\"value\":true,\"type\":\"bool\"}\n");

    let dir = std::env::temp_dir().join(format!("tfvalue-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("value.msgpack");
    std::fs::write(&path, [0x92, 0x01, 0xc3]).expect("write temp file");
    let o = tfvalue(
        &[
            "decode",
            "--type",
            r#"["tuple",["number","bool"]]"#,
            "--file",
            path.to_str().expect("UTF-8 path"),
        ],
        "",
    );
    std::fs::remove_dir_all(&dir).expect("remove temp dir");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "[1,true]\n");
}

#[test]
fn encode_prints_msgpack_hex() {
    let o = tfvalue(
        &[
            "encode",
            "--type",
            r#"["object",{"n":"number","s":"string"}]"#,
            "--json",
            r#"{"s":"x","n":123456789012345678901234567890}"#,
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "82a16ebe313233343536373839303132333435363738393031323334353637383930a173a178\n"
    );
}

#[test]
fn decode_error_names_the_path_and_exits_1() {
    let o = tfvalue(
        &[
            "decode",
            "--type",
            r#"["list","number"]"#,
            "--msgpack",
            "9201a178",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "tfvalue-cli: [1]: expected number, found the string \"x\"\n"
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"][..],
        &["decode", "--type", "\"string\""][..],
        &[
            "decode",
            "--type",
            "\"string\"",
            "--msgpack",
            "a0",
            "--json",
            "\"\"",
        ][..],
        &["encode", "--json", "1"][..],
        &["decode", "--bogus", "x"][..],
    ] {
        let o = tfvalue(args, "");
        assert_eq!(o.status.code(), Some(2), "args {args:?}");
        assert!(stderr(&o).contains("USAGE"), "args {args:?}");
    }
    let o = tfvalue(&["decode", "--type", "\"strin\"", "--msgpack", "a0"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("--type: invalid type constraint"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn batch_answers_every_line_in_order() {
    let input = concat!(
        r#"{"id":1,"op":"decode","type":"number","hex":"a3302e31"}"#,
        "\n",
        r#"{"id":"two","op":"decode","type":["list","string"],"hex":"92a161d40000"}"#,
        "\n",
        "this is not json\n",
        r#"{"id":4,"op":"decode-json","type":["set","string"],"json":"[\"b\",\"a\"]"}"#,
        "\n",
        r#"{"id":5,"op":"decode","type":"string","hex":"a161ff"}"#,
        "\n",
        r#"{"id":6,"op":"nope","type":"string"}"#,
        "\n",
        r#"{"id":7,"op":"decode","type":"number","hex":"cb7ff0000000000000"}"#,
        "\n",
    );
    let o = tfvalue(&["batch"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let answers: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each answer is JSON"))
        .collect();
    assert_eq!(answers.len(), 7);
    assert_eq!(
        answers[0],
        serde_json::json!({"id":1,"ok":true,"json_text":"0.1","msgpack_hex":"a3302e31","error":null})
    );
    assert_eq!(
        answers[1],
        serde_json::json!({"id":"two","ok":true,"json_text":null,"msgpack_hex":"92a161d40000","error":null})
    );
    assert_eq!(answers[2]["ok"], false);
    assert_eq!(answers[2]["id"], serde_json::Value::Null);
    assert_eq!(
        answers[3],
        serde_json::json!({"id":4,"ok":true,"json_text":"[\"a\",\"b\"]","msgpack_hex":"92a161a162","error":null})
    );
    assert_eq!(answers[4]["ok"], false);
    assert_eq!(
        answers[4]["error"],
        "1 unexpected bytes after the end of the value (at offset 2)"
    );
    assert_eq!(answers[5]["ok"], false);
    assert_eq!(answers[5]["error"], "invalid request: unknown op \"nope\"");
    // +Inf: msgpack can carry it, JSON cannot.
    assert_eq!(
        answers[6],
        serde_json::json!({"id":7,"ok":true,"json_text":null,"msgpack_hex":"cb7ff0000000000000","error":null})
    );
}

#[test]
fn docs_writes_the_pages_then_check_finds_them_current_or_stale() {
    let dir = std::env::temp_dir().join(format!("tfvalue-cli-docs-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let schema = dir.join("schema.json");
    std::fs::write(
        &schema,
        r#"{"format_version":"1.0","provider_schemas":{"registry.terraform.io/acme/box":{
            "provider":{"version":0,"block":{"description_kind":"plain"}},
            "resource_schemas":{"box_item":{"version":0,"block":{"attributes":{
                "name":{"type":"string","description":"The name.","description_kind":"plain","required":true}},
                "description":"An item.","description_kind":"plain"}}}}}}"#,
    )
    .expect("write the schema");
    let out = dir.join("docs");
    let (schema, out_text) = (
        schema.to_str().expect("UTF-8"),
        out.to_str().expect("UTF-8"),
    );
    let args = [
        "docs",
        "--schema",
        schema,
        "--provider-name",
        "box",
        "--out",
        out_text,
    ];

    let o = tfvalue(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    // What it did, as what it did: nothing on stderr, which is for failures.
    assert_eq!(stderr(&o), "");
    assert_eq!(
        stdout(&o),
        format!("wrote index.md (new)\nwrote resources/item.md (new)\n2 pages in {out_text}: 2 new, 0 unchanged\n")
    );
    let page = std::fs::read_to_string(out.join("resources/item.md")).expect("the resource page");
    assert!(
        page.contains("# box_item (Resource)\n\nAn item.\n"),
        "{page}"
    );
    assert!(
        page.contains("### Required\n\n- `name` (String) The name.\n"),
        "{page}"
    );
    assert!(out.join("index.md").is_file());

    let o = tfvalue(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!("2 pages in {out_text}, all current: nothing written\n")
    );

    let check = [&args[..], &["--check"]].concat();
    let o = tfvalue(&check, "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        (stdout(&o), stderr(&o)),
        (
            format!("checked 2 pages in {out_text}, all current\n"),
            String::new()
        )
    );
    std::fs::write(out.join("resources/item.md"), "edited by hand").expect("edit");
    std::fs::write(out.join("resources/old.md"), "left over").expect("write");
    std::fs::remove_file(out.join("index.md")).expect("remove");
    let o = tfvalue(&check, "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        format!(
            "tfvalue-cli: the documentation in {out_text} is not what the schema and examples generate:\n  \
             index.md is missing\n  \
             resources/item.md is stale: its text differs from the generated page\n  \
             resources/old.md is not generated from the schema (no such type or function)\n\
             run the same command without --check to write it\n"
        )
    );

    let o = tfvalue(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "wrote index.md (new)\nupdated resources/item.md\n\
             removed resources/old.md (nothing generates it any more)\n\
             2 pages in {out_text}: 1 new, 1 updated, 0 unchanged, 1 removed\n"
        )
    );
    assert!(!out.join("resources/old.md").exists());
    let o = tfvalue(&check, "");
    assert!(o.status.success(), "{}", stderr(&o));

    let o = tfvalue(&["docs", "--schema", schema, "--out", out_text], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--provider-name is required"));
    std::fs::remove_dir_all(&dir).expect("remove temp dir");
}

/// The help lists each command's synopsis under USAGE, each indented as the others, and
/// the lines of the help fit in 90 columns.
#[test]
fn help_lines_up_every_synopsis() {
    let o = tfvalue(&["--help"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let help = stdout(&o);
    let usage: Vec<&str> = help
        .lines()
        .skip_while(|l| *l != "USAGE:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    let commands: Vec<&str> = usage
        .iter()
        .filter_map(|l| l.strip_prefix("    tfvalue-cli "))
        .filter_map(|l| l.split(' ').next())
        .collect();
    assert_eq!(
        commands,
        ["decode", "encode", "batch", "docs"],
        "each synopsis indented by four spaces:\n{}",
        usage.join("\n")
    );
    for line in &usage {
        assert!(
            line.starts_with("    tfvalue-cli ") || line.starts_with("                     ["),
            "a USAGE line neither a synopsis nor its indented continuation: {line:?}"
        );
    }
    for line in help.lines() {
        assert!(
            line.chars().count() <= 90,
            "a help line of {} characters (at most 90 expected): {line:?}",
            line.chars().count()
        );
    }
    assert!(
        help.contains("list-resources/<type>/list-resource.tfquery.hcl"),
        "{help}"
    );
    assert!(help.contains("import-by-identity.tf"), "{help}");
}
