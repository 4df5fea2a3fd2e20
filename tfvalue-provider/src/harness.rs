//! The in-process harness: a registered provider's types called through the engine
//! Terraform reaches, with typed models, without Terraform.
