//! `--rule renju` and `--rule caro` on the (m,n,k) game: the option and its
//! errors, a forbidden move refused with its reason, and the wide game's
//! moves agreeing with the Gomoku board's judgement square by square.

use ply_engine::{Game, GameError, GameKind, GameOptions, Notation, Session};
use ply_gomoku::{Move, Rule, Stone};
use ply_mnk::{MnkWide, MNK};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

fn mnk(options: &[(&str, &str)]) -> Result<Box<dyn Session>, GameError> {
    let options = options.iter().fold(GameOptions::new(), |o, (name, value)| {
        o.with_value(name, value)
    });
    MNK.new_session(&options)
}

#[test]
fn the_rule_option_names_every_rule() {
    let error = mnk(&[("rule", "swap2")])
        .map(|_| ())
        .expect_err("no such rule");
    let text = error.to_string();
    for name in ["freestyle", "exact", "renju", "caro"] {
        assert!(text.contains(name), "{text}");
    }
    let help = MNK
        .options()
        .into_iter()
        .find(|o| o.name == "rule")
        .expect("a rule option");
    assert!(
        help.help.contains("renju") && help.help.contains("caro"),
        "{}",
        help.help
    );
    let error = mnk(&[("size", "15"), ("k", "4"), ("rule", "renju")])
        .map(|_| ())
        .expect_err("renju needs five");
    assert!(
        error.to_string().contains("renju is played with five"),
        "{error}"
    );
    for rule in ["renju", "caro", "Caro "] {
        mnk(&[("size", "15"), ("k", "5"), ("rule", rule)]).expect("a valid rule");
    }
    // Small boards go to the wide board too: the 64-bit one is freestyle.
    let small = mnk(&[("size", "7"), ("k", "5"), ("rule", "caro")]).expect("7 x 7 caro");
    assert_eq!(small.legal_moves().len(), 49);
}

#[test]
fn a_forbidden_move_is_refused_with_its_reason() {
    let mut session = mnk(&[("size", "15"), ("k", "5"), ("rule", "renju")]).expect("renju");
    for mv in ["i8", "a1", "k8", "c1", "h9", "e1", "h11", "g1"] {
        session.play(mv).expect("a legal move");
    }
    let error = session.play("h8").expect_err("a double three");
    assert!(
        error
            .to_string()
            .contains("h8 is forbidden for black: a double three (h8-k8 row and h8-h11 column)"),
        "{error}"
    );
    assert!(!session.legal_moves().contains(&"h8".to_string()));
    // White may play there.
    session.play("o15").expect("legal");
    session.play("h8").expect("white has no forbidden points");
}

/// Random renju and caro games on the wide board: its moves are the
/// squares the Gomoku board lets the mover play, its notation refuses the
/// rest, and its result is the board's.
#[test]
fn the_wide_game_agrees_with_the_gomoku_board() {
    for (rule, seed) in [(Rule::Renju, 1), (Rule::Renju, 2), (Rule::Caro, 3)] {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = MnkWide::new(11, 11, 5, rule).expect("11 x 11");
        let mut moves = Vec::new();
        let mut refused = 0;
        while game.result().is_none() {
            let board = game.inner().board();
            let stone = game.inner().stone_to_move();
            game.generate_moves(&mut moves);
            let expected: Vec<Move> = board.legal_cells(stone).collect();
            assert_eq!(moves, expected, "{rule:?} seed {seed}");
            for mv in board.empty_cells() {
                let parsed = game.parse_move(&mv.to_string());
                let foul = board.foul(mv).filter(|_| stone == Stone::Black);
                assert_eq!(parsed.is_ok(), foul.is_none(), "{rule:?} {mv}");
                refused += usize::from(parsed.is_err());
            }
            // Mostly black stones on few lines, so that fouls arise.
            let mv = *moves.choose(&mut rng).expect("a move");
            game.play(mv);
        }
        if rule == Rule::Renju {
            assert!(refused > 0, "seed {seed}: no forbidden point arose");
        }
    }
}
