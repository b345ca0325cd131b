//! Settings shared by searches and bots, and the bot specifications users type.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use crate::echo::shown;
use crate::error::GameError;

/// Engine settings from the command line.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Transposition table size in MiB (`--hash`).
    pub hash_mb: usize,
    /// Maximum search depth in plies (`--depth`), if limited.
    pub depth: Option<u32>,
    /// Seed for every random choice (`--seed`).
    pub seed: u64,
    /// Time budget of one search (`--move-time`): a bot's move, or a
    /// `hint` / `solve` analysis, which then reports what it proved in that
    /// time and leaves the rest `unknown`.
    pub move_time: Option<Duration>,
    /// Threads an analysis may use (`ply solve --threads`; Othello's exact
    /// solver): the values are the same with any count.
    pub threads: usize,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            hash_mb: 64,
            depth: None,
            seed: 0,
            move_time: None,
            threads: 1,
        }
    }
}

/// A player a user can name in `--players`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// The game's strongest default, with an optional strength level.
    Computer(Option<u32>),
    /// The exact analysis whatever the depth setting: a best move always,
    /// where the game can be solved.
    Perfect,
    /// Heuristic alpha-beta to this depth in plies (`alphabeta:DEPTH`).
    AlphaBeta(u32),
    /// Monte Carlo tree search with this many playouts a move
    /// (`mcts:PLAYOUTS`).
    Mcts(u32),
    /// The game's rules of thumb, else the best one-ply evaluation.
    Heuristic,
    /// A uniformly random legal move.
    Random,
    /// A player that learns from its games, its table kept in this file
    /// (`learner:FILE`) or only in memory.
    Learner(Option<PathBuf>),
    /// A contest entry: a shared library exporting the game's C interface
    /// (Trilite's `PlayTrilite`), typed `c:PATH` or as a path (`./entry.so`).
    /// The front end runs it in a process of its own; only tournaments of
    /// a game with a C interface take one.
    Entry(PathBuf),
    /// An engine program of its own, driven over a protocol it speaks
    /// (`gtp:COMMAND`, `nboard:COMMAND`, `pbrain:COMMAND`); like an entry,
    /// it plays in tournaments of a game whose front end can drive it.
    Program(EngineProgram),
}

/// An outside engine: the command that starts it and the protocol it
/// speaks on its standard input and output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineProgram {
    /// How it is driven.
    pub protocol: EngineProtocol,
    /// The program and its arguments, split at white space as typed;
    /// quotes (`'...'` or `"..."`) keep white space inside one word.
    pub command: Vec<String>,
}

/// A protocol an outside engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineProtocol {
    /// The Go Text Protocol (`gtp:`), as GTP Othello engines speak it.
    Gtp,
    /// The NBoard protocol (`nboard:`), as Edax and other Othello engines
    /// speak it.
    Nboard,
    /// The Gomocup protocol of the piskvork manager (`pbrain:`), as
    /// Gomoku engines (Rapfi, Embryo, `ply gomocup`) speak it.
    Pbrain,
}

impl EngineProtocol {
    /// Every protocol, in the order the help lists them.
    pub const ALL: [EngineProtocol; 3] = [
        EngineProtocol::Gtp,
        EngineProtocol::Nboard,
        EngineProtocol::Pbrain,
    ];

    /// The player spec's prefix: `gtp`, `nboard` or `pbrain`.
    pub fn prefix(self) -> &'static str {
        match self {
            EngineProtocol::Gtp => "gtp",
            EngineProtocol::Nboard => "nboard",
            EngineProtocol::Pbrain => "pbrain",
        }
    }

    /// A command that starts such an engine, for help and errors.
    fn example(self) -> &'static str {
        match self {
            EngineProtocol::Gtp => "gtp-rhino",
            EngineProtocol::Nboard => "edax -q",
            EngineProtocol::Pbrain => "pbrain-rapfi",
        }
    }
}

impl std::fmt::Display for EngineProgram {
    /// `PREFIX:COMMAND`, each word quoted where it must be to read back
    /// as the same word.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<String> = self.command.iter().map(|w| quoted(w)).collect();
        write!(f, "{}:{}", self.protocol.prefix(), words.join(" "))
    }
}

/// `word` as [`split_command`] reads it back: as it is when it holds no
/// white space and no quote, else in single quotes, a `'` inside written
/// `'"'"'` (the quoted pieces of one word join, as in a shell).
fn quoted(word: &str) -> String {
    let plain = !word.is_empty()
        && !word
            .chars()
            .any(|c| c.is_whitespace() || c == '\'' || c == '"');
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\"'\"'"))
    }
}

