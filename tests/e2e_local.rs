//! End to end: the upstream acceptance steps of hashicorp/terraform-provider-local,
//! ported onto the real Terraform CLI and the port in `examples/local` (the bin
//! `terraform-provider-local`).
