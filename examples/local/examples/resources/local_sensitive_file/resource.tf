# A file whose content is sensitive: hidden from plans and Terraform's output, and
# written with the permissions 0700 when not set.
variable "api_token" {
  type      = string
  sensitive = true
  default   = "not-a-real-token"
}

resource "local_sensitive_file" "token" {
  filename = "${path.module}/secrets/token"
  content  = var.api_token
}