/// An engine's command line split into words at white space, as a shell
/// would with its quotes: `'...'` and `"..."` keep white space (and the
/// other quote) inside a word, and quoted pieces next to each other or to
/// plain text make one word (`'my engine'/gtp`). No backslash escapes: a
/// Windows path keeps its backslashes. `None` when a quote is not closed.
fn split_command(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        end if end == c => break,
                        inside => word.push(inside),
                    }
                }
            }
            c if c.is_whitespace() => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Some(words)
}

/// One seat: a person at the terminal or a bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person, who types the moves.
    Human,
    /// A computer player.
    Bot(BotSpec),
}

impl FromStr for PlayerSpec {
    type Err = GameError;

    fn from_str(text: &str) -> Result<Self, GameError> {
        let text = text.trim();
        let typed = shown(text);
        let (name, arg) = match text.split_once(':') {
            Some((name, arg)) => (name, Some(arg)),
            None => (text, None),
        };
        let number = |what: &str| -> Result<u32, GameError> {
            let arg = arg.ok_or_else(|| {
                GameError::BadOption(format!(
                    "player '{typed}' needs a number: {}:{what}",
                    shown(name)
                ))
            })?;
            match arg.parse::<u32>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(GameError::BadOption(format!(
                    "player '{typed}': {what} must be a whole number from 1 to {}, not '{}'",
                    u32::MAX,
                    shown(arg)
                ))),
            }
        };
        let no_arg = |spec: BotSpec| -> Result<PlayerSpec, GameError> {
            match arg {
                None => Ok(PlayerSpec::Bot(spec)),
                Some(_) => Err(GameError::BadOption(format!(
                    "player '{}' takes no ':' argument",
                    shown(name)
                ))),
            }
        };
        if let Some(protocol) = EngineProtocol::ALL
            .into_iter()
            .find(|p| p.prefix().eq_ignore_ascii_case(name))
        {
            return engine_program(protocol, arg);
        }
        match name.to_ascii_lowercase().as_str() {
            "human" => match arg {
                None => Ok(PlayerSpec::Human),
                Some(_) => Err(GameError::BadOption(
                    "player 'human' takes no ':' argument".into(),
                )),
            },
            "computer" => match arg {
                None => Ok(PlayerSpec::Bot(BotSpec::Computer(None))),
                Some(_) => Ok(PlayerSpec::Bot(BotSpec::Computer(Some(number("LEVEL")?)))),
            },
            "perfect" => no_arg(BotSpec::Perfect),
            "alphabeta" => Ok(PlayerSpec::Bot(BotSpec::AlphaBeta(number("DEPTH")?))),
            "mcts" => Ok(PlayerSpec::Bot(BotSpec::Mcts(number("PLAYOUTS")?))),
            "heuristic" => no_arg(BotSpec::Heuristic),
            "random" => no_arg(BotSpec::Random),
            "learner" => match arg {
                Some("") => Err(GameError::BadOption(
                    "player 'learner:' needs a file after the ':' (or plain 'learner')".into(),
                )),
                _ => Ok(PlayerSpec::Bot(BotSpec::Learner(arg.map(PathBuf::from)))),
            },
            "c" => match arg {
                Some("") | None => Err(GameError::BadOption(
                    "player 'c:' needs the path of a shared library after the ':'".into(),
                )),
                Some(path) => Ok(PlayerSpec::Bot(BotSpec::Entry(PathBuf::from(path)))),
            },
            _ if looks_like_library(text) => {
                Ok(PlayerSpec::Bot(BotSpec::Entry(PathBuf::from(text))))
            }
            _ => Err(GameError::BadOption(format!(
                "unknown player '{typed}' (expected human, computer, perfect, alphabeta:DEPTH, \
                 mcts:PLAYOUTS, heuristic, random, learner[:FILE], a C entry: ./entry.so \
                 or c:PATH, or an engine program: gtp:COMMAND, nboard:COMMAND or pbrain:COMMAND)"
            ))),
        }
    }
}

/// `PREFIX:COMMAND`: the engine program `arg` starts, split at white space
/// outside quotes.
fn engine_program(protocol: EngineProtocol, arg: Option<&str>) -> Result<PlayerSpec, GameError> {
    let arg = arg.unwrap_or("");
    let command = split_command(arg).ok_or_else(|| {
        GameError::BadOption(format!(
            "player '{}:{}': a quote is not closed (quote a word with spaces \
             as 'my engine' or \"my engine\")",
            protocol.prefix(),
            shown(arg)
        ))
    })?;
    // A quoted empty word is an argument, but never a program.
    if command.first().is_none_or(String::is_empty) {
        return Err(GameError::BadOption(format!(
            "player '{}:' needs the command that starts the engine after the ':' \
             (for example {}:'{}')",
            protocol.prefix(),
            protocol.prefix(),
            protocol.example()
        )));
    }
    Ok(PlayerSpec::Bot(BotSpec::Program(EngineProgram {
        protocol,
        command,
    })))
}

