# Runs a command while reading data, and reads what it printed.
data "local_command" "git_head" {
  command   = "git"
  arguments = ["rev-parse", "HEAD"]
}

output "commit" {
  value = trimspace(data.local_command.git_head.stdout)
}
