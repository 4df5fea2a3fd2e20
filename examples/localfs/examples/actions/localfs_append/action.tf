# Appends a line to deploy.log each time the release file is written (Terraform 1.14 or
# later); `terraform apply -invoke=action.localfs_append.log` appends it on request.
resource "localfs_file" "release" {
  path    = "release.txt"
  content = "v2\n"

  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.localfs_append.log]
    }
  }
}

action "localfs_append" "log" {
  config {
    path  = "deploy.log"
    lines = ["released v2"]
  }
}
