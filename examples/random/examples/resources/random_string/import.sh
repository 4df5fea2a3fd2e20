# The ID is the string itself.
terraform import random_string.suffix k3x9qa
