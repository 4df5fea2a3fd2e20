# The ID is the bytes in standard base64.
terraform import random_bytes.jwt_secret AQIDBAUGBwgJCgsMDQ4PEA==
