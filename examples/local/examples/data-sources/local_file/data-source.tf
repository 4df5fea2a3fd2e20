# Reads a file, and its checksums, from disk.
data "local_file" "motd" {
  filename = "${path.module}/motd.txt"
}

output "motd_sha256" {
  value = data.local_file.motd.content_sha256
}
