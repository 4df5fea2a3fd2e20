# The ID is the password itself. Imported, the password keeps the defaults of the other
# arguments: a configuration with other values plans a replacement.
import {
  to = random_password.db
  id = "an-existing-password"
}
