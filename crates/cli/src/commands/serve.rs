//! `ply serve`: the browser front end and its JSON API (crates/serve).

use std::io::Write;
use std::net::{IpAddr, SocketAddr};

use crate::output::Output;
use ply_registry as registry;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on; the default serves this machine only.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Live games one client address may hold (more is refused, 429).
    #[arg(long, value_name = "N", default_value_t = ply_serve::Limits::default().max_games_per_client as u32,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games_per_client: u32,
    /// Searches one client address may run at once (the clients waiting
    /// for a slot take turns).
    #[arg(long, value_name = "N", default_value_t = ply_serve::Limits::default().max_searches_per_client as u32,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub searches_per_client: u32,
    /// Searches running at once, for every client together.
    #[arg(long, value_name = "N", default_value_t = ply_serve::Limits::default().max_searches as u32,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub searches: u32,
    /// Connections one client address may hold open.
    #[arg(long, value_name = "N", default_value_t = ply_serve::Limits::default().max_connections_per_client as u32,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub connections_per_client: u32,
    /// An outside engine offered in the page's player list under NAME:
    /// NAME=pbrain:COMMAND (a Gomocup engine, for Gomoku), NAME=gtp:COMMAND
    /// or NAME=nboard:COMMAND (Othello). Repeatable. Clients only name it;
    /// a command a client sends is refused.
    #[arg(long = "engine", value_name = "NAME=SPEC")]
    pub engines: Vec<String>,
}

/// The `--engine NAME=SPEC` options as the server's outside engines.
fn outside_engines(given: &[String]) -> anyhow::Result<ply_serve::OutsideEngines> {
    let mut named = Vec::new();
    for text in given {
        let Some((name, spec)) = text.split_once('=') else {
            anyhow::bail!(
                "--engine '{}': write NAME=SPEC, e.g. rapfi=pbrain:pbrain-rapfi",
                ply_engine::echo::shown_within(text, 80)
            );
        };
        match spec.parse::<ply_engine::PlayerSpec>() {
            Ok(ply_engine::PlayerSpec::Bot(ply_engine::BotSpec::Program(program))) => {
                named.push((name.to_string(), program))
            }
            Ok(_) => anyhow::bail!(
                "--engine '{}': SPEC is an engine program, pbrain:COMMAND, gtp:COMMAND or nboard:COMMAND",
                ply_engine::echo::shown_within(text, 80)
            ),
            Err(error) => anyhow::bail!("--engine '{}': {error}", ply_engine::echo::shown_within(text, 80)),
        }
    }
    ply_serve::OutsideEngines::new(named, registry::entry_host, registry::program_protocols)
        .map_err(|why| anyhow::anyhow!("--engine: {why}"))
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let engines = outside_engines(&args.engines)?;
    let server = ply_serve::Server::start_with_engines(
        SocketAddr::new(args.bind, args.port),
        registry::games(),
        ply_serve::Limits {
            max_games_per_client: args.games_per_client as usize,
            max_searches_per_client: args.searches_per_client as usize,
            max_searches: args.searches as usize,
            max_connections_per_client: args.connections_per_client as usize,
            ..ply_serve::Limits::default()
        },
        engines,
    )?;
    let url = format!("http://{}/", server.addr());
    let mut out = Output::stdout();
    writeln!(out, "ply serve: listening on {url} (Ctrl-C stops)")?;
    out.flush()?;
    if args.open {
        open_browser(&url);
    }
    // Ctrl-C stops the server cleanly: the terminal's handler, which ends
    // the program at once, gives way to the server's.
    #[cfg(unix)]
    // SAFETY: putting back the default disposition of SIGINT is
    // async-signal-safe and races with nothing: the server's runtime
    // installs its own handler only when it starts waiting, after this.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
    }
    server.run_until_ctrl_c()?;
    writeln!(out, "ply serve: stopped")?;
    out.flush()?;
    Ok(())
}

/// Asks the desktop to open `url`; where it cannot, the address printed
/// above is the way in.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .is_err()
    {
        let _ = writeln!(
            std::io::stderr(),
            "note: could not start {opener}; open {url} yourself"
        );
    }
}
