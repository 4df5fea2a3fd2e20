# A lower-case suffix of 6 letters and digits for a name.
resource "random_string" "suffix" {
  length  = 6
  special = false
  upper   = false
}

output "name" {
  value = "app-${random_string.suffix.result}"
}
