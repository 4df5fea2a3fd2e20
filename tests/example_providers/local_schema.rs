//! The schemas of the port in `examples/local` (the bin `terraform-provider-local`) against
//! what upstream's Go declares (hashicorp/terraform-provider-local at commit `d480f231`,
//! `internal/provider/*.go`), attribute by attribute: name, type, required, optional or
//! computed, sensitive, deprecation, description and its kind, and for each type its
//! description, schema version and blocks; the function's summary, description,
//! parameters and return type.
//!
//! Upstream's declarations are written below as data: each description as the pieces
//! upstream's Go concatenates. Upstream declares no schema version (so 0), no nested
//! blocks, no write-only attribute and a provider block without attributes or
//! description. The port's schemas are read from the executable's `--schema-json` (the
//! document `terraform providers schema -json` prints, which `e2e_schema_json` checks
//! against Terraform), so no Terraform is needed. What the schema document cannot show
//! (replacement on change, defaults, validators) is checked by the port's unit tests
//! (`examples/local/unit_tests.rs`).

use std::process::Command;

use serde_json::{json, Map, Value};

use Mode::{Computed, Optional, OptionalComputed, Required};

/// Required, optional, computed, or optional and computed.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Required,
    Optional,
    Computed,
    OptionalComputed,
}

/// One attribute as upstream declares it.
struct Attr {
    name: &'static str,
    /// The type as the schema document writes it (JSON).
    ty: &'static str,
    mode: Mode,
    sensitive: bool,
    /// `DeprecationMessage`, where upstream sets one.
    deprecated: Option<&'static str>,
    /// Whether upstream sets `MarkdownDescription` rather than `Description`.
    markdown: bool,
    description: &'static str,
}

/// One resource, data source, ephemeral resource or action type as upstream declares it.
struct Schema {
    /// The key of the schema document's section.
    kind: &'static str,
    name: &'static str,
    markdown: bool,
    description: &'static str,
    attributes: &'static [Attr],
}

fn kind_of(markdown: bool) -> &'static str {
    if markdown {
        "markdown"
    } else {
        "plain"
    }
}

impl Attr {
    /// The attribute as the schema document must print it.
    fn expected(&self) -> Value {
        let mut object = Map::new();
        let ty: Value = serde_json::from_str(self.ty).expect("the table's types are JSON");
        object.insert("type".into(), ty);
        object.insert("description".into(), self.description.into());
        object.insert("description_kind".into(), kind_of(self.markdown).into());
        let flags: &[&str] = match self.mode {
            Mode::Required => &["required"],
            Mode::Optional => &["optional"],
            Mode::Computed => &["computed"],
            Mode::OptionalComputed => &["optional", "computed"],
        };
        for flag in flags {
            object.insert((*flag).into(), true.into());
        }
        if self.sensitive {
            object.insert("sensitive".into(), true.into());
        }
        if let Some(message) = self.deprecated {
            object.insert("deprecated".into(), true.into());
            object.insert("deprecation_message".into(), message.into());
        }
        Value::Object(object)
    }
}

