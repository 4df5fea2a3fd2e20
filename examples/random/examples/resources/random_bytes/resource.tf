# 32 random bytes for a key, kept until the key's name changes.
resource "random_bytes" "jwt_secret" {
  length = 32

  keepers = {
    key_name = "jwt"
  }
}

output "jwt_secret_base64" {
  value     = random_bytes.jwt_secret.base64
  sensitive = true
}
