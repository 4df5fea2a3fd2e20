# The ID is the bytes in URL-safe base64 without padding, after the prefix and a comma
# when the resource has a prefix.
import {
  to = random_id.server
  id = "web-,p-9hUg"
}
