//! The HTTP side of `serve`: accepting connections within fixed bounds,
//! reading one request from each, checking its Host, and answering it.
//!
//! The bounds are what keep one client from stalling the others:
//! - at most [`MAX_CONNECTIONS`] connections have a thread; when all are
//!   taken, the oldest connection that has not yet sent its request is
//!   closed to make room, so idle connections cannot lock a fresh client
//!   out, and threads do not grow with connections;
//! - a request head must arrive within [`HEAD_TIMEOUT`] and fit in
//!   [`MAX_HEAD`] bytes; an answer must be taken within [`SEND_TIMEOUT`];
//! - each connection carries one request and is closed after the answer
//!   (`Connection: close`), so requests pipelined behind it are never read
//!   and a client that does not read its answers holds only its own
//!   connection, for at most [`SEND_TIMEOUT`];
//! - event streams are handed to the hub ([`super::events`]) and free
//!   their slot at once.
//!
//! The Host header must name the address the server is bound to (or
//! `localhost` when that is a loopback address): a page on another site
//! whose host name is made to resolve to 127.0.0.1 (DNS rebinding) sends its
//! own host name and is refused with 421.
//! Over 500 lines only with its unit tests at the end (the code is under
//! 490): the request rules and the attacks they refuse read side by side.

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::events::{self, Hub};
use super::files::{self, Lookup};

/// The most connections served at once (each has a thread).
pub const MAX_CONNECTIONS: usize = 64;
/// How many idle connections are closed at once when all slots are taken.
const EVICT_AT_ONCE: usize = 8;
/// The largest request head (request line and headers) read.
pub const MAX_HEAD: usize = 8 * 1024;
/// How long a client may take to send its request head.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a client may take to receive an answer.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// What the connections serve.
pub struct Site {
    /// The preview folder; resolved again for every request, as each build
    /// swaps a new folder in.
    pub out: PathBuf,
    /// The address the listener is bound to, for the Host check.
    pub address: SocketAddr,
    pub hub: Hub,
}

/// Accepts connections on a thread of its own.
pub fn start(listener: TcpListener, site: Site) -> io::Result<()> {
    let site = Arc::new(site);
    let registry = Arc::new(Registry::default());
    std::thread::Builder::new()
        .name("serve-accept".into())
        .spawn(move || accept(&listener, &site, &registry))?;
    Ok(())
}

fn accept(listener: &TcpListener, site: &Arc<Site>, registry: &Arc<Registry>) {
    for id in 0_u64.. {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a little rather than spin.
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        let Ok(handle) = stream.try_clone() else {
            continue;
        };
        registry.admit(id, handle);
        let slot = Slot {
            registry: Arc::clone(registry),
            id,
        };
        let site = Arc::clone(site);
        // If the thread cannot be spawned, the closure and with it the slot
        // are dropped, which closes the connection and frees the slot.
        let _ = std::thread::Builder::new()
            .name("serve-connection".into())
            .stack_size(256 * 1024)
            .spawn(move || connection(stream, &site, &slot));
    }
}

/// The open connections, oldest first.
#[derive(Default)]
struct Registry {
    open: Mutex<BTreeMap<u64, Open>>,
    freed: Condvar,
}

struct Open {
    /// A handle to the socket, to close it from the accepting thread.
    stream: TcpStream,
    waiting_for_head: bool,
    /// Closed to make room; its thread is ending.
    closing: bool,
}

impl Registry {
    fn lock(&self) -> MutexGuard<'_, BTreeMap<u64, Open>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Makes room for a new connection: closes the oldest connections
    /// still waiting for their request and waits for a thread to end (at
    /// once: its read fails), or, when every connection is being answered,
    /// waits for one to end (each ends within its timeouts). So there are
    /// never more than [`MAX_CONNECTIONS`] connection threads. Closing a few
    /// at a time spares the accepting thread a wait per connection during a
    /// flood of idle ones.
    fn admit(&self, id: u64, stream: TcpStream) {
        let mut open = self.lock();
        while open.len() >= MAX_CONNECTIONS {
            let idle = open
                .values_mut()
                .filter(|c| c.waiting_for_head && !c.closing)
                .take(EVICT_AT_ONCE);
            for connection in idle {
                let _ = connection.stream.shutdown(Shutdown::Both);
                connection.closing = true;
            }
            open = self
                .freed
                .wait_timeout(open, Duration::from_secs(1))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        open.insert(
            id,
            Open {
                stream,
                waiting_for_head: true,
                closing: false,
            },
        );
    }
}

/// A connection's place in the registry, given back when dropped.
struct Slot {
    registry: Arc<Registry>,
    id: u64,
}

impl Slot {
    fn head_received(&self) {
        if let Some(open) = self.registry.lock().get_mut(&self.id) {
            open.waiting_for_head = false;
        }
    }

