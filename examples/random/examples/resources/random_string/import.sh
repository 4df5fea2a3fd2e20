# The ID is the string itself (see the import block above for the arguments it sets).
terraform import random_string.suffix k3x9qa
