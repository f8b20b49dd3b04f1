//! Root-parallel MCTS (to come).