    /// Gives the slot back without closing the connection, which lives on
    /// elsewhere (an event stream, in the hub).
    fn hand_over(&self) {
        self.registry.lock().remove(&self.id);
        self.registry.freed.notify_all();
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some(open) = self.registry.lock().remove(&self.id) {
            let _ = open.stream.shutdown(Shutdown::Both);
        }
        self.registry.freed.notify_all();
    }
}

/// One request on one connection.
fn connection(mut stream: TcpStream, site: &Site, slot: &Slot) {
    let head = match read_head(&mut stream) {
        Ok(head) => head,
        Err(HeadError::TooLarge) => {
            let message = format!("the request head is larger than {} KiB", MAX_HEAD / 1024);
            let reply = Reply::text(431, &message);
            let _ = send(&mut stream, &reply, false);
            return;
        }
        Err(HeadError::NotText) => {
            let reply = Reply::text(400, "the request head is not UTF-8");
            let _ = send(&mut stream, &reply, false);
            return;
        }
        Err(HeadError::Ended) => return,
    };
    slot.head_received();
    let request = match Request::parse(&head) {
        Ok(request) => request,
        Err(reason) => {
            let _ = send(&mut stream, &Reply::text(400, reason), false);
            return;
        }
    };
    let head_only = request.method == "HEAD";
    match answer(site, &request) {
        Answer::Stream => {
            slot.hand_over();
            site.hub.subscribe(stream);
        }
        Answer::Reply(reply) => {
            let _ = send(&mut stream, &reply, head_only);
        }
    }
}

enum HeadError {
    TooLarge,
    NotText,
    /// Closed, timed out or failed before the head was complete.
    Ended,
}

/// Reads up to the blank line that ends the request head, within
/// [`HEAD_TIMEOUT`] and [`MAX_HEAD`] bytes. Whatever follows (a body,
/// pipelined requests) is left unread.
fn read_head(stream: &mut TcpStream) -> Result<String, HeadError> {
    let deadline = Instant::now() + HEAD_TIMEOUT;
    let mut head = Vec::new();
    let mut chunk = [0_u8; 1024];
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() || stream.set_read_timeout(Some(remaining)).is_err() {
            return Err(HeadError::Ended);
        }
        let read = match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return Err(HeadError::Ended),
            Ok(read) => read,
        };
        head.extend_from_slice(&chunk[..read]);
        if let Some(end) = find_head_end(&head) {
            // Keep the last line's newline, so that `lines` strips its CR.
            head.truncate(end + 1);
            return String::from_utf8(head).map_err(|_| HeadError::NotText);
        }
        if head.len() >= MAX_HEAD {
            return Err(HeadError::TooLarge);
        }
    }
}

/// Where the head ends (before its blank line), if it does within
/// [`MAX_HEAD`] bytes. A bare LF ends lines too, as RFC 9112 allows.
fn find_head_end(bytes: &[u8]) -> Option<usize> {
    let bytes = &bytes[..bytes.len().min(MAX_HEAD)];
    (0..bytes.len()).find(|&i| bytes[i..].starts_with(b"\n\n") || bytes[i..].starts_with(b"\n\r\n"))
}

struct Request {
    method: String,
    target: String,
    host: Option<String>,
}

