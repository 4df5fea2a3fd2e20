//! The command line of `terraform-provider-<name> --schema-json`: which address the
//! provider is printed under, and which Terraform release's output is reproduced.

use std::ffi::OsString;
use std::path::Path;

use tfvalue::schema::ProvidersJson;

/// The flag that asks a provider executable for its schema instead of serving Terraform.
pub(crate) const SCHEMA_JSON_FLAG: &str = "--schema-json";

/// How `--schema-json` is used, printed after a mistake.
pub(crate) const USAGE: &str = "\
usage: terraform-provider-<name> --schema-json [--provider-address ADDRESS] [--terraform-version VERSION]

Prints the provider's whole schema as `terraform providers schema -json` prints it.
  --provider-address   the source address the provider is printed under; by default
                       registry.terraform.io/hashicorp/<name>, <name> taken from the
                       executable's file name terraform-provider-<name>[_vX.Y.Z]
  --terraform-version  the Terraform release whose output to reproduce (1.11 or later;
                       by default the latest form: 1.15 and later also print deprecation
                       messages)";

/// A `--schema-json` request.
#[derive(Debug, PartialEq)]
pub(crate) struct Request {
    /// The provider's source address.
    pub(crate) address: String,
    /// The Terraform release whose output to reproduce.
    pub(crate) release: ProvidersJson,
}

/// Reads the process's arguments (the executable's path first). `None` when
/// [`SCHEMA_JSON_FLAG`] is not among them; otherwise the request, or what is wrong with
/// the command line.
pub(crate) fn parse(args: impl IntoIterator<Item = OsString>) -> Option<Result<Request, String>> {
    let mut args = args.into_iter();
    let program = args.next().unwrap_or_default();
    let rest: Vec<OsString> = args.collect();
    if !rest.iter().any(|a| a == SCHEMA_JSON_FLAG) {
        return None;
    }
    Some(parse_request(&program, &rest))
}

fn parse_request(program: &OsString, args: &[OsString]) -> Result<Request, String> {
    let mut address = None;
    let mut version = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let arg = arg
            .to_str()
            .ok_or_else(|| format!("the argument {arg:?} is not valid UTF-8"))?;
        if arg == SCHEMA_JSON_FLAG {
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_owned())),
            _ => (arg, None),
        };
        let slot = match name {
            "--provider-address" => &mut address,
            "--terraform-version" => &mut version,
            _ => return Err(format!("unknown argument {arg:?}")),
        };
        let value = match inline {
            Some(value) => value,
            None => it
                .next()
                .and_then(|v| v.to_str())
                .map(str::to_owned)
                .ok_or_else(|| format!("{name} needs a value"))?,
        };
        if value.is_empty() {
            return Err(format!("{name} needs a value"));
        }
        if slot.replace(value).is_some() {
            return Err(format!("{name} is given twice"));
        }
    }
    let address = match address {
        Some(address) => address,
        None => default_address(program)?,
    };
    let release = match version {
        Some(version) => release_of(&version)?,
        None => ProvidersJson::Terraform1_15,
    };
    Ok(Request { address, release })
}

/// `registry.terraform.io/hashicorp/<name>` for an executable named
/// `terraform-provider-<name>` or `terraform-provider-<name>_v<version>`, the address
/// Terraform gives a provider named only by its type name.
fn default_address(program: &OsString) -> Result<String, String> {
    let file = Path::new(program)
        .file_name()
        .and_then(|f| f.to_str())
        .unwrap_or_default();
    let name = file
        .strip_prefix("terraform-provider-")
        .map(|rest| rest.split_once("_v").map_or(rest, |(name, _)| name))
        .filter(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        });
    match name {
        Some(name) => Ok(format!("registry.terraform.io/hashicorp/{name}")),
        None => Err(format!(
            "the executable's name {file:?} is not terraform-provider-<name>: give \
             --provider-address"
        )),
    }
}