/// Upstream's declarations (`internal/provider/resource_*.go`, `data_source_*.go`,
/// `ephemeral_local_command.go`, `action_local_command.go`).
const SCHEMAS: &[Schema] = &[
    Schema {
        kind: "resource_schemas",
        name: "local_file",
        markdown: false,
        description: "Generates a local file with the given content.",
        attributes: &[
            Attr {
                name: "filename",
                ty: r#""string""#,
                mode: Required,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "The path to the file that will be created.\n ",
                    "Missing parent directories will be created.\n ",
                    "If the file already exists, it will be overridden with the given content.",
                ),
            },
            Attr {
                name: "content",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Content to store in the file, expected to be a UTF-8 encoded string.\n ",
                    "Conflicts with `sensitive_content`, `content_base64` and `source`.\n ",
                    "Exactly one of these four arguments must be specified.",
                ),
            },
            Attr {
                name: "content_base64",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Content to store in the file, expected to be binary encoded as base64 string.\n ",
                    "Conflicts with `content`, `sensitive_content` and `source`.\n ",
                    "Exactly one of these four arguments must be specified.",
                ),
            },
            Attr {
                name: "source",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Path to file to use as source for the one we are creating.\n ",
                    "Conflicts with `content`, `sensitive_content` and `content_base64`.\n ",
                    "Exactly one of these four arguments must be specified.",
                ),
            },
            Attr {
                name: "file_permission",
                ty: r#""string""#,
                mode: OptionalComputed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Permissions to set for the output file (before umask), expressed as string in\n ",
                    "[numeric notation](https://en.wikipedia.org/wiki/File-system_permissions#Numeric_notation).\n ",
                    "Default value is `\"0777\"`.",
                ),
            },
            Attr {
                name: "directory_permission",
                ty: r#""string""#,
                mode: OptionalComputed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Permissions to set for directories created (before umask), expressed as string in\n ",
                    "[numeric notation](https://en.wikipedia.org/wiki/File-system_permissions#Numeric_notation).\n ",
                    "Default value is `\"0777\"`.",
                ),
            },
            Attr {
                name: "id",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "The hexadecimal encoding of the SHA1 checksum of the file content.",
            },
            Attr {
                name: "sensitive_content",
                ty: r#""string""#,
                mode: Optional,
                sensitive: true,
                deprecated: Some("Use the `local_sensitive_file` resource instead"),
                markdown: false,
                description: concat!(
                    "Sensitive content to store in the file, expected to be an UTF-8 encoded string.\n ",
                    "Will not be displayed in diffs.\n ",
                    "Conflicts with `content`, `content_base64` and `source`.\n ",
                    "Exactly one of these four arguments must be specified.\n ",
                    "If in need to use _sensitive_ content, please use the [`local_sensitive_file`](./sensitive_file.html)\n ",
                    "resource instead.",
                ),
            },
            Attr {
                name: "content_md5",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "MD5 checksum of file content.",
            },
            Attr {
                name: "content_sha1",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA1 checksum of file content.",
            },
            Attr {
                name: "content_sha256",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA256 checksum of file content.",
            },
            Attr {
                name: "content_base64sha256",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded SHA256 checksum of file content.",
            },
            Attr {
                name: "content_sha512",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA512 checksum of file content.",
            },
            Attr {
                name: "content_base64sha512",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded SHA512 checksum of file content.",
            },
        ],
    },
    Schema {
        kind: "resource_schemas",
        name: "local_sensitive_file",
        markdown: false,
        description: "Generates a local file with the given sensitive content.",
        attributes: &[
            Attr {
                name: "filename",
                ty: r#""string""#,
                mode: Required,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "The path to the file that will be created.\n ",
                    "Missing parent directories will be created.\n ",
                    "If the file already exists, it will be overridden with the given content.",
                ),
            },
            Attr {
                name: "content",
                ty: r#""string""#,
                mode: Optional,
                sensitive: true,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Sensitive Content to store in the file, expected to be a UTF-8 encoded string.\n ",
                    "Conflicts with `content_base64` and `source`.\n ",
                    "Exactly one of these three arguments must be specified.",
                ),
            },
            Attr {
                name: "content_base64",
                ty: r#""string""#,
                mode: Optional,
                sensitive: true,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Sensitive Content to store in the file, expected to be binary encoded as base64 string.\n ",
                    "Conflicts with `content` and `source`.\n ",
                    "Exactly one of these three arguments must be specified.",
                ),
            },
            Attr {
                name: "source",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Path to file to use as source for the one we are creating.\n ",
                    "Conflicts with `content` and `content_base64`.\n ",
                    "Exactly one of these three arguments must be specified.",
                ),
            },
            Attr {
                name: "file_permission",
                ty: r#""string""#,
                mode: OptionalComputed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Permissions to set for the output file (before umask), expressed as string in\n ",
                    "[numeric notation](https://en.wikipedia.org/wiki/File-system_permissions#Numeric_notation).\n ",
                    "Default value is `\"0700\"`.",
                ),
            },
            Attr {
                name: "directory_permission",
                ty: r#""string""#,
                mode: OptionalComputed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Permissions to set for directories created (before umask), expressed as string in\n ",
                    "[numeric notation](https://en.wikipedia.org/wiki/File-system_permissions#Numeric_notation).\n ",
                    "Default value is `\"0700\"`.",
                ),
            },
            Attr {
                name: "id",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "The hexadecimal encoding of the SHA1 checksum of the file content.",
            },
            Attr {
                name: "content_md5",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "MD5 checksum of file content.",
            },
            Attr {
                name: "content_sha1",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA1 checksum of file content.",
            },
            Attr {
                name: "content_sha256",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA256 checksum of file content.",
            },
            Attr {
                name: "content_base64sha256",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded SHA256 checksum of file content.",
            },
            Attr {
                name: "content_sha512",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA512 checksum of file content.",
            },
            Attr {
                name: "content_base64sha512",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded SHA512 checksum of file content.",
            },
        ],
    },
    Schema {
        kind: "data_source_schemas",
        name: "local_file",
        markdown: false,
        description: "Reads a file from the local filesystem.",
        attributes: &[
            Attr {
                name: "filename",
                ty: r#""string""#,
                mode: Required,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Path to the file that will be read. The data source will return an error if the file does not exist.",
            },
            Attr {
                name: "content",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Raw content of the file that was read, as UTF-8 encoded string. ",
                    "Files that do not contain UTF-8 text will have invalid UTF-8 sequences in `content`\n  replaced with the Unicode replacement character. ",
                ),
            },
            Attr {
                name: "content_base64",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded version of the file content (use this when dealing with binary data).",
            },
            Attr {
                name: "id",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "The hexadecimal encoding of the SHA1 checksum of the file content.",
            },
            Attr {
                name: "content_md5",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "MD5 checksum of file content.",
            },
            Attr {
                name: "content_sha1",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA1 checksum of file content.",
            },
            Attr {
                name: "content_sha256",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA256 checksum of file content.",
            },
            Attr {
                name: "content_base64sha256",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded SHA256 checksum of file content.",
            },
            Attr {
                name: "content_sha512",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA512 checksum of file content.",
            },
            Attr {
                name: "content_base64sha512",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded SHA512 checksum of file content.",
            },
        ],
    },
    Schema {
        kind: "data_source_schemas",
        name: "local_sensitive_file",
        markdown: false,
        description: "Reads a file that contains sensitive data, from the local filesystem.",
        attributes: &[
            Attr {
                name: "filename",
                ty: r#""string""#,
                mode: Required,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Path to the file that will be read. The data source will return an error if the file does not exist.",
            },
            Attr {
                name: "content",
                ty: r#""string""#,
                mode: Computed,
                sensitive: true,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Raw content of the file that was read, as UTF-8 encoded string. ",
                    "Files that do not contain UTF-8 text will have invalid UTF-8 sequences in `content`\n  replaced with the Unicode replacement character.",
                ),
            },
            Attr {
                name: "content_base64",
                ty: r#""string""#,
                mode: Computed,
                sensitive: true,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded version of the file content (use this when dealing with binary data).",
            },
            Attr {
                name: "id",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "The hexadecimal encoding of the SHA1 checksum of the file content.",
            },
            Attr {
                name: "content_md5",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "MD5 checksum of file content.",
            },
            Attr {
                name: "content_sha1",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA1 checksum of file content.",
            },
            Attr {
                name: "content_sha256",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA256 checksum of file content.",
            },
            Attr {
                name: "content_base64sha256",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded SHA256 checksum of file content.",
            },
            Attr {
                name: "content_sha512",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "SHA512 checksum of file content.",
            },
            Attr {
                name: "content_base64sha512",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Base64 encoded SHA512 checksum of file content.",
            },
        ],
    },
    Schema {
        kind: "data_source_schemas",
        name: "local_command",
        markdown: true,
        description: concat!(
            "Runs an executable on the local machine and returns the exit code, standard output data (`stdout`), and standard error data (`stderr`). ",
            "All environment variables visible to the Terraform process are passed through to the child process. Both `stdout` and `stderr` returned by this data source ",
            "are UTF-8 strings, which can be decoded into [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) for use elsewhere in the Terraform configuration. ",
            "There are built-in decoding functions such as [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode) or [`yamldecode`](https://developer.hashicorp.com/terraform/language/functions/yamldecode), ",
            "and more specialized [decoding functions](https://developer.hashicorp.com/terraform/plugin/framework/functions/concepts) can be built with a Terraform provider.",
            "\n\n",
            "Any non-zero exit code returned by the command will be treated as an error and will return a diagnostic to Terraform containing the `stderr` message if available. ",
            "If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.",
            "\n\n",
            "~> **Warning** This mechanism is provided as an \"escape hatch\" for exceptional situations where a first-class Terraform provider is not more appropriate. ",
            "Its capabilities are limited in comparison to a true data source, and implementing a data source via a local executable is likely to hurt the ",
            "portability of your Terraform configuration by creating dependencies on external programs and libraries that may not be available (or may need to be used differently) ",
            "on different operating systems.",
            "\n\n",
            "~> **Warning** HCP Terraform and Terraform Enterprise do not guarantee availability of any particular language runtimes or external programs beyond standard shell utilities, ",
            "so it is not recommended to use this data source within configurations that are applied within either.",
        ),
        attributes: &[
            Attr {
                name: "command",
                ty: r#""string""#,
                mode: Required,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Executable name to be discovered on the PATH or absolute path to executable.",
            },
            Attr {
                name: "arguments",
                ty: r#"["list","string"]"#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: "Arguments to be passed to the given command. Any `null` arguments will be removed from the list.",
            },
            Attr {
                name: "stdin",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: concat!(
                    "Data to be passed to the given command's standard input as a UTF-8 string. [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) can be encoded ",
                    "by any Terraform encode function, for example, [`jsonencode`](https://developer.hashicorp.com/terraform/language/functions/jsonencode).",
                ),
            },
            Attr {
                name: "working_directory",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "The directory path where the command should be executed, either an absolute path or relative to the Terraform working directory. If not provided, defaults to the Terraform working directory.",
            },
            Attr {
                name: "allow_non_zero_exit_code",
                ty: r#""bool""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: concat!(
                    "Indicates that the command returning a non-zero exit code should be treated as a successful execution. ",
                    "Further assertions can be made of the `exit_code` value with the [`check` block](https://developer.hashicorp.com/terraform/language/block/check). Defaults to false.",
                ),
            },
            Attr {
                name: "exit_code",
                ty: r#""number""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: concat!(
                    "The exit code returned by the command. By default, if the exit code is non-zero, the data source will return a diagnostic to Terraform. ",
                    "If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.",
                ),
            },
            Attr {
                name: "stdout",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: concat!(
                    "Data returned from the command's standard output stream. The data is returned directly from the command as a UTF-8 string, ",
                    "which can then be decoded by any Terraform decode function, for example, [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode).",
                ),
            },
            Attr {
                name: "stderr",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Data returned from the command's standard error stream. The data is returned directly from the command as a UTF-8 string and will be ",
                    "populated regardless of the exit code returned.",
                ),
            },
        ],
    },
    Schema {
        kind: "ephemeral_resource_schemas",
        name: "local_command",
        markdown: true,
        description: concat!(
            "Runs an executable on the local machine and returns the exit code, standard output data (`stdout`), and standard error data (`stderr`). ",
            "All environment variables visible to the Terraform process are passed through to the child process. Both `stdout` and `stderr` returned by this ephemeral resource ",
            "are UTF-8 strings, which can be decoded into [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) for use elsewhere in the Terraform configuration. ",
            "There are built-in decoding functions such as [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode) or [`yamldecode`](https://developer.hashicorp.com/terraform/language/functions/yamldecode), ",
            "and more specialized [decoding functions](https://developer.hashicorp.com/terraform/plugin/framework/functions/concepts) can be built with a Terraform provider.",
            "\n\n",
            "Any non-zero exit code returned by the command will be treated as an error and will return a diagnostic to Terraform containing the `stderr` message if available. ",
            "If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.",
            "\n\n",
            "~> **Warning** This mechanism is provided as an \"escape hatch\" for exceptional situations where a first-class Terraform provider is not more appropriate. ",
            "Its capabilities are limited in comparison to a true ephemeral resource, and implementing an ephemeral resource via a local executable is likely to hurt the ",
            "portability of your Terraform configuration by creating dependencies on external programs and libraries that may not be available (or may need to be used differently) ",
            "on different operating systems.",
            "\n\n",
            "~> **Warning** HCP Terraform and Terraform Enterprise do not guarantee availability of any particular language runtimes or external programs beyond standard shell utilities, ",
            "so it is not recommended to use this ephemeral resource within configurations that are applied within either.",
        ),
        attributes: &[
            Attr {
                name: "command",
                ty: r#""string""#,
                mode: Required,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Executable name to be discovered on the PATH or absolute path to executable.",
            },
            Attr {
                name: "arguments",
                ty: r#"["list","string"]"#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: "Arguments to be passed to the given command. Any `null` arguments will be removed from the list.",
            },
            Attr {
                name: "stdin",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: concat!(
                    "Data to be passed to the given command's standard input as a UTF-8 string. [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) can be encoded ",
                    "by any Terraform encode function, for example, [`jsonencode`](https://developer.hashicorp.com/terraform/language/functions/jsonencode).",
                ),
            },
            Attr {
                name: "working_directory",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "The directory path where the command should be executed, either an absolute path or relative to the Terraform working directory. If not provided, defaults to the Terraform working directory.",
            },
            Attr {
                name: "allow_non_zero_exit_code",
                ty: r#""bool""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: concat!(
                    "Indicates that the command returning a non-zero exit code should be treated as a successful execution. ",
                    "Further assertions can be made of the `exit_code` value with the [`check` block](https://developer.hashicorp.com/terraform/language/block/check). Defaults to false.",
                ),
            },
            Attr {
                name: "exit_code",
                ty: r#""number""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: concat!(
                    "The exit code returned by the command. By default, if the exit code is non-zero, the ephemeral resource will return a diagnostic to Terraform. ",
                    "If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.",
                ),
            },
            Attr {
                name: "stdout",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: concat!(
                    "Data returned from the command's standard output stream. The data is returned directly from the command as a UTF-8 string, ",
                    "which can then be decoded by any Terraform decode function, for example, [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode).",
                ),
            },
            Attr {
                name: "stderr",
                ty: r#""string""#,
                mode: Computed,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: concat!(
                    "Data returned from the command's standard error stream. The data is returned directly from the command as a UTF-8 string and will be ",
                    "populated regardless of the exit code returned.",
                ),
            },
        ],
    },
    Schema {
        kind: "action_schemas",
        name: "local_command",
        markdown: true,
        description: concat!(
            "Invokes an executable on the local machine. All environment variables visible to the Terraform process are passed through ",
            "to the child process. Additional environment variables can be explicitly set via the `environment` attribute; these are merged on top of ",
            "the inherited environment, with the provided values taking precedence. After the child process successfully executes, the `stdout` will be ",
            "returned for Terraform to display to the user.\n\n",
            "Any non-zero exit code will be treated as an error and will return a diagnostic to Terraform containing the `stderr` message if available.",
        ),
        attributes: &[
            Attr {
                name: "command",
                ty: r#""string""#,
                mode: Required,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Executable name to be discovered on the PATH or absolute path to executable.",
            },
            Attr {
                name: "arguments",
                ty: r#"["list","string"]"#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: true,
                description: "Arguments to be passed to the given command. Any `null` arguments will be removed from the list.",
            },
            Attr {
                name: "stdin",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Data to be passed to the given command's standard input.",
            },
            Attr {
                name: "working_directory",
                ty: r#""string""#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "The directory path where the command should be executed, either an absolute path or relative to the Terraform working directory. If not provided, defaults to the Terraform working directory.",
            },
            Attr {
                name: "environment",
                ty: r#"["map","string"]"#,
                mode: Optional,
                sensitive: false,
                deprecated: None,
                markdown: false,
                description: "Environment variables to set for the command. These are merged with the environment variables inherited from the Terraform process, with these values taking precedence.",
            },
        ],
    },
];

