//! `ply games`: the games and their options.

use crate::registry;

pub fn run() -> anyhow::Result<()> {
    for kind in registry::games() {
        println!("{:<10} {}", kind.name(), kind.summary());
        for option in kind.options() {
            let value = option
                .value_name
                .map(|v| format!(" {v}"))
                .unwrap_or_default();
            let flag = format!("--{}{value}", option.name);
            println!("    {flag:<16} {}", option.help);
        }
    }
    Ok(())
}
