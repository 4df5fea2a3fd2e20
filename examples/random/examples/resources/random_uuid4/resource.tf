# A version 4 UUID, new whenever the request's name changes.
resource "random_uuid4" "request" {
  keepers = {
    name = "nightly"
  }
}

output "request_id" {
  value = random_uuid4.request.result
}
