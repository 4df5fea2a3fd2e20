// A path where a key is expected, on the struct and on a field.
use tfvalue::TfSchema;

#[derive(TfSchema)]
#[tf(schema::version = 1)]
struct Thing {
    #[tf(tf::required)]
    name: String,
}

fn main() {}
