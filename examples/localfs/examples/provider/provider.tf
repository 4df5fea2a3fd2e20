# Every path the provider manages is relative to this directory.
provider "localfs" {
  root = "/srv/app"
}
