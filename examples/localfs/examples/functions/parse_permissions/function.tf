locals {
  mode = provider::localfs::parse_permissions("rw-r-----")
}

resource "localfs_file" "report" {
  path        = "reports/today.txt"
  content     = "ok\n"
  permissions = local.mode.octal # "0640"
}
