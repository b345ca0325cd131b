//! The command line: fixed commands from clap derive, with one subcommand
//! per registered game whose arguments are the game's own options.

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, Command, FromArgMatches};
use ply_engine::{GameKind, GameOptions};

use ply_registry as registry;

/// Adds one subcommand per game to `command`, each carrying the game's
/// options and the command's own arguments `A`.
pub fn with_games<A: Args>(command: Command) -> Command {
    let mut command = command
        .subcommand_required(true)
        .subcommand_value_name("GAME");
    for kind in registry::games() {
        let mut sub = Command::new(kind.name());
        for option in kind.options() {
            let mut arg = clap::Arg::new(option.name)
                .long(option.name)
                .help(option.help);
            arg = match option.value_name {
                // `--size -1` is a value to refuse with the game's
                // reason, not an unknown option `-1`.
                Some(value_name) => arg
                    .value_name(value_name)
                    .num_args(1)
                    .allow_negative_numbers(true),
                None => arg.action(clap::ArgAction::SetTrue),
            };
            sub = sub.arg(arg);
        }
        // The derived arguments bring their doc comments; the game's summary wins.
        let mut sub = A::augment_args(sub).about(kind.summary());
        if sub.get_arguments().any(|arg| arg.get_id() == "position") {
            let notation = kind.position_notation();
            let help = format!(
                "Start from this position: {}, e.g. '{}'",
                notation.description, notation.example
            );
            sub = sub.mut_arg("position", |arg| arg.help(help));
        }
        command = command.subcommand(sub);
    }
    command
}

/// The game a game subcommand of `command` names, its options, and the
/// command's own arguments.
pub fn game_and_args<A: FromArgMatches>(
    command: ply_engine::Command,
    matches: &ArgMatches,
) -> anyhow::Result<(&'static dyn GameKind, GameOptions, A)> {
    let Some((name, sub)) = matches.subcommand() else {
        anyhow::bail!("name a game (see ply {} --help)", command.name());
    };
    let Some(kind) = registry::find(name) else {
        anyhow::bail!(
            "no game is called '{}' (see ply games)",
            ply_engine::echo::shown(name)
        );
    };
    let mut options = GameOptions::new();
    for option in kind.options() {
        let given = sub.value_source(option.name) == Some(ValueSource::CommandLine);
        // An option declared for other commands would do nothing here.
        if given && !option.applies_to(command) {
            let only: Vec<String> = option
                .commands
                .iter()
                .map(|c| format!("`ply {}`", c.name()))
                .collect();
            anyhow::bail!(
                "--{} applies only to {}, not to `ply {}`",
                option.name,
                only.join(" and "),
                command.name()
            );
        }
        match option.value_name {
            Some(_) => {
                if let Some(value) = sub.get_one::<String>(option.name) {
                    options = options.with_value(option.name, value);
                }
            }
            None => {
                if sub.get_flag(option.name) {
                    options = options.with_flag(option.name);
                }
            }
        }
    }
    let args = A::from_arg_matches(sub).map_err(|e| anyhow::anyhow!(e.to_string()))?;
    Ok((kind, options, args))
}
