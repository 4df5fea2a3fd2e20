# A priority between 1 and 50000 for a listener rule, drawn again when the listener
# changes.
resource "random_integer" "priority" {
  min = 1
  max = 50000

  keepers = {
    listener = "https"
  }
}

output "priority" {
  value = random_integer.priority.result
}
