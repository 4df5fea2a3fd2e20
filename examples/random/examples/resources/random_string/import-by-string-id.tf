# The ID is the string itself.
import {
  to = random_string.suffix
  id = "k3x9qa"
}
