use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Disk {
    size: u32,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block, nested)]
    disk: Vec<Disk>,
}

fn main() {}
