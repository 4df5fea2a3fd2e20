# A file under another root directory than the provider's: the identity gives both.
import {
  to = localfs_text_file.hosts
  identity = {
    path = "hosts"
    root = "/srv/other"
  }
}
