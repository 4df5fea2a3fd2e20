resource "localfs_file" "motd" {
  path        = "etc/motd"
  content     = "Welcome.\n"
  permissions = "0644"
}

# A file whose text never enters the plan or the state: written on create, and again
# whenever content_wo_version changes.
resource "localfs_file" "token" {
  path               = "secrets/token"
  content_wo         = var.token
  content_wo_version = 1
  permissions        = "0600"
}

variable "token" {
  type      = string
  sensitive = true
  ephemeral = true
}
