use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Disk {
    size: u32,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block, required, optional, sensitive)]
    disk: Vec<Disk>,
}

fn main() {}
