# Two of the zones, in a random order that stays until the list changes.
resource "random_shuffle" "zones" {
  input        = ["zone-a", "zone-b", "zone-c", "zone-d"]
  result_count = 2
}

output "zones" {
  value = random_shuffle.zones.result
}
