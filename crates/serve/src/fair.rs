//! Search slots shared fairly between clients: at most `per_client` of the
//! slots run one client's searches, and when a slot frees, the clients
//! waiting take turns (round robin by address), so one client queueing
//! many searches delays each other client by at most one search.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::oneshot;

/// The search slots and who waits for them.
pub struct FairSlots {
    per_client: usize,
    inner: Mutex<Queues>,
}

/// Counts and queues, changed only under the lock.
struct Queues {
    free: usize,
    running: HashMap<IpAddr, usize>,
    /// Clients with a request waiting, in the order they get their turn.
    turns: VecDeque<IpAddr>,
    waiting: HashMap<IpAddr, VecDeque<Waiter>>,
    next_ticket: u64,
}

struct Waiter {
    ticket: u64,
    grant: oneshot::Sender<SlotPermit>,
}

/// A slot held by one client's search; dropping it frees the slot.
pub struct SlotPermit {
    /// `None` once defused (a grant whose waiter had gone).
    slots: Option<Arc<FairSlots>>,
    client: IpAddr,
}

impl Drop for SlotPermit {
    fn drop(&mut self) {
        if let Some(slots) = self.slots.take() {
            let mut queues = slots.queues();
            queues.release(self.client);
            queues.dispatch(&slots);
        }
    }
}

impl Queues {
    /// Frees `client`'s slot; if it has more waiting, the others waiting
    /// go first.
    fn release(&mut self, client: IpAddr) {
        self.free += 1;
        if let Some(place) = self.turns.iter().position(|c| *c == client) {
            self.turns.remove(place);
            self.turns.push_back(client);
        }
        if let Some(count) = self.running.get_mut(&client) {
            *count -= 1;
            if *count == 0 {
                self.running.remove(&client);
            }
        }
    }

    fn can_start(&self, client: IpAddr, per_client: usize) -> bool {
        self.free > 0 && self.running.get(&client).copied().unwrap_or(0) < per_client
    }

    fn take(&mut self, client: IpAddr) {
        self.free -= 1;
        *self.running.entry(client).or_insert(0) += 1;
    }

    /// Hands free slots to waiting clients in turn; a client at its quota
    /// keeps its place for later.
    fn dispatch(&mut self, slots: &Arc<FairSlots>) {
        let mut passed = 0;
        while self.free > 0 && passed < self.turns.len() {
            let Some(client) = self.turns.pop_front() else {
                break;
            };
            if !self.can_start(client, slots.per_client) {
                self.turns.push_back(client);
                passed += 1;
                continue;
            }
            let queue = self.waiting.entry(client).or_default();
            let granted = loop {
                let Some(waiter) = queue.pop_front() else {
                    break false;
                };
                let permit = SlotPermit {
                    slots: Some(slots.clone()),
                    client,
                };
                match waiter.grant.send(permit) {
                    Ok(()) => break true,
                    // Its request was dropped (the client left): the
                    // permit comes back unused and must not free a slot
                    // it never took.
                    Err(mut unused) => unused.slots = None,
                }
            };
            let more = !queue.is_empty();
            if !more {
                self.waiting.remove(&client);
            }
            if granted {
                self.take(client);
                passed = 0;
            }
            if more {
                self.turns.push_back(client);
            }
        }
    }
}

impl FairSlots {
    /// `total` slots, at most `per_client` of them for one client (both at
    /// least 1).
    pub fn new(total: usize, per_client: usize) -> Arc<Self> {
        Arc::new(FairSlots {
            per_client: per_client.max(1),
            inner: Mutex::new(Queues {
                free: total.max(1),
                running: HashMap::new(),
                turns: VecDeque::new(),
                waiting: HashMap::new(),
                next_ticket: 0,
            }),
        })
    }

