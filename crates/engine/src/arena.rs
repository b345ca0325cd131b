//! Round-robin tournaments between bots, for any game.
