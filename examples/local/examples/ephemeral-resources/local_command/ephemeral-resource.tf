# Runs a command whose output is in no plan or state (Terraform 1.10 or later), such as
# one that prints a short-lived credential.
ephemeral "local_command" "token" {
  command   = "printf"
  arguments = ["%s", "short-lived-token"]
}

locals {
  token_length = length(ephemeral.local_command.token.stdout)
}
