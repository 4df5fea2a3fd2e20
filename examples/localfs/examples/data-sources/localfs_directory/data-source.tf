data "localfs_directory" "etc" {
  path = "etc"
}

output "etc_entries" {
  value = data.localfs_directory.etc.entries
}
