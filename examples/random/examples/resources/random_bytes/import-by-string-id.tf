# The ID is the bytes in standard base64.
import {
  to = random_bytes.jwt_secret
  id = "AQIDBAUGBwgJCgsMDQ4PEA=="
}
