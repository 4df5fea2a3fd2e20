# Whether a directory exists (Terraform 1.8 or later): true for a directory, false when
# there is nothing at the path, an error for a file.
output "has_templates" {
  value = provider::local::direxists("${path.module}/templates")
}

# `direxists` takes `~` as it is: `pathexpand` turns it into the home directory first.
output "has_ssh_dir" {
  value = provider::local::direxists(pathexpand("~/.ssh"))
}
