# A server name with a random suffix, new whenever the image changes.
variable "image_id" {
  type    = string
  default = "img-0123"
}

resource "random_id" "server" {
  byte_length = 8
  prefix      = "web-"

  keepers = {
    image_id = var.image_id
  }
}

output "server_name" {
  value = random_id.server.hex
}
