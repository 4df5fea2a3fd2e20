# A database password of 24 characters with at least two of each kind; `result` is
# sensitive, and `bcrypt_hash` holds its bcrypt hash.
resource "random_password" "db" {
  length           = 24
  min_lower        = 2
  min_upper        = 2
  min_numeric      = 2
  min_special      = 2
  override_special = "!#$%&*()-_=+"
}

output "db_password" {
  value     = random_password.db.result
  sensitive = true
}
