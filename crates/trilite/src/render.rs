//! The board as text. A mark that vanishes on its owner's next move is
//! shown in lower case (and dimmed in colour): that is the square its owner
//! may not take and the opponent can.

use ply_engine::{Game, Notation, Side};

use crate::board::Trilite;
use crate::square::square_name;

const RESET: &str = "\x1b[0m";

fn paint(text: &str, side: Side, vanishing: bool, colour: bool) -> String {
    if !colour {
        return text.to_string();
    }
    let hue = match side {
        Side::First => "31",
        Side::Second => "34",
    };
    let style = if vanishing { "2;4" } else { "1" };
    format!("\x1b[{style};{hue}m{text}{RESET}")
}

/// The board with coordinates, then whose turn it is and which mark of
/// each player vanishes next.
pub fn render(game: &Trilite, colour: bool) -> String {
    let mut out = String::from("    a b c\n");
    for row in 0..3u8 {
        out.push_str(&format!("  {} ", row + 1));
        for column in 0..3u8 {
            let square = 3 * row + column;
            let cell = match game.owner(square) {
                None => ".".to_string(),
                Some(side) => {
                    let vanishing = game.vanishing(side) == Some(square);
                    let name = game.side_name(side);
                    let name = if vanishing { name.to_lowercase() } else { name };
                    paint(&name, side, vanishing, colour)
                }
            };
            out.push_str(&cell);
            out.push(if column < 2 { ' ' } else { '\n' });
        }
    }
    let next: Vec<String> = Side::BOTH
        .into_iter()
        .map(|side| {
            let what = game
                .vanishing(side)
                .map_or_else(|| "none yet".to_string(), square_name);
            format!("{} {what}", game.side_name(side))
        })
        .collect();
    out.push_str(&format!(
        "  next to vanish (lower case): {}\n",
        next.join(", ")
    ));
    match game.winner() {
        Some(side) => out.push_str(&format!("  {} wins\n", game.side_name(side))),
        None => out.push_str(&format!("  {} to move\n", game.side_name(game.to_move()))),
    }
    out
}
