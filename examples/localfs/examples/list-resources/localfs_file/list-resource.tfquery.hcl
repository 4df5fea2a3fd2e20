# Lists the files ending in ".conf" directly under etc/ (Terraform 1.14 or later:
# `terraform query`). `terraform query -generate-config-out=generated.tf` writes a
# resource block and an import block for each file found.
list "localfs_file" "configs" {
  provider = localfs

  config {
    directory = "etc"
    suffix    = ".conf"
  }
}
