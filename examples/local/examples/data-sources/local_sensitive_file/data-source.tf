# Reads a file whose content is sensitive: Terraform's output hides it.
data "local_sensitive_file" "token" {
  filename = "${path.module}/secrets/token"
}

output "token_length" {
  value     = length(data.local_sensitive_file.token.content)
  sensitive = true
}
