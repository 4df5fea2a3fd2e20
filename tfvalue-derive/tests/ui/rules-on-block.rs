use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Disk {
    size: i64,
}

#[derive(TfSchema)]
struct Vm {
    #[tf(block, requires_replace)]
    disk: Vec<Disk>,
}

fn main() {}
