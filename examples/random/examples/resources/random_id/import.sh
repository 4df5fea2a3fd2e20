# The ID is the bytes in URL-safe base64 without padding, after the prefix and a comma
# when the resource has a prefix.
terraform import random_id.server web-,p-9hUg
