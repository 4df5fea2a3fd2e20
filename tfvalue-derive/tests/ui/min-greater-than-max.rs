use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Disk {
    size: u32,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block(list, min_items = 3, max_items = 2))]
    disk: Vec<Disk>,
}

fn main() {}
