# The ID is the file's path relative to the provider's root directory.
terraform import localfs_file.motd etc/motd