    fn queues(&self) -> MutexGuard<'_, Queues> {
        // Every change under the lock completes before it is released (no
        // call in it can panic halfway), so a poisoned lock is consistent.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A slot for `client`, waiting at most `wait` for its turn; `None`
    /// when none came in time.
    pub async fn acquire(self: &Arc<Self>, client: IpAddr, wait: Duration) -> Option<SlotPermit> {
        let (ticket, granted) = {
            let mut queues = self.queues();
            let none_waiting = !queues.waiting.contains_key(&client);
            if none_waiting && queues.can_start(client, self.per_client) {
                queues.take(client);
                return Some(SlotPermit {
                    slots: Some(self.clone()),
                    client,
                });
            }
            let (grant, granted) = oneshot::channel();
            let ticket = queues.next_ticket;
            queues.next_ticket += 1;
            if none_waiting {
                queues.turns.push_back(client);
            }
            queues
                .waiting
                .entry(client)
                .or_default()
                .push_back(Waiter { ticket, grant });
            (ticket, granted)
        };
        let mut granted = granted;
        if let Ok(Ok(permit)) = tokio::time::timeout(wait, &mut granted).await {
            return Some(permit);
        }
        // Out of time: leave the queue, unless a grant raced the timeout
        // (grants are made under the lock, so after it is taken, either
        // the waiter is still queued or its permit is in the channel).
        let mut queues = self.queues();
        if let Some(queue) = queues.waiting.get_mut(&client) {
            queue.retain(|w| w.ticket != ticket);
            if queue.is_empty() {
                queues.waiting.remove(&client);
                queues.turns.retain(|c| *c != client);
            }
        }
        drop(queues);
        granted.try_recv().ok()
    }

    /// Searches running for `client` now.
    #[cfg(test)]
    fn running(&self, client: IpAddr) -> usize {
        self.queues().running.get(&client).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn client(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(127, 0, 0, n))
    }

    const LONG: Duration = Duration::from_secs(5);

    #[tokio::test]
    async fn a_client_never_holds_more_than_its_share() {
        let slots = FairSlots::new(4, 2);
        let a = slots.acquire(client(1), LONG).await.expect("first");
        let b = slots.acquire(client(1), LONG).await.expect("second");
        assert!(slots
            .acquire(client(1), Duration::from_millis(20))
            .await
            .is_none());
        let other = slots.acquire(client(2), Duration::from_millis(20)).await;
        assert!(other.is_some(), "a slot stays free for another client");
        assert_eq!(slots.running(client(1)), 2);
        drop((a, b, other));
        assert_eq!(slots.running(client(1)), 0);
    }

    #[tokio::test]
    async fn waiting_clients_take_turns() {
        let slots = FairSlots::new(1, 1);
        let held = slots.acquire(client(1), LONG).await.expect("free");
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        // Client 1 queues three searches, then client 2 one.
        for who in [1, 1, 1, 2] {
            let (slots, order) = (slots.clone(), order.clone());
            tasks.push(tokio::spawn(async move {
                let permit = slots.acquire(client(who), LONG).await.expect("a turn");
                order.lock().expect("order").push(who);
                tokio::time::sleep(Duration::from_millis(5)).await;
                drop(permit);
            }));
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        drop(held);
        for task in tasks {
            task.await.expect("task");
        }
        let order = order.lock().expect("order").clone();
        assert_eq!(
            order,
            vec![2, 1, 1, 1],
            "client 2 goes before client 1's queue"
        );
    }

    #[tokio::test]
    async fn a_waiter_that_gives_up_or_leaves_frees_its_place() {
        let slots = FairSlots::new(1, 1);
        let held = slots.acquire(client(1), LONG).await.expect("free");
        assert!(slots
            .acquire(client(2), Duration::from_millis(10))
            .await
            .is_none());
        // A waiter whose request is dropped before its turn.
        let gone = tokio::spawn({
            let slots = slots.clone();
            async move { slots.acquire(client(3), LONG).await.is_some() }
        });
        tokio::time::sleep(Duration::from_millis(10)).await;
        gone.abort();
        let _ = gone.await;
        drop(held);
        let next = slots.acquire(client(4), Duration::from_millis(50)).await;
        assert!(
            next.is_some(),
            "the slot was not lost to the waiters that left"
        );
    }
}
