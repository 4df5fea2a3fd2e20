# A version 7 UUID, which sorts by the time it was made.
resource "random_uuid7" "event" {}

output "event_id" {
  value = random_uuid7.event.result
}
