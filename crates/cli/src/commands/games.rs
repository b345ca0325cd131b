//! `ply games`: the games, their options, and how to write their positions.

use crate::output::Output;
use ply_registry as registry;

pub fn run() -> anyhow::Result<()> {
    let mut out = Output::stdout();
    for kind in registry::games() {
        writeln!(out, "{:<10} {}", kind.name(), kind.summary())?;
        for option in kind.options() {
            let value = option
                .value_name
                .map(|v| format!(" {v}"))
                .unwrap_or_default();
            let flag = format!("--{}{value}", option.name);
            writeln!(out, "    {flag:<16} {}", option.help)?;
        }
        let notation = kind.position_notation();
        writeln!(out, "    {:<16} {}", "--position POS", notation.description)?;
        writeln!(out, "    {:<16} e.g. '{}'", "", notation.example)?;
    }
    out.flush()?;
    Ok(())
}
