# The ID is the password itself (see the import block above for the arguments it sets).
terraform import random_password.db an-existing-password
