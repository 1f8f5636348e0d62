//! `serve` as an author uses it, and as a hostile client or web page would:
//! it serves the pages with the reload script, rebuilds on a save, tells the
//! open tab to reload, reports a broken file to the tab and keeps running;
//! no client stalls the others, idle connections do not pile up threads,
//! a foreign Host is refused, and nothing outside the preview folder or
//! behind a symbolic link is ever served. Loopback only, every wait bounded.
//! Just over 500 lines: each attack on the preview server next to the others.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use backoff_site::serve::{HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_HEAD, MAX_STREAMS, SEND_TIMEOUT};

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

impl Server {
    /// The number of threads of the server process.
    fn threads(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/task", self.child.id()))
            .unwrap()
            .count()
    }
}

/// Starts `serve` on a free loopback port, building into `root/preview`,
/// and returns once it has announced its address.
fn start(root: &Path) -> Server {
    let mut child = spawn(root, Stdio::piped());
    let stderr = child.stderr.take().unwrap();
    announced(child, stderr)
}

fn spawn(root: &Path, stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_backoff-site"))
        .args(["serve", "--port", "0", "--root"])
        .arg(root)
        .arg("--out")
        .arg(root.join("preview"))
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// Reads the server's output up to its address.
fn announced(child: Child, stderr: impl Read + Send + 'static) -> Server {
    let mut stderr = BufReader::new(stderr);
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

fn connect(address: &str) -> TcpStream {
    let stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream
}

/// Sends `head` as it is and returns the answer's head and body; fails if
/// the answer does not come within 5 s.
fn exchange(address: &str, head: &str) -> (String, String) {
    let mut stream = connect(address);
    stream.write_all(head.as_bytes()).unwrap();
    let mut response = Vec::new();
    stream
        .read_to_end(&mut response)
        .expect("an answer within 5 s");
    let response = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = response
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no complete answer: {response:?}"));
    (head.to_string(), body.to_string())
}

fn get(address: &str, path: &str) -> (String, String) {
    exchange(
        address,
        &format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"),
    )
}

/// Opens the event stream and reads up to its first `retry:` line.
fn open_events(address: &str) -> BufReader<TcpStream> {
    let stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    write!(
        writer,
        "GET /__serve/events HTTP/1.1\r\nHost: {address}\r\n\r\n"
    )
    .unwrap();
    let mut events = BufReader::new(stream);
    wait_for(&mut events, "retry:");
    events
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

/// Whether the server closed the stream within 5 s.
fn closed(events: &mut BufReader<TcpStream>) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        let mut line = String::new();
        match events.read_line(&mut line) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(err)
                if err.kind() == std::io::ErrorKind::WouldBlock
                    || err.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => return true,
        }
    }
    false
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
    let (head, body) = get(&server.address, "/__serve/worker.js");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(body.contains("new EventSource(\"/__serve/events\")"));
    let (head, _) = get(&server.address, "/no/such/page/");
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
    let (head, body) = exchange(
        &server.address,
        &format!("HEAD /en/ HTTP/1.1\r\nHost: {}\r\n\r\n", server.address),
    );
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        head.contains("\r\nContent-Length: ") && body.is_empty(),
        "{head}"
    );
    let (head, _) = exchange(
        &server.address,
        &format!("POST /en/ HTTP/1.1\r\nHost: {}\r\n\r\n", server.address),
    );
    assert!(head.starts_with("HTTP/1.1 405"), "{head}");

    let mut events = open_events(&server.address);
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
    // A tab opened now is told of the failure at once.
    let mut late = open_events(&server.address);
    wait_for(&mut late, "locales/en/calculator.ftl:");

    std::fs::write(&ftl, &text).unwrap();
    wait_for(&mut events, "event: reload");
}

#[test]
fn paths_out_of_the_preview_folder_are_refused() {
    let project = common::copy_project();
    // A file that exists outside the served folder (`preview/`).
    std::fs::write(project.path().join("secret.txt"), "outside the root").unwrap();
    let server = start(project.path());
    for path in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/en/../../secret.txt",
        "/en/%2E%2E/..%2Fsecret.txt",
    ] {
        let (head, body) = get(&server.address, path);
        assert!(head.starts_with("HTTP/1.1 400"), "{path}: {head}");
        assert!(!body.contains("outside the root"), "{path} leaked");
    }
}

