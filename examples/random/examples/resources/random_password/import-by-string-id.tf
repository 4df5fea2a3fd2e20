# The ID is the password itself. The import takes `length` from it and the defaults for
# every other argument (`special`, `upper`, `lower`, `numeric` true, each `min_*` 0, no
# `override_special`): a configuration that says otherwise plans a replacement.
import {
  to = random_password.db
  id = "an-existing-password"
}
