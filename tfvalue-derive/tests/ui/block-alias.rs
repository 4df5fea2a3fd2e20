use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Disk {
    size: i64,
}

type Disks = Vec<Disk>;
type Backup = Nullable<Disk>;

#[derive(TfSchema)]
struct Vm {
    #[tf(block)]
    disk: Disks,
    #[tf(block)]
    backup: Backup,
}

fn main() {}