#[test]
fn nothing_is_served_through_a_symbolic_link() {
    let project = common::copy_project();
    let outside = project.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(outside.join("secret.txt"), "outside the root").unwrap();
    let server = start(project.path());
    let preview = project.path().join("preview");
    // A link to a folder outside, a link to a file outside, and a link to a
    // file inside the folder: none is followed.
    std::os::unix::fs::symlink(&outside, preview.join("rootfs")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.txt"), preview.join("en/leak.txt")).unwrap();
    std::os::unix::fs::symlink(preview.join("robots.txt"), preview.join("robots2.txt")).unwrap();
    for path in [
        "/rootfs/secret.txt",
        "/rootfs/",
        "/en/leak.txt",
        "/robots2.txt",
    ] {
        let (head, body) = get(&server.address, path);
        assert!(head.starts_with("HTTP/1.1 403"), "{path}: {head}");
        assert!(!body.contains("outside the root"), "{path} leaked");
        assert!(body.contains("symbolic link"), "{path}: {body}");
    }
    let (head, _) = get(&server.address, "/robots.txt");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
}

#[test]
fn a_foreign_host_is_refused() {
    let project = common::copy_project();
    let server = start(project.path());
    let port = server.address.rsplit(':').next().unwrap();
    // DNS rebinding: another site's name resolving to 127.0.0.1.
    for host in [
        format!("Host: evil.example:{port}\r\n"),
        "Host: evil.example\r\n".to_string(),
        format!("Host: 127.0.0.1:{port}.evil.example\r\n"),
        String::new(),
    ] {
        let (head, body) = exchange(
            &server.address,
            &format!("GET /en/ HTTP/1.1\r\n{host}Connection: close\r\n\r\n"),
        );
        assert!(head.starts_with("HTTP/1.1 421"), "{host:?}: {head}");
        assert!(!body.contains("<html"), "{host:?}: the page was served");
    }
    let (head, _) = exchange(
        &server.address,
        "GET /__serve/events HTTP/1.1\r\nHost: evil.example\r\n\r\n",
    );
    assert!(head.starts_with("HTTP/1.1 421"), "{head}");
    for host in [server.address.clone(), format!("localhost:{port}")] {
        let (head, _) = exchange(
            &server.address,
            &format!("GET /en/ HTTP/1.1\r\nHost: {host}\r\n\r\n"),
        );
        assert!(head.starts_with("HTTP/1.1 200"), "{host}: {head}");
    }
}

#[test]
fn a_folder_without_its_slash_is_redirected_with_its_query() {
    let project = common::copy_project();
    let server = start(project.path());
    let (head, _) = get(&server.address, "/en?base=5&retries=3");
    assert!(head.starts_with("HTTP/1.1 308"), "{head}");
    assert!(
        head.contains("\r\nLocation: /en/?base=5&retries=3\r"),
        "{head}"
    );
    let (head, _) = get(&server.address, "/ru/calculator");
    assert!(head.contains("\r\nLocation: /ru/calculator/\r"), "{head}");
    // `//en` must not send the browser to the host `en`: the location is
    // always a path of this site, with one leading slash.
    for path in ["//en", "///en", "//ru/calculator"] {
        let (head, _) = get(&server.address, path);
        let location = head
            .lines()
            .find_map(|l| l.strip_prefix("Location: "))
            .unwrap_or_else(|| panic!("{path}: {head}"));
        assert!(
            location.starts_with('/') && !location.starts_with("//"),
            "{path}: {location}"
        );
    }
}

#[test]
fn a_preview_folder_replaced_by_a_link_is_not_served() {
    let project = common::copy_project();
    let outside = project.path().join("outside");
    std::fs::create_dir_all(outside.join("en")).unwrap();
    std::fs::write(outside.join("en/index.html"), "outside the root").unwrap();
    let server = start(project.path());
    let preview = project.path().join("preview");
    std::fs::rename(&preview, project.path().join("preview.old")).unwrap();
    std::os::unix::fs::symlink(&outside, &preview).unwrap();
    let (head, body) = get(&server.address, "/en/");
    assert!(head.starts_with("HTTP/1.1 403"), "{head}");
    assert!(!body.contains("outside the root"), "{body}");
}

#[test]
fn an_edit_right_after_the_first_build_is_picked_up() {
    use std::os::fd::AsRawFd;

    let project = common::copy_project();
    let ftl = project.path().join("locales/en/calculator.ftl");
    let text = std::fs::read_to_string(&ftl).unwrap();
    // The server's stderr is a pipe filled to the brim, so the server
    // stops at its first line of output, right after the first build,
    // until the pipe is read: the edit lands in that moment, after the
    // build read the file and before the address is announced.
    let (reader, mut filler) = std::io::pipe().unwrap();
    // SAFETY: F_GETPIPE_SZ only reads the capacity of the pipe `filler` owns.
    let capacity = unsafe { libc::fcntl(filler.as_raw_fd(), libc::F_GETPIPE_SZ) };
    filler
        .write_all(&vec![b'\n'; usize::try_from(capacity).unwrap()])
        .unwrap();
    let child = spawn(project.path(), Stdio::from(filler.try_clone().unwrap()));
    drop(filler);
    let built = project.path().join("preview/en/calculator/index.html");
    let deadline = Instant::now() + Duration::from_secs(30);
    while !built.exists() {
        assert!(Instant::now() < deadline, "the first build did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::fs::write(&ftl, text.replacen("\ntitle = ", "\ntitle = Early: ", 1)).unwrap();
    let server = announced(child, reader);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (_, body) = get(&server.address, "/en/calculator/");
        if body.contains("<h1>Early: ") {
            break;
        }
        assert!(Instant::now() < deadline, "the edit was missed");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_client_that_pipelines_and_never_reads_stalls_no_one() {
    let project = common::copy_project();
    let server = start(project.path());
    let request = format!("GET /en/ HTTP/1.1\r\nHost: {}\r\n\r\n", server.address);
    // Thousands of requests in a row, on a connection that is never read:
    // their answers would fill every buffer on the way.
    let mut greedy = connect(&server.address);
    for _ in 0..5000 {
        if greedy.write_all(request.as_bytes()).is_err() {
            break; // the server closed the connection: nothing more to send
        }
    }
    for _ in 0..3 {
        let started = Instant::now();
        let (head, body) = get(&server.address, "/en/");
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        assert!(body.contains("</html>"));
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "answered after {:?}",
            started.elapsed()
        );
    }
    drop(greedy);
}

#[test]
fn idle_connections_neither_pile_up_threads_nor_lock_out_a_new_client() {
    let project = common::copy_project();
    let server = start(project.path());
    let before = server.threads();
    // Four times as many connections as are served at once: some silent,
    // some sending half a request head and stopping.
    let idle: Vec<TcpStream> = (0..MAX_CONNECTIONS * 4)
        .map(|i| {
            let mut stream = connect(&server.address);
            if i % 2 == 0 {
                let _ = stream.write_all(b"GET /en/ HTTP/1.1\r\nHost: ");
            }
            stream
        })
        .collect();
    // Served at once, not after idle connections time out (10 s each):
    // the margin covers a connection attempt the kernel retries.
    let started = Instant::now();
    let (head, _) = get(&server.address, "/en/");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "answered after {:?}",
        started.elapsed()
    );
    // A connection thread gives its slot back as its last act and is gone
    // a moment later; on a loaded machine a few such threads can still be
    // listed. They leave within the wait below; a pile-up of threads held
    // by the idle connections, which stay open, would not.
    let bound = before + MAX_CONNECTIONS + 4;
    let waited = Instant::now();
    let mut threads = server.threads();
    while threads > bound && waited.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(50));
        threads = server.threads();
    }
    assert!(
        threads <= bound,
        "{threads} threads (from {before}) for {} idle connections",
        idle.len()
    );
}