/// The output form of Terraform `version` (`1.15.5`, `v1.11`, `1.16.0-alpha1`).
fn release_of(version: &str) -> Result<ProvidersJson, String> {
    let bad =
        || format!("--terraform-version {version:?} is not a Terraform version such as 1.11.4");
    let digits = version.strip_prefix('v').unwrap_or(version);
    let mut parts = digits.split(['.', '-']);
    let major: u64 = parts.next().and_then(|p| p.parse().ok()).ok_or_else(bad)?;
    let minor: u64 = parts.next().and_then(|p| p.parse().ok()).ok_or_else(bad)?;
    match (major, minor) {
        (1, 15..) | (2.., _) => Ok(ProvidersJson::Terraform1_15),
        (1, 11..) => Ok(ProvidersJson::Terraform1_11),
        _ => Err(format!(
            "--terraform-version {version}: schemas are printed as Terraform 1.11 and later \
             print them (earlier releases know no write-only attributes)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_all(args: &[&str]) -> Option<Result<Request, String>> {
        parse(args.iter().map(OsString::from))
    }

    fn request(address: &str, release: ProvidersJson) -> Option<Result<Request, String>> {
        Some(Ok(Request {
            address: address.to_owned(),
            release,
        }))
    }

    #[test]
    fn without_the_flag_the_provider_serves() {
        assert_eq!(parse_all(&["/bin/terraform-provider-x"]), None);
        assert_eq!(parse_all(&["/bin/terraform-provider-x", "--debug"]), None);
        assert_eq!(parse_all(&[]), None);
    }

    #[test]
    fn the_address_defaults_to_the_executable_name() {
        let latest = ProvidersJson::Terraform1_15;
        assert_eq!(
            parse_all(&["/usr/bin/terraform-provider-localfs", "--schema-json"]),
            request("registry.terraform.io/hashicorp/localfs", latest)
        );
        assert_eq!(
            parse_all(&["terraform-provider-my-cloud_v1.2.3", "--schema-json"]),
            request("registry.terraform.io/hashicorp/my-cloud", latest)
        );
        let Some(Err(message)) = parse_all(&["./provider", "--schema-json"]) else {
            panic!("an executable of another name needs an address");
        };
        assert!(message.contains("--provider-address"), "{message}");
    }

    #[test]
    fn options_in_both_spellings_and_any_order() {
        let want = request("example.com/a/b", ProvidersJson::Terraform1_11);
        let forms: [&[&str]; 4] = [
            &[
                "--schema-json",
                "--provider-address",
                "example.com/a/b",
                "--terraform-version",
                "1.11.4",
            ],
            &[
                "--provider-address=example.com/a/b",
                "--schema-json",
                "--terraform-version=v1.14.0",
            ],
            &[
                "--terraform-version",
                "1.12",
                "--provider-address",
                "example.com/a/b",
                "--schema-json",
            ],
            &[
                "--schema-json",
                "--schema-json",
                "--provider-address=example.com/a/b",
                "--terraform-version=1.13.0-rc1",
            ],
        ];
        for form in forms {
            let args: Vec<&str> = std::iter::once("p").chain(form.iter().copied()).collect();
            assert_eq!(parse_all(&args), want, "{form:?}");
        }
        for version in ["1.15.5", "1.16.0-alpha20260101", "2.0.0"] {
            let args = [
                "terraform-provider-x",
                "--schema-json",
                "--terraform-version",
                version,
            ];
            let Some(Ok(r)) = parse_all(&args) else {
                panic!("{version}")
            };
            assert_eq!(r.release, ProvidersJson::Terraform1_15, "{version}");
        }
    }

    #[test]
    fn mistakes_are_named() {
        let cases: [(&[&str], &str); 7] = [
            (
                &["--schema-json", "--debug"],
                "unknown argument \"--debug\"",
            ),
            (
                &["--schema-json", "--provider-address"],
                "--provider-address needs a value",
            ),
            (
                &["--schema-json", "--provider-address="],
                "--provider-address needs a value",
            ),
            (
                &["--schema-json", "--terraform-version", "latest"],
                "is not a Terraform version",
            ),
            (
                &["--schema-json", "--terraform-version", "1.10.5"],
                "Terraform 1.11 and later",
            ),
            (
                &["--schema-json", "--terraform-version", "0.15"],
                "Terraform 1.11 and later",
            ),
            (
                &[
                    "--schema-json",
                    "--provider-address=a/b/c",
                    "--provider-address",
                    "d/e/f",
                ],
                "--provider-address is given twice",
            ),
        ];
        for (args, want) in cases {
            let all: Vec<&str> = std::iter::once("terraform-provider-x")
                .chain(args.iter().copied())
                .collect();
            let Some(Err(message)) = parse_all(&all) else {
                panic!("{args:?} was accepted")
            };
            assert!(message.contains(want), "{args:?}: {message}");
        }
    }

    #[test]
    fn arguments_that_are_not_utf8_are_refused() {
        use std::os::unix::ffi::OsStringExt;
        let args = vec![
            OsString::from("terraform-provider-x"),
            OsString::from("--schema-json"),
            OsString::from_vec(vec![b'-', 0xff]),
        ];
        let Some(Err(message)) = parse(args) else {
            panic!("accepted")
        };
        assert!(message.contains("not valid UTF-8"), "{message}");
    }
}
