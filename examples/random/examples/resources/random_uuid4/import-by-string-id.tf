# The ID is a version 4 UUID.
import {
  to = random_uuid4.request
  id = "4f1c1e5e-8f3a-4c2b-9d8e-3a6b2c1d0e9f"
}
