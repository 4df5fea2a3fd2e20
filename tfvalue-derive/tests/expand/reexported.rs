//! A model derived in a crate that reaches tfvalue through a re-export, for the committed
//! expansion beside it (reexported.expanded.rs): every path the generated code writes starts
//! from the given root.

#[derive(TfSchema)]
#[tf(crate = "framework::tfvalue")]
pub struct Bucket {
    pub name: String,
    #[tf(computed)]
    pub arn: Unknown<Nullable<String>>,
    #[tf(block)]
    pub rule: Vec<Rule>,
}
