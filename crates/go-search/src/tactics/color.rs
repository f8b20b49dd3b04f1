//! Go's colours as the engines' players: Black is [`Player::First`].

use go_board::Color;

use crate::Player;

/// The player of a colour: Black is [`Player::First`], as it moves first in
/// a fresh game. The one conversion every Go game on the engines uses
/// (the capture game here, go-semeai's race, go-mcts's Go player).
///
/// ```
/// use go_board::Color;
/// use go_search::Player;
/// use go_search::tactics::player_of;
/// assert_eq!(player_of(Color::Black), Player::First);
/// assert_eq!(player_of(Color::White), Player::Second);
/// ```
#[must_use]
pub const fn player_of(color: Color) -> Player {
    match color {
        Color::Black => Player::First,
        Color::White => Player::Second,
    }
}

/// The colour of a player, the inverse of [`player_of`]: [`Player::First`]
/// is Black.
///
/// ```
/// use go_board::Color;
/// use go_search::Player;
/// use go_search::tactics::{color_of, player_of};
/// assert_eq!(color_of(Player::Second), Color::White);
/// assert_eq!(player_of(color_of(Player::First)), Player::First);
/// ```
#[must_use]
pub const fn color_of(player: Player) -> Color {
    match player {
        Player::First => Color::Black,
        Player::Second => Color::White,
    }
}
