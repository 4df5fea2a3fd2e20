//! Unit tests of the provider's types through the harness (tfvalue_provider::harness):
//! the requests Terraform sends, in process, with no Terraform installed.