/// A player typed as a path: it holds a `/` or names a shared library
/// (`.so`, `.dylib`, `.dll`). `c:PATH` says it for any other path.
fn looks_like_library(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    text.contains('/')
        || [".so", ".dylib", ".dll"]
            .iter()
            .any(|end| lower.ends_with(end))
}

impl std::fmt::Display for BotSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotSpec::Computer(None) => write!(f, "computer"),
            BotSpec::Computer(Some(level)) => write!(f, "computer:{level}"),
            BotSpec::Perfect => write!(f, "perfect"),
            BotSpec::AlphaBeta(depth) => write!(f, "alphabeta:{depth}"),
            BotSpec::Mcts(playouts) => write!(f, "mcts:{playouts}"),
            BotSpec::Heuristic => write!(f, "heuristic"),
            BotSpec::Random => write!(f, "random"),
            BotSpec::Learner(None) => write!(f, "learner"),
            BotSpec::Learner(Some(path)) => write!(f, "learner:{}", path.display()),
            BotSpec::Entry(path) => write!(f, "c:{}", path.display()),
            BotSpec::Program(program) => program.fmt(f),
        }
    }
}

impl std::fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerSpec::Human => write!(f, "human"),
            PlayerSpec::Bot(spec) => spec.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A parse either gives a spec that prints back to the same spec, or a
    /// one-line message without raw control characters or unbounded echo.
    fn parses_or_explains(text: &str) {
        match text.parse::<PlayerSpec>() {
            Ok(spec) => assert_eq!(spec.to_string().parse(), Ok(spec), "{text:?}"),
            Err(error) => {
                let message = error.to_string();
                assert!(!message.chars().any(char::is_control), "{message:?}");
                assert!(message.len() < 400, "{message}");
            }
        }
    }

    const SPEC_LIKE: &str =
        "(?i)(human|computer|perfect|alphabeta|mcts|heuristic|random|learner|x)\
                             (:[0-9a-z./ \t-]{0,60})?";

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn any_text_is_a_player_or_a_clear_error(text in any::<String>()) {
            parses_or_explains(&text);
        }

        #[test]
        fn spec_like_text_is_a_player_or_a_clear_error(text in SPEC_LIKE) {
            parses_or_explains(&text);
        }

        /// Engine commands full of quotes and spaces read back the same
        /// after printing, or are refused clearly.
        #[test]
        fn quoted_engine_commands_print_back(text in "(gtp|nboard|pbrain):[a '\"\t/]{0,24}") {
            parses_or_explains(&text);
        }
    }

    /// The long run: `cargo test -p ply-engine --lib -- --ignored player_specs_long`.
    #[test]
    #[ignore]
    fn player_specs_long() {
        let mut runner =
            proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(200_000));
        runner
            .run(&any::<String>(), |text| {
                parses_or_explains(&text);
                Ok(())
            })
            .unwrap();
        runner
            .run(
                &proptest::string::string_regex(SPEC_LIKE).unwrap(),
                |text| {
                    parses_or_explains(&text);
                    Ok(())
                },
            )
            .unwrap();
    }

    #[test]
    fn messages_escape_and_cut_what_was_typed() {
        let error = "wiz\u{1b}ard"
            .parse::<PlayerSpec>()
            .unwrap_err()
            .to_string();
        assert!(error.contains("wiz\\u{1b}ard"), "{error}");
        let long = format!("alphabeta:{}", "9".repeat(200));
        let error = long.parse::<PlayerSpec>().unwrap_err().to_string();
        assert!(error.len() < 200 && error.contains("..."), "{error}");
    }

    #[test]
    fn parses_player_specs() {
        assert_eq!("human".parse(), Ok(PlayerSpec::Human));
        assert_eq!(
            "alphabeta:4".parse(),
            Ok(PlayerSpec::Bot(BotSpec::AlphaBeta(4)))
        );
        assert_eq!(
            "learner:t.json".parse(),
            Ok(PlayerSpec::Bot(BotSpec::Learner(Some("t.json".into()))))
        );
        assert!("alphabeta".parse::<PlayerSpec>().is_err());
        assert!("alphabeta:x".parse::<PlayerSpec>().is_err());
        assert!("wizard".parse::<PlayerSpec>().is_err());
        assert!("random:3".parse::<PlayerSpec>().is_err());
        assert!("alphabeta:0".parse::<PlayerSpec>().is_err());
        assert!("mcts:99999999999".parse::<PlayerSpec>().is_err());
        assert!("learner:".parse::<PlayerSpec>().is_err());
        assert_eq!(
            "learner".parse(),
            Ok(PlayerSpec::Bot(BotSpec::Learner(None)))
        );
    }

    #[test]
    fn engine_programs_name_their_protocol() {
        let program = |protocol, command: &[&str]| {
            Ok(PlayerSpec::Bot(BotSpec::Program(EngineProgram {
                protocol,
                command: command.iter().map(|c| c.to_string()).collect(),
            })))
        };
        assert_eq!(
            "pbrain:rapfi --x 1".parse(),
            program(EngineProtocol::Pbrain, &["rapfi", "--x", "1"])
        );
        assert_eq!(
            "PBRAIN:/a/b".parse(),
            program(EngineProtocol::Pbrain, &["/a/b"])
        );
        assert_eq!("gtp:g".parse(), program(EngineProtocol::Gtp, &["g"]));
        assert_eq!("nboard:e".parse(), program(EngineProtocol::Nboard, &["e"]));
        let error = "pbrain: ".parse::<PlayerSpec>().unwrap_err().to_string();
        assert!(error.contains("pbrain:'pbrain-rapfi'"), "{error}");
    }

    /// Quotes keep white space inside a word, as the help's example
    /// `pbrain:'pbrain-rapfi'` suggests typing: a program in a folder with
    /// a space, or an argument for `sh -c`, reaches the engine as one
    /// word, never with the quotes in its name.
    #[test]
    fn engine_commands_take_quoted_words() {
        let command = |spec: &str| match spec.parse::<PlayerSpec>() {
            Ok(PlayerSpec::Bot(BotSpec::Program(program))) => program.command,
            other => panic!("{spec}: {other:?}"),
        };
        assert_eq!(command("gtp:'gtp-rhino'"), ["gtp-rhino"]);
        assert_eq!(
            command("nboard:\"/opt/my engines/edax\" -q"),
            ["/opt/my engines/edax", "-q"]
        );
        assert_eq!(
            command("nboard:sh -c 'exec edax -q'"),
            ["sh", "-c", "exec edax -q"]
        );
        assert_eq!(command("gtp:'my dir'/gtp \"it's\""), ["my dir/gtp", "it's"]);
        assert_eq!(command("gtp:a '' b"), ["a", "", "b"]);
        // A Windows path keeps its backslashes.
        assert_eq!(command(r"gtp:C:\engines\gtp.exe"), [r"C:\engines\gtp.exe"]);
        for unclosed in ["gtp:'gtp-rhino", "nboard:edax \"-q", "pbrain:a'b"] {
            let error = unclosed.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(error.contains("quote is not closed"), "{unclosed}: {error}");
        }
        // Only quotes, no word: no command.
        let error = "gtp:''".parse::<PlayerSpec>().map(|_| ()).unwrap_err();
        assert!(error.to_string().contains("needs the command"), "{error}");
        // Printed back so that it reads back the same.
        for spec in [
            "gtp:'my dir'/gtp \"it's\"",
            "nboard:sh -c 'exec edax -q'",
            "gtp:a '' b",
        ] {
            let parsed = spec.parse::<PlayerSpec>().expect("a program");
            assert_eq!(parsed.to_string().parse(), Ok(parsed), "{spec}");
        }
    }

    #[test]
    fn shared_libraries_are_contest_entries() {
        let entry = |path: &str| Ok(PlayerSpec::Bot(BotSpec::Entry(path.into())));
        assert_eq!("./entry.so".parse(), entry("./entry.so"));
        assert_eq!("/tmp/a:b".parse(), entry("/tmp/a:b"));
        assert_eq!("Entry.DYLIB".parse(), entry("Entry.DYLIB"));
        assert_eq!("c:entry".parse(), entry("entry"));
        assert_eq!("C:lib/x.so".parse(), entry("lib/x.so"));
        assert!("c:".parse::<PlayerSpec>().is_err());
        assert!("c".parse::<PlayerSpec>().is_err());
        // A keyword comes first: a learner's file may hold a '/'.
        assert_eq!(
            "learner:dir/t.json".parse(),
            Ok(PlayerSpec::Bot(BotSpec::Learner(Some("dir/t.json".into()))))
        );
        assert_eq!(BotSpec::Entry("entry".into()).to_string(), "c:entry");
    }
}
