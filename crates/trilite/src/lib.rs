//! placeholder

/// Registry entry (placeholder until the game lands).
pub struct TriliteKind;

/// The registry's handle on this game.
pub static TRILITE: TriliteKind = TriliteKind;

impl ply_engine::GameKind for TriliteKind {
    fn name(&self) -> &'static str {
        "trilite"
    }
    fn summary(&self) -> &'static str {
        "Trilite: tic-tac-toe where each player keeps three marks"
    }
    fn options(&self) -> Vec<ply_engine::OptionSpec> {
        Vec::new()
    }
    fn new_session(
        &self,
        _options: &ply_engine::GameOptions,
    ) -> Result<Box<dyn ply_engine::Session>, ply_engine::GameError> {
        Err(ply_engine::GameError::Unsupported(
            "trilite is not implemented yet".into(),
        ))
    }
}
