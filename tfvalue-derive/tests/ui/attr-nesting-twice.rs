use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Disk {
    size: u32,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block(list, list))]
    disk: Vec<Disk>,
}

fn main() {}
