# A file written from the configuration; changing its content replaces it.
resource "local_file" "motd" {
  filename        = "${path.module}/motd.txt"
  content         = "Welcome.\n"
  file_permission = "0644"
}

# A copy of another file.
resource "local_file" "copy" {
  filename = "${path.module}/motd.copy.txt"
  source   = local_file.motd.filename
}
