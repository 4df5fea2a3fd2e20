# The identity names the file by its path relative to the provider's root directory;
# `root` may be left out, meaning the root of the provider block.
import {
  to = localfs_file.motd
  identity = {
    path = "etc/motd"
  }
}
