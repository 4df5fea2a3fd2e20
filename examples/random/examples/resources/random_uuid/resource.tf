# A random (version 4) UUID as an instance's tag.
resource "random_uuid" "instance" {}

output "instance_tag" {
  value = random_uuid.instance.result
}
