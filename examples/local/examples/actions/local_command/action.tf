# Runs a command after the file is written (Terraform 1.14 or later);
# `terraform apply -invoke=action.local_command.notify` runs it on request.
resource "local_file" "release" {
  filename = "${path.module}/release.txt"
  content  = "v2\n"

  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.local_command.notify]
    }
  }
}

action "local_command" "notify" {
  config {
    command   = "echo"
    arguments = ["released v2"]
  }
}
