# The ID is the password itself.
terraform import random_password.db an-existing-password
