//! placeholder

/// Registry entry (placeholder until the game lands).
pub struct OthelloKind;

/// The registry's handle on this game.
pub static OTHELLO: OthelloKind = OthelloKind;

impl ply_engine::GameKind for OthelloKind {
    fn name(&self) -> &'static str {
        "othello"
    }
    fn summary(&self) -> &'static str {
        "Othello (Reversi) on even boards 4 to 10"
    }
    fn options(&self) -> Vec<ply_engine::OptionSpec> {
        Vec::new()
    }
    fn new_session(
        &self,
        _options: &ply_engine::GameOptions,
    ) -> Result<Box<dyn ply_engine::Session>, ply_engine::GameError> {
        Err(ply_engine::GameError::Unsupported(
            "othello is not implemented yet".into(),
        ))
    }
}