impl Request {
    fn parse(head: &str) -> Result<Request, &'static str> {
        let mut lines = head.lines();
        let line = lines.next().unwrap_or_default();
        let mut parts = line.split(' ');
        let (Some(method), Some(target), Some(version), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err("the request line is not `METHOD /path HTTP/1.1`");
        };
        if !version.starts_with("HTTP/1.") {
            return Err("only HTTP/1.x is served");
        }
        // Visible ASCII only: the target may come back in a Location header.
        if !target.starts_with('/') || !target.bytes().all(|b| b.is_ascii_graphic()) {
            return Err("the request target is not a path");
        }
        let mut host = None;
        for line in lines {
            let Some((name, value)) = line.split_once(':') else {
                return Err("a header line has no `:`");
            };
            if name.eq_ignore_ascii_case("host") {
                if host.is_some() {
                    return Err("more than one Host header");
                }
                host = Some(value.trim().to_string());
            }
        }
        Ok(Request {
            method: method.to_string(),
            target: target.to_string(),
            host,
        })
    }
}

enum Answer {
    Reply(Reply),
    /// The event stream: the connection goes to the hub.
    Stream,
}

fn answer(site: &Site, request: &Request) -> Answer {
    if request.method != "GET" && request.method != "HEAD" {
        return Answer::Reply(
            Reply::text(405, "only GET and HEAD are served").header("Allow", "GET, HEAD"),
        );
    }
    if !request
        .host
        .as_deref()
        .is_some_and(|host| host_allowed(host, site.address))
    {
        let message = format!(
            "the Host header must name this server ({}); other names are refused to keep other sites' pages out",
            site.address
        );
        return Answer::Reply(Reply::text(421, &message));
    }
    let path = request.target.split('?').next().unwrap_or_default();
    match path {
        events::EVENTS if request.method == "GET" => return Answer::Stream,
        events::RELOAD_SCRIPT => return Answer::Reply(Reply::script(events::RELOAD_JS)),
        events::WORKER_SCRIPT => return Answer::Reply(Reply::script(events::WORKER_JS)),
        _ => {}
    }
    // The preview folder is swapped by every build: resolve it now, and
    // never through a link (one put there after start would be served).
    if std::fs::symlink_metadata(&site.out).is_ok_and(|m| m.file_type().is_symlink()) {
        return Answer::Reply(Reply::text(
            403,
            "the preview folder is a symbolic link; the preview server never follows links",
        ));
    }
    let Ok(root) = site.out.canonicalize() else {
        return Answer::Reply(
            Reply::text(503, "the preview folder is being replaced; try again")
                .header("Retry-After", "1"),
        );
    };
    Answer::Reply(match files::lookup(&root, &request.target) {
        Lookup::File(path) => file_reply(200, &path),
        Lookup::Redirect(location) => {
            Reply::text(308, &format!("moved to {location}")).header("Location", &location)
        }
        Lookup::Symlink(name) => Reply::text(
            403,
            &format!("{name} is a symbolic link; the preview server never follows links"),
        ),
        Lookup::Invalid => Reply::text(
            400,
            "the path must be plain names below the preview folder (no `..`, `.`, `\\`, NUL or broken %-escapes)",
        ),
        Lookup::NotFound => match files::lookup(&root, "/404.html") {
            Lookup::File(page) => file_reply(404, &page),
            _ => Reply::text(404, "not found"),
        },
    })
}

/// Whether a Host header names the bound address: its IP (any IP when bound
/// to all interfaces) or, for a loopback address, `localhost`; with the
/// bound port, which may be left out only when it is 80.
fn host_allowed(host: &str, bound: SocketAddr) -> bool {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let Some((name, after)) = rest.split_once(']') else {
            return false;
        };
        let Ok(ip) = name.parse::<std::net::Ipv6Addr>() else {
            return false;
        };
        (Some(IpAddr::V6(ip)), after)
    } else {
        let (name, after) = match host.find(':') {
            Some(colon) => host.split_at(colon),
            None => (host, ""),
        };
        if name.eq_ignore_ascii_case("localhost") {
            if !(bound.ip().is_loopback() || bound.ip().is_unspecified()) {
                return false;
            }
            (None, after)
        } else {
            let Ok(ip) = name.parse::<std::net::Ipv4Addr>() else {
                return false;
            };
            (Some(IpAddr::V4(ip)), after)
        }
    };
    let port_matches = match port.strip_prefix(':') {
        Some(port) => port.parse::<u16>() == Ok(bound.port()),
        None => port.is_empty() && bound.port() == 80,
    };
    let ip_matches = match name {
        Some(ip) => ip == bound.ip() || bound.ip().is_unspecified(),
        None => true,
    };
    port_matches && ip_matches
}

