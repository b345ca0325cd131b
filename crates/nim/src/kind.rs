//! Nim in the registry: its options, its sessions, and `solve --tree`.

use ply_engine::{
    Command, EngineConfig, GameError, GameKind, GameOptions, GameSession, OptionNote,
    OptionProblem, OptionRole, OptionSpec, PositionNotation, Session, Transcript,
};

use ply_engine::{Game, Listing, ListingFormat, Notation, Outcome, SolveOutput};

use crate::bouton;
use crate::count::{self, TreeSize};
use crate::game::Nim;
use crate::graph::{self, Graph, EDGE_LIMIT, GRAPH_LIMIT};
use crate::notation::{digit_rows_notation, short_rows, POSITION_NOTATION};
use crate::rows::{read_rows, RowsText};
use crate::tree::{TreeNode, TREE_LIMIT};
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
        if rows.iter().all(|&r| r == 0) {
            return Err(GameError::option(
                "heaps",
                OptionProblem::Invalid {
                    value: options
                        .raw("heaps")
                        .map(|t| shown(t.trim()))
                        .unwrap_or_default(),
                    why: "every row is empty, so the game would be over before the first \
                          move; give at least one object"
                        .into(),
                    example: Some("1,2,3".into()),
                },
            ));
        }
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
                    GameError::option(
                        "heaps",
                        OptionProblem::Invalid {
                            value: shown(text.trim()),
                            why: format!("{why}; give the objects in each row, comma separated"),
                            example: Some("1,2,3".into()),
                        },
                    )
                })
            })
            .transpose()
    }
}

impl GameKind for NimKind {
    fn name(&self) -> &'static str {
        "nim"
    }

    fn solver_has_table(&self) -> bool {
        // Every move is valued by Bouton's rule in closed form.
        false
    }

    fn summary(&self) -> &'static str {
        "Nim: take objects from one row; last to take wins"
    }

    fn title(&self) -> &'static str {
        "Nim"
    }

    fn rules(&self) -> &'static str {
        "Rows of objects; in turn, each player takes one or more objects from a single row. \
         Whoever takes the last object wins (in misère play, loses)."
    }

    fn position_notation(&self) -> PositionNotation {
        POSITION_NOTATION
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::value(
                "heaps",
                "ROWS",
                "objects per row: 1,2,3 (123 is three rows of 0-9; 65535 or 65535, is one row); default 1,2,3",
            )
            .with_role(OptionRole::Start)
            .labelled("Objects in each row"),
            OptionSpec::flag("misere", "misère play: whoever takes the last object loses")
                .labelled("Misère (taking the last object loses)"),
            OptionSpec::flag(
                "tree",
                "solve, and play before its games: the whole game tree, marked; beyond 250,000 \
                 nodes its node and leaf counts and the graph of its distinct positions",
            )
            .only_for(&[Command::Solve, Command::Play]),
            OptionSpec::flag("dot", "solve with tree: print the tree (or graph) as Graphviz instead")
                .only_for(&[Command::Solve]),
            OptionSpec::flag(
                "trace",
                "play: show the game as the Nim trace, one line a move: \
                 board is (23)  player removes entire top row (1 item)",
            )
            .only_for(&[Command::Play])
            .with_role(OptionRole::Transcript),
        ]
    }

    /// How `--heaps` digits were read when they could have been read
    /// another way.
    fn option_notes(&self, options: &GameOptions) -> Vec<OptionNote> {
        Self::heaps_note(options)
            .ok()
            .flatten()
            .map(|note| OptionNote {
                option: "heaps",
                note,
            })
            .into_iter()
            .collect()
    }

    fn new_session(&self, options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
        Ok(GameSession::boxed(Self::start(options)?))
    }

    /// The Nim trace, with `--trace`.
    fn transcript(
        &self,
        options: &GameOptions,
        start: &str,
    ) -> Option<Result<(Box<dyn Transcript>, String), GameError>> {
        options.flag("trace").then(|| {
            crate::trace::Tracer::start(start)
                .map(|(tracer, line)| (Box::new(tracer) as Box<dyn Transcript>, line))
        })
    }

    fn bench(&self, _options: &GameOptions, config: &EngineConfig) -> Result<String, GameError> {
        crate::bench::run(config)
    }
}

/// `ply solve nim --tree` (or `--dot`): the marked game tree of `nim`.
pub(crate) fn special_solve(
    nim: &Nim,
    options: &GameOptions,
) -> Option<Result<SolveOutput, GameError>> {
    let dot = options.flag("dot");
    if !options.flag("tree") && !dot {
        return None;
    }
    let format = if dot {
        ListingFormat::Graphviz
    } else {
        ListingFormat::Text
    };
    Some(
        solve_tree(nim.rows(), nim.misere(), dot)
            .map(|text| SolveOutput::Listing(Listing { text, format })),
    )
}

/// The marked tree of `nim` as text (its counts and graph past the limit).
pub(crate) fn tree_listing(nim: &Nim) -> Result<Listing, GameError> {
    solve_tree(nim.rows(), nim.misere(), false).map(|text| Listing {
        text,
        format: ListingFormat::Text,
    })
}

