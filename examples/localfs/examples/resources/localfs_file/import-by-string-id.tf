# The ID is the file's path relative to the provider's root directory.
import {
  to = localfs_file.motd
  id = "etc/motd"
}
