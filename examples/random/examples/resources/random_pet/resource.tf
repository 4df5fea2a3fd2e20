# A readable name for a bucket, such as "logs-gentle-lynx".
resource "random_pet" "bucket" {
  prefix    = "logs"
  length    = 2
  separator = "-"
}

output "bucket_name" {
  value = random_pet.bucket.id
}
