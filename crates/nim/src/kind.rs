//! Nim in the registry: its options, its sessions, and `solve --tree`.

use ply_engine::{
    EngineConfig, GameError, GameKind, GameOptions, GameSession, OptionSpec, PositionNotation,
    Session,
};

use ply_engine::Notation;

use crate::game::Nim;
use crate::notation::format_rows;
use crate::rows::{read_rows, RowsText};
use crate::tree::{self, TreeNode};
use ply_engine::echo::shown;

/// Registry entry for Nim.
pub struct NimKind;

/// The registry's handle on this game.
pub static NIM: NimKind = NimKind;

impl NimKind {
    /// The start position the options describe (`--heaps`, `--misere`).
    pub fn start(options: &GameOptions) -> Result<Nim, GameError> {
        let rows = match Self::heaps(options)? {
            Some(read) => read.rows,
            None => vec![1, 2, 3],
        };
        Ok(Nim::new(&rows, options.flag("misere")))
    }

    /// How `--heaps` was read when its digits could have been read another
    /// way (`123` as three rows, `65535` as one), for a front end to show.
    pub fn heaps_note(options: &GameOptions) -> Result<Option<String>, GameError> {
        Ok(Self::heaps(options)?.and_then(|read| read.note))
    }

    fn heaps(options: &GameOptions) -> Result<Option<RowsText>, GameError> {
        options
            .raw("heaps")
            .map(|text| {
                read_rows(text).map_err(|why| {
                    GameError::BadOption(format!(
                        "--heaps '{}': {why}; give the objects in each row, \
                         comma separated, for example --heaps 1,2,3",
                        shown(text.trim())
                    ))
                })
            })
            .transpose()
    }
}

impl GameKind for NimKind {
    fn name(&self) -> &'static str {
        "nim"
    }

    fn summary(&self) -> &'static str {
        "Nim: take objects from one row; last to take wins"
    }

    fn position_notation(&self) -> PositionNotation {
        PositionNotation {
            description:
                "the objects in each row, comma separated, then /2 when player 2 is to move \
                          (three digits without commas, such as 123, are three rows of 0-9)",
            example: "1,2,3",
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::value(
                "heaps",
                "ROWS",
                "objects per row: 1,2,3 (123 is three rows of 0-9; 65535 or 65535, is one row); default 1,2,3",
            ),
            OptionSpec::flag("misere", "misère play: whoever takes the last object loses"),
            OptionSpec::flag(
                "tree",
                "solve: build, mark and print the whole game tree (small positions only)",
            ),
            OptionSpec::flag("dot", "solve --tree: print the tree as Graphviz instead"),
        ]
    }

    /// How `--heaps` digits were read when they could have been read
    /// another way.
    fn option_notes(&self, options: &GameOptions) -> Vec<String> {
        Self::heaps_note(options)
            .ok()
            .flatten()
            .map(|note| format!("--heaps: {note}"))
            .into_iter()
            .collect()
    }

    fn new_session(&self, options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
        Ok(GameSession::boxed(Self::start(options)?))
    }

    fn bench(&self, _options: &GameOptions, config: &EngineConfig) -> Result<String, GameError> {
        crate::bench::run(config)
    }

    fn special_solve(
        &self,
        options: &GameOptions,
        session: &mut dyn Session,
    ) -> Option<Result<String, GameError>> {
        if !options.flag("tree") && !options.flag("dot") {
            return None;
        }
        let misere = options.flag("misere");
        Some(
            Nim::standard()
                .parse_position(&session.position())
                .and_then(|nim| {
                    let tree = tree::build_checked(nim.rows(), misere)?;
                    Ok(if options.flag("dot") {
                        tree.to_dot()
                    } else {
                        describe(&tree, misere)
                    })
                }),
        )
    }
}

/// The indented tree, a legend, and its size.
fn describe(tree: &TreeNode, misere: bool) -> String {
    let rule = if misere {
        "misère play: whoever takes the last object loses"
    } else {
        "whoever takes the last object wins"
    };
    let size = tree.size();
    let verdict = if tree.mark > 0 {
        "the player to move at the root loses with perfect play"
    } else {
        "the player to move at the root wins with perfect play"
    };
    let good: Vec<String> = tree
        .good_children()
        .filter_map(|c| c.mv)
        .map(|mv| format!("{}:{}", mv.row as usize + 1, mv.take))
        .collect();
    let advice = if good.is_empty() {
        String::new()
    } else {
        format!("winning moves at the root: {}\n", good.join(" "))
    };
    format!(
        "game tree of Nim from {} ({rule})\n\
         marks: +1 = a win for the player moving on odd levels (the computer when the \
         human starts), -1 = a win for the player moving on even levels\n\
         {}\
         {} nodes, {} leaves, {} levels below the root; root marked {:+}: {verdict}\n{advice}",
        format_rows(&tree.rows),
        tree.render(),
        tree::with_commas(size.nodes),
        tree::with_commas(size.leaves),
        tree.depth(),
        tree.mark,
    )
}
