# 32 random bytes that are in no plan or state (Terraform 1.10 or later).
ephemeral "random_bytes" "session_key" {
  length = 32
}

locals {
  session_key_hex_length = length(ephemeral.random_bytes.session_key.hex)
}
