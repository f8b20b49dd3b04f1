//! The Go player.
