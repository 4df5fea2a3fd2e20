//! Generates the protocol's Rust types and gRPC service glue from the project's own
//! `.proto` files, with no system `protoc`: protox (pure Rust) parses them into a
//! descriptor set and tonic-build generates from that.

fn main() {
    let files = ["proto/tfplugin6.proto", "proto/grpc_controller.proto"];
    for file in files {
        println!("cargo:rerun-if-changed={file}");
    }
    let descriptors = match protox::compile(files, ["proto"]) {
        Ok(descriptors) => descriptors,
        Err(error) => panic!("the protocol definitions do not parse: {error}"),
    };
    // The descriptors themselves, for the cassettes' JSON (src/transport/record/json.rs),
    // which names each field of a recorded message as the protocol does.
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let encoded = prost::Message::encode_to_vec(&descriptors);
    let path = std::path::Path::new(&out_dir).join("tfplugin6_descriptors.bin");
    if let Err(error) = std::fs::write(&path, encoded) {
        panic!("writing {} failed: {error}", path.display());
    }
    let result = tonic_build::configure()
        .build_server(true)
        .build_client(true)
        .compile_fds(descriptors);
    if let Err(error) = result {
        panic!("generating the protocol code failed: {error}");
    }
}
