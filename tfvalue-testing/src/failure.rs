//! What a failed test step reports: enough to see the problem without running it again.

use std::fmt;
use std::path::PathBuf;

/// A failed check of a [`Test`](crate::Test), with its context.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The test's name.
    pub test: String,
    /// The Terraform version it ran with.
    pub terraform_version: String,
    /// The step (from 1), or `None` for the final destroy.
    pub step: Option<usize>,
    /// What the step does.
    pub step_summary: String,
    /// The check that failed, as it reads.
    pub check: String,
    /// What was found instead.
    pub found: String,
    /// The configuration the step used (its `main.tf`), if one.
    pub config: Option<String>,
    /// The step's other configuration files, by name, as written: the `import` block of an
    /// import step (`import.tf`) and the configuration Terraform generated
    /// (`generated.tf`).
    pub files: Vec<(String, String)>,
    /// The resource the check is about, to point at its block in the configuration.
    pub address: Option<String>,
    /// The output of the Terraform command the check looked at, if one.
    pub terraform_output: Option<String>,
    /// The kept workspace.
    pub workspace: PathBuf,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = self
            .step
            .map_or_else(|| "the final destroy".to_owned(), |n| format!("step {n}"));
        writeln!(
            f,
            "{} failed with Terraform {} at {step} ({})",
            self.test, self.terraform_version, self.step_summary
        )?;
        writeln!(f, "check: {}", self.check)?;
        writeln!(f, "found: {}", self.found)?;
        match &self.config {
            Some(config) if config.trim().is_empty() => {
                writeln!(f, "configuration (main.tf): empty")?;
            }
            Some(config) => {
                let marked = marked_lines(
                    config,
                    self.terraform_output.as_deref(),
                    self.address.as_deref(),
                );
                writeln!(
                    f,
                    "configuration (main.tf){}:",
                    if marked.is_empty() {
                        ""
                    } else {
                        ", `>` marks the line involved"
                    }
                )?;
                for (n, line) in config.lines().enumerate() {
                    let mark = if marked.contains(&(n + 1)) { '>' } else { ' ' };
                    writeln!(f, "{mark}{:4} | {line}", n + 1)?;
                }
            }
            None => {}
        }
        for (name, text) in &self.files {
            writeln!(f, "{name}:")?;
            for (n, line) in text.lines().enumerate() {
                writeln!(f, " {:4} | {line}", n + 1)?;
            }
        }
        if let Some(output) = &self.terraform_output {
            writeln!(f, "Terraform's output:\n{output}")?;
        }
        write!(f, "workspace kept: {}", self.workspace.display())
    }
}

/// The lines of `config` to point at: those Terraform's output names (`on main.tf line
/// N`), else the first line of the block of the resource at `address`.
pub(crate) fn marked_lines(
    config: &str,
    output: Option<&str>,
    address: Option<&str>,
) -> Vec<usize> {
    let mut lines: Vec<usize> = Vec::new();
    if let Some(output) = output {
        let mut rest = output;
        while let Some(at) = rest.find("on main.tf line ") {
            rest = &rest[at + "on main.tf line ".len()..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = digits.parse::<usize>() {
                if !lines.contains(&n) {
                    lines.push(n);
                }
            }
        }
    }
    if lines.is_empty() {
        if let Some(line) = address.and_then(|a| block_line(config, a)) {
            lines.push(line);
        }
    }
    lines
}

/// The line (from 1) where the block of the resource at `address` (`type.name`,
/// `data.type.name`) starts in `config`.
fn block_line(config: &str, address: &str) -> Option<usize> {
    let (keyword, rest) = match address.strip_prefix("data.") {
        Some(rest) => ("data", rest),
        None => ("resource", address),
    };
    let (kind, name) = rest.split_once('.')?;
    let name = name.split('[').next().unwrap_or(name);
    config
        .lines()
        .position(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words.len() >= 3
                && words[0] == keyword
                && words[1].trim_matches('"') == kind
                && words[2].trim_matches('"') == name
        })
        .map(|n| n + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONFIG: &str = "provider \"x\" {}\n\nresource \"x_file\" \"a\" {\n  path = 1\n}\ndata \"x_dir\" \"d\" {}\n";

    #[test]
    fn terraform_s_line_numbers_win_then_the_resource_block() {
        let out = "Error: bad\n\n  on main.tf line 4, in resource \"x_file\" \"a\":\n";
        assert_eq!(marked_lines(CONFIG, Some(out), Some("x_file.a")), vec![4]);
        assert_eq!(
            marked_lines(CONFIG, Some("no lines"), Some("x_file.a")),
            vec![3]
        );
        assert_eq!(marked_lines(CONFIG, None, Some("data.x_dir.d")), vec![6]);
        assert_eq!(
            marked_lines(CONFIG, None, Some("x_file.zz")),
            Vec::<usize>::new()
        );
    }

    #[test]
    fn the_report_names_everything() {
        let failure = Failure {
            test: "my_test".into(),
            terraform_version: "1.11.4".into(),
            step: Some(2),
            step_summary: "apply the configuration".into(),
            check: "x_file.a.path equals 2".into(),
            found: "found 1".into(),
            config: Some(CONFIG.into()),
            files: Vec::new(),
            address: Some("x_file.a".into()),
            terraform_output: Some("--- stdout\nApply complete!".into()),
            workspace: PathBuf::from("/tmp/ws"),
        };
        let text = failure.to_string();
        for part in [
            "my_test failed with Terraform 1.11.4 at step 2 (apply the configuration)",
            "check: x_file.a.path equals 2",
            "found: found 1",
            ">   3 | resource \"x_file\" \"a\" {",
            "    4 |   path = 1",
            "Apply complete!",
            "workspace kept: /tmp/ws",
        ] {
            assert!(text.contains(part), "{part:?} not in\n{text}");
        }
    }

    #[test]
    fn an_empty_configuration_is_said_and_the_other_files_shown() {
        let failure = Failure {
            test: "import".into(),
            terraform_version: "1.15.5".into(),
            step: Some(2),
            step_summary: "import block".into(),
            check: "the plan imports x_file.a and changes nothing".into(),
            found: "x_file.a: imported, then delete, create".into(),
            config: Some(String::new()),
            files: vec![(
                "import.tf".into(),
                "import {\n  to = x_file.a\n  id = \"a\"\n}\n".into(),
            )],
            address: Some("x_file.a".into()),
            terraform_output: None,
            workspace: PathBuf::from("/tmp/ws"),
        };
        let text = failure.to_string();
        assert!(
            text.contains(
                "configuration (main.tf): empty\nimport.tf:\n    1 | import {\n    2 |   to = x_file.a\n    3 |   id = \"a\"\n    4 | }\n"
            ),
            "{text}"
        );
    }
}
