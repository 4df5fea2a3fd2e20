# The ID is a version 7 UUID.
import {
  to = random_uuid7.event
  id = "019ac60a-fc00-7abc-9def-0123456789ab"
}
