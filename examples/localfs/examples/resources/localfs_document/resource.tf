# A JSON document with nested blocks and a nested attribute.
resource "localfs_document" "service" {
  path  = "docs/service.json"
  title = "Billing service"
  tags  = ["billing", "internal"]

  labels = {
    team = "payments"
  }

  server = {
    host = "billing.internal"
    port = 8443
  }

  owner {
    name  = "Payments team"
    email = "payments@example.com"
  }

  section {
    name  = "Overview"
    lines = ["Charges customers.", "Sends receipts."]
  }

  section {
    name = "Runbook"
  }

  include {
    path = "docs/common.json"
  }

  # A JSON document of its own, stored compact with its members sorted.
  settings = jsonencode({
    retries = 3
    region  = "eu"
  })
}
