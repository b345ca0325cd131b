//! Each client address's share of the open connections.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Open connections by client address.
pub type OpenConnections = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One open connection counted against its address's share.
pub struct ConnectionShare {
    open: OpenConnections,
    client: IpAddr,
}

impl ConnectionShare {
    /// Counts one more connection of `client`, unless it has `most` open.
    pub fn take(open: &OpenConnections, client: IpAddr, most: usize) -> Option<ConnectionShare> {
        let mut counts = open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = counts.entry(client).or_insert(0);
        if *count >= most.max(1) {
            return None;
        }
        *count += 1;
        Some(ConnectionShare {
            open: open.clone(),
            client,
        })
    }
}

impl Drop for ConnectionShare {
    fn drop(&mut self) {
        let mut counts = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = counts.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.client);
            }
        }
    }
}
