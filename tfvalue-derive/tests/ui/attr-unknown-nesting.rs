use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Disk {
    size: u32,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block(array))]
    disk: Vec<Disk>,
    #[tf(nested(array))]
    more: Vec<Disk>,
}

fn main() {}
