//! The run's pending events, a binary min-heap on the caller's slice,
//! ordered by time and, at equal times, by the order they were made; and
//! the server's queue of waiting attempts, a first-in, first-out ring.

use super::model::StormError;

/// A pending event. Callers only allocate them, as `[Event::EMPTY; N]`.
#[derive(Clone, Copy, Debug)]
pub struct Event {
    pub(super) time: f64,
    /// The order of making: ties go first made, first run.
    seq: u64,
    pub(super) kind: Kind,
    /// The request; for an arrival, the client.
    pub(super) request: u32,
    pub(super) attempt: u32,
}

impl Event {
    pub const EMPTY: Event = Event {
        time: 0.0,
        seq: 0,
        kind: Kind::Arrival,
        request: 0,
        attempt: 0,
    };

    fn before(&self, other: &Event) -> bool {
        self.time < other.time || (self.time == other.time && self.seq < other.seq)
    }
}

/// What an event is. Fieldless, `Arrival` first: an empty event is all
/// zero bytes, so that static slots of them cost the module no bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Arrival,
    /// The attempt reaches the server.
    AtServer,
    /// The server has done the attempt.
    Done,
    /// A success, or a failure, reaches the client.
    Succeeded,
    Failed,
    Timeout,
}

/// A binary min-heap of events on a caller's slice.
pub(super) struct Queue<'a> {
    pub(super) slots: &'a mut [Event],
    pub(super) len: usize,
    pub(super) made: u64,
}

impl Queue<'_> {
    pub(super) fn push(
        &mut self,
        time: f64,
        kind: Kind,
        request: u32,
        attempt: u32,
    ) -> Result<(), StormError> {
        if self.len == self.slots.len() {
            return Err(StormError::Events);
        }
        let event = Event {
            time,
            seq: self.made,
            kind,
            request,
            attempt,
        };
        self.made += 1;
        let mut i = self.len;
        self.len += 1;
        while i > 0 {
            let parent = (i - 1) / 2;
            if !event.before(&self.slots[parent]) {
                break;
            }
            self.slots[i] = self.slots[parent];
            i = parent;
        }
        self.slots[i] = event;
        Ok(())
    }

    pub(super) fn peek(&self) -> Option<&Event> {
        self.slots[..self.len].first()
    }

    pub(super) fn pop(&mut self) -> Option<Event> {
        if self.len == 0 {
            return None;
        }
        let top = self.slots[0];
        self.len -= 1;
        let last = self.slots[self.len];
        let mut i = 0;
        loop {
            let left = 2 * i + 1;
            if left >= self.len {
                break;
            }
            let right = left + 1;
            let child = if right < self.len && self.slots[right].before(&self.slots[left]) {
                right
            } else {
                left
            };
            if !self.slots[child].before(&last) {
                break;
            }
            self.slots[i] = self.slots[child];
            i = child;
        }
        self.slots[i] = last;
        Some(top)
    }
}

/// A first-in, first-out ring of waiting attempts on a caller's slice.
pub(super) struct Waiting<'a> {
    pub(super) slots: &'a mut [(u32, u32)],
    pub(super) head: usize,
    pub(super) len: usize,
}

impl Waiting<'_> {
    pub(super) fn push(&mut self, item: (u32, u32)) -> bool {
        if self.len == self.slots.len() {
            return false;
        }
        let at = (self.head + self.len) % self.slots.len();
        self.slots[at] = item;
        self.len += 1;
        true
    }

    pub(super) fn pop(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        let item = self.slots[self.head];
        self.head = (self.head + 1) % self.slots.len();
        self.len -= 1;
        Some(item)
    }
}