/// `--tree`: the tree node by node when it is small enough, else its counts
/// and the graph of its distinct positions.
fn solve_tree(rows: &[u16], misere: bool, dot: bool) -> Result<String, GameError> {
    let size = count::count_tree(rows);
    if let Ok(size) = size {
        if size.nodes <= TREE_LIMIT {
            let tree = TreeNode::build(rows, misere);
            return Ok(if dot {
                tree.to_dot()
            } else {
                describe(&tree, misere)
            });
        }
    }
    let graph = Graph::build(rows, misere);
    match (graph, dot) {
        (Some(graph), true) => Ok(graph.to_dot()),
        (None, true) => Err(GameError::Unsupported(format!(
            "the graph from {} has {} distinct positions and {} moves between them, more than \
             the {} positions or {} moves the Graphviz drawing (dot) takes",
            short_rows(rows),
            count::with_commas(count::distinct_positions(rows)),
            count::with_commas(graph::graph_edges(rows)),
            count::with_commas(GRAPH_LIMIT),
            count::with_commas(EDGE_LIMIT)
        ))),
        (graph, false) => Ok(describe_graph(rows, misere, size, graph.as_ref())),
    }
}

fn rule(misere: bool) -> &'static str {
    if misere {
        "misère play: whoever takes the last object loses"
    } else {
        "whoever takes the last object wins"
    }
}

/// A line explaining digit-rows notation, when the positions use it.
fn notation_note(rows: &[u16]) -> &'static str {
    if digit_rows_notation(rows).is_some() {
        "positions in digit-rows notation: one digit a row, top row first, leading zeros \
         dropped (23 is 0,2,3; 0 is every row empty)\n"
    } else {
        ""
    }
}

/// A tree too big to print: its size, counted, and its distinct positions
/// each once (or only the root's verdict when even those are too many).
fn describe_graph(
    rows: &[u16],
    misere: bool,
    size: Result<TreeSize, count::TooManyToCount>,
    graph: Option<&Graph>,
) -> String {
    let objects: u64 = rows.iter().map(|&r| u64::from(r)).sum();
    let position = short_rows(rows);
    let counted = match size {
        Ok(size) => format!(
            "{} nodes and {} leaves (finished games), counted over distinct positions",
            count::with_commas(size.nodes),
            count::with_commas(size.leaves)
        ),
        Err(too_many) => too_many.to_string(),
    };
    let distinct = count::distinct_positions(rows);
    let mut out = format!(
        "game tree of Nim from {position} ({})\n\
         {counted}; {objects} levels below the root; more than the {} nodes printed one by one\n",
        rule(misere),
        count::with_commas(TREE_LIMIT),
    );
    let nim = Nim::new(rows, misere);
    let winning: Vec<String> = match graph {
        Some(graph) => {
            out.push_str(&format!(
                "the tree folded onto its {} distinct positions\n",
                count::with_commas(distinct)
            ));
            out.push_str(notation_note(rows));
            out.push_str(
                "each position once, parents before children: win / lose for the player to move \
                 there (the game tree marks a won position -1 on even levels, +1 on odd \
                 levels), then -> its children, one per move (row 1 first, taking 1, 2, ...), \
                 * on a child lost for the player then to move (a winning move)\n",
            );
            out.push_str(&graph.render());
            graph
                .winning_moves(graph.root())
                .map(|mv| nim.format_move(mv))
                .collect()
        }
        None => {
            out.push_str(&format!(
                "(its {} distinct positions and {} moves between them are more than the {} \
                 positions or {} moves the graph prints; the root's value is from Bouton's \
                 rule)\n",
                count::with_commas(distinct),
                count::with_commas(graph::graph_edges(rows)),
                count::with_commas(GRAPH_LIMIT),
                count::with_commas(EDGE_LIMIT)
            ));
            let mut moves = Vec::new();
            nim.generate_moves(&mut moves);
            moves
                .into_iter()
                .filter(|&mv| bouton::bouton_move_value(&nim, mv).outcome == Outcome::Win)
                .map(|mv| nim.format_move(mv))
                .collect()
        }
    };
    let verdict = if bouton::bouton_value(rows, misere).outcome == Outcome::Win {
        "win"
    } else {
        "lose"
    };
    out.push_str(&format!(
        "root {position}: {verdict} for the player to move"
    ));
    if winning.is_empty() {
        out.push('\n');
    } else {
        out.push_str(&format!("; winning moves: {}\n", winning.join(" ")));
    }
    out
}

/// The indented tree, a legend, and its size.
fn describe(tree: &TreeNode, misere: bool) -> String {
    let rule = rule(misere);
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
         {}\
         marks: +1 = a win for the player moving on odd levels (the computer when the \
         human starts), -1 = a win for the player moving on even levels\n\
         {}\
         {} nodes, {} leaves, {} levels below the root; root marked {:+}: {verdict}\n{advice}",
        short_rows(&tree.rows),
        notation_note(&tree.rows),
        tree.render(),
        count::with_commas(size.nodes),
        count::with_commas(size.leaves),
        tree.depth(),
        tree.mark,
    )
}