/// The port's schema document, as Terraform 1.15.5 prints it (which prints deprecation
/// messages).
fn document() -> Value {
    let exe = env!("CARGO_BIN_EXE_terraform-provider-local");
    let out = Command::new(exe)
        .args(["--schema-json", "--terraform-version", "1.15.5"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {exe}: {e}"));
    assert!(
        out.status.success(),
        "--schema-json failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("--schema-json prints JSON");
    doc["provider_schemas"]["registry.terraform.io/hashicorp/local"].clone()
}

fn keys(object: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = (object.as_object().into_iter().flatten())
        .map(|(k, _)| k.as_str())
        .collect();
    keys.sort_unstable();
    keys
}

#[test]
fn every_type_is_upstreams_and_only_those() {
    let doc = document();
    assert_eq!(
        keys(&doc),
        [
            "action_schemas",
            "data_source_schemas",
            "ephemeral_resource_schemas",
            "functions",
            "provider",
            "resource_schemas"
        ]
    );
    for kind in [
        "resource_schemas",
        "data_source_schemas",
        "ephemeral_resource_schemas",
        "action_schemas",
    ] {
        let mut upstream: Vec<&str> = (SCHEMAS.iter())
            .filter(|s| s.kind == kind)
            .map(|s| s.name)
            .collect();
        upstream.sort_unstable();
        assert_eq!(keys(&doc[kind]), upstream, "{kind}");
    }
    assert_eq!(keys(&doc["functions"]), ["direxists"]);
    // Upstream's provider block: no attributes, no description.
    assert_eq!(
        doc["provider"],
        json!({"version": 0, "block": {"description_kind": "plain"}})
    );
}

#[test]
fn every_attribute_is_declared_as_upstream_declares_it() {
    let doc = document();
    for schema in SCHEMAS {
        let at = format!("{} {}", schema.kind, schema.name);
        let got = &doc[schema.kind][schema.name];
        // Actions have no schema version; the other types are at upstream's 0.
        let expected_keys: &[&str] = if schema.kind == "action_schemas" {
            &["block"]
        } else {
            &["block", "version"]
        };
        assert_eq!(keys(got), expected_keys, "{at}");
        if schema.kind != "action_schemas" {
            assert_eq!(got["version"], 0, "{at}: schema version");
        }
        let block = &got["block"];
        // No nested blocks: only attributes and the type's description.
        assert_eq!(
            keys(block),
            ["attributes", "description", "description_kind"],
            "{at}"
        );
        assert_eq!(
            block["description"], schema.description,
            "{at}: description"
        );
        assert_eq!(
            block["description_kind"],
            kind_of(schema.markdown),
            "{at}: description kind"
        );
        let mut names: Vec<&str> = schema.attributes.iter().map(|a| a.name).collect();
        names.sort_unstable();
        assert_eq!(keys(&block["attributes"]), names, "{at}: attribute names");
        for attr in schema.attributes {
            assert_eq!(
                block["attributes"][attr.name],
                attr.expected(),
                "{at}: attribute {}",
                attr.name
            );
        }
    }
}

#[test]
fn the_function_is_declared_as_upstream_declares_it() {
    let doc = document();
    let expected = json!({
        "summary": "Determines whether a directory exists at a given path.",
        "description": concat!(
            "Given a path string, will return true if the directory exists. ",
            "This function works only with directories. If used with a file, the function will return an error.\n\n",
            "This function behaves similar to the built-in [`fileexists`](https://developer.hashicorp.com/terraform/language/functions/fileexists) function, ",
            "however, `direxists` will not replace filesystem paths including `~` with the current user's home directory path. This functionality can be achieved by using the built-in ",
            "[`pathexpand`](https://developer.hashicorp.com/terraform/language/functions/pathexpand) function with `direxists`, see example below.",
        ),
        "parameters": [{
            "name": "path",
            "description": "Relative or absolute path to check for the existence of a directory",
            "type": "string",
        }],
        "return_type": "bool",
    });
    assert_eq!(doc["functions"]["direxists"], expected);
}

#[test]
fn the_table_holds_each_type_once_and_each_attribute_once() {
    // The comparison above is only as good as the table: no type or attribute twice.
    let mut types: Vec<(&str, &str)> = SCHEMAS.iter().map(|s| (s.kind, s.name)).collect();
    types.sort_unstable();
    types.dedup();
    assert_eq!(types.len(), SCHEMAS.len());
    for schema in SCHEMAS {
        let mut names: Vec<&str> = schema.attributes.iter().map(|a| a.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), schema.attributes.len(), "{}", schema.name);
    }
}