#[test]
fn an_oversized_request_head_is_refused_at_once() {
    let project = common::copy_project();
    let server = start(project.path());
    let mut stream = connect(&server.address);
    let started = Instant::now();
    let mut head = format!("GET /en/ HTTP/1.1\r\nHost: {}\r\n", server.address);
    // Headers that never end.
    while head.len() < 8 * MAX_HEAD {
        head.push_str("X-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n");
    }
    let _ = stream.write_all(head.as_bytes());
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
    assert!(answer.contains("larger than 8 KiB"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[test]
fn event_streams_are_capped_and_leave_pages_served() {
    let project = common::copy_project();
    let server = start(project.path());
    let mut oldest = open_events(&server.address);
    let mut others: Vec<_> = (1..MAX_STREAMS)
        .map(|_| open_events(&server.address))
        .collect();
    // One stream more than the cap: the oldest is closed to make room.
    let mut newest = open_events(&server.address);
    assert!(closed(&mut oldest), "the oldest stream was kept open");
    // Streams hold no connection slot: pages are still served.
    let (head, _) = get(&server.address, "/en/");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let ftl = project.path().join("locales/en/calculator.ftl");
    let text = std::fs::read_to_string(&ftl).unwrap();
    std::fs::write(&ftl, text.replacen("\ntitle = ", "\ntitle = Edited: ", 1)).unwrap();
    wait_for(&mut newest, "event: reload");
    wait_for(&mut others[0], "event: reload");
}

#[test]
fn a_request_head_sent_byte_by_byte_is_cut_off_at_its_deadline() {
    let project = common::copy_project();
    let server = start(project.path());
    let mut stream = connect(&server.address);
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let started = Instant::now();
    // One byte every 200 ms: each read is quick, the head never ends.
    let mut cut_off = false;
    while started.elapsed() < HEAD_TIMEOUT + Duration::from_secs(3) {
        if stream.write_all(b"G").is_err() {
            cut_off = true;
            break;
        }
        match stream.read(&mut [0; 64]) {
            Ok(_) => {
                cut_off = true;
                break;
            }
            Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => {
                cut_off = true;
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(cut_off, "still open after {:?}", started.elapsed());
    assert!(started.elapsed() >= HEAD_TIMEOUT - Duration::from_secs(1));
}

#[test]
fn an_answer_that_is_never_read_is_given_up_at_its_deadline() {
    let project = common::copy_project();
    let server = start(project.path());
    // Far more than the socket buffers on the way hold.
    let size = 64 * 1024 * 1024;
    std::fs::write(project.path().join("preview/big.txt"), vec![b'x'; size]).unwrap();
    let threads = server.threads();
    let mut stream = connect(&server.address);
    write!(
        stream,
        "GET /big.txt HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.address
    )
    .unwrap();
    std::thread::sleep(SEND_TIMEOUT + Duration::from_secs(2));
    // The connection's thread gave up without any read from this side.
    assert_eq!(
        server.threads(),
        threads,
        "the connection's thread still waits"
    );
    let mut received = Vec::new();
    let _ = stream.read_to_end(&mut received);
    assert!(
        received.len() < size,
        "the whole answer waited for a client that did not read"
    );
}
