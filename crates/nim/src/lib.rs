//! placeholder

/// Registry entry (placeholder until the game lands).
pub struct NimKind;

/// The registry's handle on this game.
pub static NIM: NimKind = NimKind;

impl ply_engine::GameKind for NimKind {
    fn name(&self) -> &'static str {
        "nim"
    }
    fn summary(&self) -> &'static str {
        "Nim: take objects from one row; last to take wins"
    }
    fn options(&self) -> Vec<ply_engine::OptionSpec> {
        Vec::new()
    }
    fn new_session(
        &self,
        _options: &ply_engine::GameOptions,
    ) -> Result<Box<dyn ply_engine::Session>, ply_engine::GameError> {
        Err(ply_engine::GameError::Unsupported(
            "nim is not implemented yet".into(),
        ))
    }
}
