# The ID is the document's path relative to the provider's root directory.
import {
  to = localfs_document.service
  id = "docs/service.json"
}
