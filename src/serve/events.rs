//! Live reload: the server-sent event streams of open tabs, and the scripts
//! the preview injects to follow them.
//!
//! One thread (the hub) owns every stream. A connection that asks for the
//! stream is handed over to it, so a stream never holds one of the
//! server's connection slots however long the tab stays open. The hub
//! writes without blocking: a tab that does not read its stream is dropped
//! rather than allowed to hold up the others (its `EventSource` reconnects).
//!
//! In the browser, one shared worker holds the stream for all tabs of the
//! preview: a browser opens at most six HTTP/1.1 connections to one host,
//! and a stream per tab would use them all up with six tabs open.

use std::collections::VecDeque;
use std::io::Write;
use std::net::{Shutdown, TcpStream};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// The URL of the event stream.
pub const EVENTS: &str = "/__serve/events";
/// The URL of the script injected into every served page.
pub const RELOAD_SCRIPT: &str = "/__serve/reload.js";
/// The URL of the shared worker that holds the stream for every tab.
pub const WORKER_SCRIPT: &str = "/__serve/worker.js";

/// The most streams kept open at once; a new one closes the oldest. With
/// the shared worker a browser needs one, whatever the number of its tabs.
pub const MAX_STREAMS: usize = 32;

/// How often a comment is sent to every stream, so that closed tabs are
/// noticed (the write fails) and dropped.
const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// The state every open tab should show: a fresh build, or its failure.
#[derive(Clone, Debug)]
pub enum Event {
    Reload,
    Failed(String),
}

enum Message {
    Subscribe(TcpStream),
    Publish(Event),
}

/// The handle through which connections subscribe and rebuilds publish.
#[derive(Clone)]
pub struct Hub(Sender<Message>);

impl Hub {
    /// Starts the hub's thread.
    pub fn start() -> std::io::Result<Hub> {
        let (sender, receiver) = mpsc::channel();
        std::thread::Builder::new()
            .name("serve-events".into())
            .spawn(move || run(&receiver))?;
        Ok(Hub(sender))
    }

    /// Hands a connection that asked for the event stream over to the hub,
    /// which answers it.
    pub fn subscribe(&self, stream: TcpStream) {
        let _ = self.0.send(Message::Subscribe(stream));
    }

    /// Sends `event` to every open stream, and to streams opened later
    /// while it is the last one.
    pub fn publish(&self, event: Event) {
        let _ = self.0.send(Message::Publish(event));
    }
}

fn run(receiver: &Receiver<Message>) {
    let mut streams: VecDeque<TcpStream> = VecDeque::new();
    let mut last_failure: Option<String> = None;
    loop {
        match receiver.recv_timeout(KEEP_ALIVE) {
            Ok(Message::Subscribe(mut stream)) => {
                let mut text = String::from(
                    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\nretry: 500\n\n",
                );
                if let Some(failure) = &last_failure {
                    text.push_str(&message(&Event::Failed(failure.clone())));
                }
                if stream.set_nonblocking(true).is_ok() && send(&mut stream, &text) {
                    if streams.len() >= MAX_STREAMS
                        && let Some(oldest) = streams.pop_front()
                    {
                        let _ = oldest.shutdown(Shutdown::Both);
                    }
                    streams.push_back(stream);
                }
            }
            Ok(Message::Publish(event)) => {
                last_failure = match &event {
                    Event::Reload => None,
                    Event::Failed(text) => Some(text.clone()),
                };
                let text = message(&event);
                streams.retain_mut(|stream| send(stream, &text));
            }
            Err(RecvTimeoutError::Timeout) => {
                streams.retain_mut(|stream| send(stream, ": keep-alive\n\n"));
            }
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// Writes without waiting: a full socket buffer means the tab is not
/// reading, and the stream is dropped (false).
fn send(stream: &mut TcpStream, text: &str) -> bool {
    stream.write_all(text.as_bytes()).is_ok()
}

/// An event in the text/event-stream format: each line of the failure
/// becomes a `data:` line, which the browser joins back with newlines.
fn message(event: &Event) -> String {
    match event {
        Event::Reload => "event: reload\ndata: \n\n".to_string(),
        Event::Failed(text) => {
            let data: String = text.lines().map(|l| format!("data: {l}\n")).collect();
            format!("event: failed\n{data}\n")
        }
    }
}

/// Reloads the tab after a build, or shows why the build failed. The
/// overlay is styled through the CSSOM, which the pages' CSP allows. Where
/// shared workers are missing, the tab opens a stream of its own.
pub const RELOAD_JS: &str = r##"// Injected by `backoff-site serve` only; never part of a build.
let overlay = null;
function show(kind, text) {
  if (kind === "reload") {
    location.reload();
    return;
  }
  if (!overlay) {
    overlay = document.createElement("pre");
    overlay.setAttribute("role", "alert");
    Object.assign(overlay.style, {
      position: "fixed", inset: "1rem", margin: "0", padding: "1rem", overflow: "auto",
      background: "#1b1e23", color: "#f2b8b5", font: "14px/1.4 monospace", zIndex: "9999",
      border: "2px solid #f2b8b5", borderRadius: "6px", whiteSpace: "pre-wrap",
    });
    document.body.append(overlay);
  }
  overlay.textContent = text;
}
if (typeof SharedWorker === "function") {
  // One stream for every tab: a browser opens few connections per host.
  const worker = new SharedWorker("/__serve/worker.js", { name: "backoff-site-serve" });
  worker.port.onmessage = (event) => show(event.data.kind, event.data.text);
  worker.port.start();
} else {
  const events = new EventSource("/__serve/events");
  events.addEventListener("reload", () => show("reload"));
  events.addEventListener("failed", (event) => show("failed", event.data));
}
"##;

/// The shared worker: holds the one event stream and passes its events to
/// every tab. After a reload every tab connects again, so the list of tabs
/// starts afresh; a tab that connects while the build is broken is told at
/// once.
pub const WORKER_JS: &str = r##"// Part of `backoff-site serve` only; never part of a build.
let tabs = [];
let failure = null;
const events = new EventSource("/__serve/events");
events.addEventListener("reload", () => {
  failure = null;
  for (const tab of tabs) tab.postMessage({ kind: "reload" });
  tabs = [];
});
events.addEventListener("failed", (event) => {
  failure = event.data;
  for (const tab of tabs) tab.postMessage({ kind: "failed", text: failure });
});
onconnect = (event) => {
  const tab = event.ports[0];
  tabs.push(tab);
  if (failure !== null) tab.postMessage({ kind: "failed", text: failure });
  tab.start();
};
"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_becomes_one_data_line_per_line() {
        assert_eq!(
            message(&Event::Failed("a.ftl:1:2\nbad".into())),
            "event: failed\ndata: a.ftl:1:2\ndata: bad\n\n"
        );
    }
}
