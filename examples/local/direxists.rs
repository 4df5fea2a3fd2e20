//! The function `direxists`: whether a directory exists at a path
//! (`provider::local::direxists(path)`).

use tfvalue_provider::{Context, Function, FunctionError, Signature};

use crate::go_os::{abs, path_error, quote};

/// The `direxists` function.
pub struct DirExists;

/// Whether `input` names a directory: `false` when nothing is there.
///
/// # Errors
/// A file that is not a directory, or one that cannot be examined: upstream's texts.
pub fn dir_exists(input: &str) -> Result<bool, String> {
    let path =
        abs(input).map_err(|e| format!("Error expanding relative path to absolute path: {e}"))?;
    match std::fs::metadata(&path) {
        Ok(meta) if meta.is_dir() => Ok(true),
        Ok(_) => Err(format!(
            "Invalid file mode detected: {} was found, but is not a directory",
            quote(input)
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(format!(
            "Error checking for directory: {}",
            path_error("stat", &path, &e)
        )),
    }
}

impl Function for DirExists {
    type Args = (String,);
    type Output = bool;
    type Data = ();

    fn signature(&self) -> Signature {
        Signature::new("Determines whether a directory exists at a given path.")
            .description(
                "Given a path string, will return true if the directory exists. \
                 This function works only with directories. If used with a file, the function will return an error.\n\n\
                 This function behaves similar to the built-in [`fileexists`](https://developer.hashicorp.com/terraform/language/functions/fileexists) function, \
                 however, `direxists` will not replace filesystem paths including `~` with the current user's home directory path. This functionality can be achieved by using the built-in \
                 [`pathexpand`](https://developer.hashicorp.com/terraform/language/functions/pathexpand) function with `direxists`, see example below.",
            )
            .param(
                "path",
                "Relative or absolute path to check for the existence of a directory",
            )
    }

    async fn call(&self, _: &mut Context<()>, (path,): (String,)) -> Result<bool, FunctionError> {
        dir_exists(&path).map_err(|e| FunctionError::argument(0, e))
    }
}
