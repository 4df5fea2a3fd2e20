# A password that is in no plan or state (Terraform 1.10 or later), handed to a
# write-only argument or another ephemeral context.
ephemeral "random_password" "admin" {
  length      = 20
  min_special = 2
}

locals {
  admin_password_length = length(ephemeral.random_password.admin.result)
}