/// A complete answer, sent with `Connection: close`.
struct Reply {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn text(status: u16, text: &str) -> Reply {
        Reply {
            status,
            headers: vec![("Content-Type", "text/plain; charset=utf-8".into())],
            body: format!("{text}\n").into_bytes(),
        }
    }

    fn script(text: &str) -> Reply {
        Reply {
            status: 200,
            headers: vec![("Content-Type", "text/javascript; charset=utf-8".into())],
            body: text.as_bytes().to_vec(),
        }
    }

    fn header(mut self, name: &'static str, value: &str) -> Reply {
        self.headers.push((name, value.to_string()));
        self
    }
}

/// A file of the preview, with the reload script added to HTML.
fn file_reply(status: u16, path: &std::path::Path) -> Reply {
    let Ok(mut body) = std::fs::read(path) else {
        return Reply::text(404, "not found");
    };
    let content_type = files::content_type(path);
    if content_type.starts_with("text/html") {
        body = files::inject_reload(body, events::RELOAD_SCRIPT);
    }
    Reply {
        status,
        headers: vec![("Content-Type", content_type.into())],
        body,
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "",
    }
}

/// Writes the answer within [`SEND_TIMEOUT`] in all, however slowly the
/// client reads, then closes the connection.
fn send(stream: &mut TcpStream, reply: &Reply, head_only: bool) -> io::Result<()> {
    let mut bytes = format!("HTTP/1.1 {} {}\r\n", reply.status, reason(reply.status));
    for (name, value) in &reply.headers {
        bytes.push_str(&format!("{name}: {value}\r\n"));
    }
    bytes.push_str(&format!(
        "Content-Length: {}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        reply.body.len()
    ));
    let mut bytes = bytes.into_bytes();
    if !head_only {
        bytes.extend_from_slice(&reply.body);
    }
    let deadline = Instant::now() + SEND_TIMEOUT;
    for chunk in bytes.chunks(64 * 1024) {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(remaining))?;
        stream.write_all(chunk)?;
    }
    stream.flush()?;
    stream.shutdown(Shutdown::Write)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_bound_address_and_localhost_are_accepted_hosts() {
        let v4: SocketAddr = "127.0.0.1:8000".parse().unwrap();
        let v6: SocketAddr = "[::1]:8000".parse().unwrap();
        for host in ["127.0.0.1:8000", "localhost:8000", "LocalHost:8000"] {
            assert!(host_allowed(host, v4), "{host}");
        }
        for host in ["[::1]:8000", "localhost:8000"] {
            assert!(host_allowed(host, v6), "{host}");
        }
        for host in [
            "evil.example:8000",
            "evil.example",
            "127.0.0.1",
            "127.0.0.1:8001",
            "127.0.0.2:8000",
            "localhost",
            "localhost.:8000",
            "localhost:8000.evil.example",
            "127.0.0.1:8000@evil.example",
            "[::1]:8000",
            "",
        ] {
            assert!(!host_allowed(host, v4), "{host}");
        }
        for host in ["127.0.0.1:8000", "[::1]", "[::1]8000", "[::2]:8000"] {
            assert!(!host_allowed(host, v6), "{host}");
        }
        let port_80: SocketAddr = "127.0.0.1:80".parse().unwrap();
        assert!(host_allowed("127.0.0.1", port_80));
        assert!(host_allowed("localhost", port_80));
        let everywhere: SocketAddr = "0.0.0.0:8000".parse().unwrap();
        assert!(host_allowed("192.168.1.20:8000", everywhere));
        assert!(!host_allowed("evil.example:8000", everywhere));
    }

    #[test]
    fn the_head_ends_at_the_first_blank_line() {
        assert_eq!(
            find_head_end(b"GET / HTTP/1.1\r\nHost: a\r\n\r\nGET"),
            Some(24)
        );
        assert_eq!(find_head_end(b"GET / HTTP/1.1\nHost: a\n\n"), Some(22));
        assert_eq!(find_head_end(b"GET / HTTP/1.1\r\nHost: a\r\n"), None);
    }
}
