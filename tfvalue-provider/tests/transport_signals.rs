//! `serve` with the process's real signals: SIGINT is ignored, SIGTERM stops the server
//! cleanly. A test binary of its own, because the handlers stay installed for the rest
//! of the process's life.

mod support;

use std::process::Command;

use support::*;
use tfvalue_provider::__private as transport;
use tokio::sync::oneshot;

fn send_signal(name: &str) {
    let pid = std::process::id().to_string();
    let status = Command::new("kill")
        .args([format!("-{name}"), pid])
        .status()
        .expect("the kill command runs");
    assert!(status.success(), "kill -{name} failed: {status}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigint_is_ignored_and_sigterm_stops_the_server() {
    let (line_tx, line_rx) = oneshot::channel();
    let task = tokio::spawn(async move {
        let mut out = Capture::new(line_tx);
        transport::serve(Mock::default(), transport::PluginEnv::debug(), &mut out).await
    });
    let line = guarded("the handshake line", line_rx)
        .await
        .expect("a handshake line");
    let line = String::from_utf8(line).expect("UTF-8");
    let socket = std::path::PathBuf::from(parse_line(line.trim_end()).socket);

    // Were SIGINT not handled, it would end this test process here.
    send_signal("INT");
    let channel = plain_channel(&socket).await.expect("connected");
    metadata(channel.clone())
        .await
        .expect("still serving after SIGINT");

    send_signal("TERM");
    let result = guarded("the serve future after SIGTERM", task)
        .await
        .expect("the serve task did not panic");
    result.expect("serve ended without error");
    assert!(!socket.exists(), "the socket was removed");
    assert!(!socket.parent().expect("a directory").exists());
}
