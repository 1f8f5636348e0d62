//! `serve` as an author uses it: it serves the pages with the reload script,
//! rebuilds on a save, tells the open tab to reload, and on a broken file
//! reports the diagnostic to the tab and keeps running.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(root: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_backoff-site"))
        .args(["serve", "--port", "0", "--root"])
        .arg(root)
        .arg("--out")
        .arg(root.join("preview"))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    let address = loop {
        line.clear();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "serve exited");
        if let Some(rest) = line.split(" at http://").nth(1) {
            break rest.split('/').next().unwrap().to_string();
        }
    };
    // Keep draining stderr so the server never blocks on a full pipe.
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    Server { child, address }
}

fn get(address: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.to_string(), body.to_string())
}

/// Reads the event stream until `needle` arrives, or fails after 5 s.
fn wait_for(events: &mut BufReader<TcpStream>, needle: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut seen = String::new();
    while Instant::now() < deadline {
        let mut line = String::new();
        match events.read_line(&mut line) {
            Ok(0) => panic!("the event stream closed; seen:\n{seen}"),
            Ok(_) => {
                seen.push_str(&line);
                if seen.contains(needle) {
                    return seen;
                }
            }
            Err(err)
                if err.kind() == std::io::ErrorKind::WouldBlock
                    || err.kind() == std::io::ErrorKind::TimedOut => {}
            Err(err) => panic!("{err}"),
        }
    }
    panic!("no `{needle}` within 5 s; seen:\n{seen}");
}

#[test]
fn serves_rebuilds_reloads_and_survives_broken_files() {
    let project = common::copy_project();
    let server = start(project.path());

    let (head, body) = get(&server.address, "/ru/calculator/");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(body.contains("<script type=\"module\" src=\"/__serve/reload.js\"></script>"));
    // Links point at the server, not at the production base URL.
    assert!(
        body.contains(&format!(
            "href=\"http://{}/ru/calculator/\"",
            server.address
        )),
        "canonical link"
    );
    let (head, _) = get(&server.address, "/no/such/page/");
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
    let (head, _) = get(&server.address, "/../Cargo.toml");
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");

    let stream = TcpStream::connect(&server.address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    write!(writer, "GET /__serve/events HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut events = BufReader::new(stream);
    wait_for(&mut events, "retry:");

    let ftl = project.path().join("locales/en/calculator.ftl");
    let text = std::fs::read_to_string(&ftl).unwrap();
    std::fs::write(&ftl, text.replacen("\ntitle = ", "\ntitle = Edited: ", 1)).unwrap();
    wait_for(&mut events, "event: reload");
    let (_, body) = get(&server.address, "/en/calculator/");
    assert!(body.contains("<h1>Edited: "), "the page was not rebuilt");

    std::fs::write(&ftl, text.replacen("\ntitle = ", "\ntitle = { $", 1)).unwrap();
    let failure = wait_for(&mut events, "locales/en/calculator.ftl:");
    assert!(failure.contains("event: failed"), "{failure}");
    // The last good pages are still served.
    let (head, body) = get(&server.address, "/en/calculator/");
    assert!(head.starts_with("HTTP/1.1 200") && body.contains("<h1>Edited: "));

    std::fs::write(&ftl, &text).unwrap();
    wait_for(&mut events, "event: reload");
}
