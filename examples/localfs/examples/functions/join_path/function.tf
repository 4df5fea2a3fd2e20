output "config_path" {
  value = provider::localfs::join_path("etc", "app", "config.json") # "etc/app/config.json"
}
