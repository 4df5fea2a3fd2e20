# Read a secret during the run without storing it, and hand it to a write-only argument.
ephemeral "localfs_secret" "db" {
  path = "secrets/db-password"
}

resource "localfs_file" "db_config" {
  path               = "app/db-password"
  content_wo         = ephemeral.localfs_secret.db.value
  content_wo_version = 1
  permissions        = "0600"
}
