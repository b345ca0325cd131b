//! What a tournament adds up as its games end: wins, draws and losses per
//! pair and seat, how games ended, and the Elo ratings computed from them.

use serde::Serialize;

use super::{Ending, GameRecord};

/// How many games ended each way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Endings {
    /// Ended by the rules (a win or a drawn end position).
    pub rules: u64,
    /// Drawn at the ply limit.
    pub max_moves: u64,
    /// Drawn because a move took longer than the limit.
    pub move_time: u64,
    /// Drawn because the players' time together passed the game's limit.
    pub game_time: u64,
    /// Lost by the bot that failed to move.
    pub bot_error: u64,
    /// Lost by the contest entry whose process died.
    pub crashed: u64,
    /// Lost by the contest entry that gave no answer in time.
    pub timed_out: u64,
    /// Lost by the contest entry that answered a move it may not play.
    pub illegal_answer: u64,
}

impl Endings {
    fn add(&mut self, ending: Ending) {
        match ending {
            Ending::Rules => self.rules += 1,
            Ending::MaxMoves => self.max_moves += 1,
            Ending::MoveTime => self.move_time += 1,
            Ending::GameTime => self.game_time += 1,
            Ending::BotError => self.bot_error += 1,
            Ending::Crashed => self.crashed += 1,
            Ending::TimedOut => self.timed_out += 1,
            Ending::IllegalAnswer => self.illegal_answer += 1,
        }
    }

    fn merge(&mut self, other: Endings) {
        self.rules += other.rules;
        self.max_moves += other.max_moves;
        self.move_time += other.move_time;
        self.game_time += other.game_time;
        self.bot_error += other.bot_error;
        self.crashed += other.crashed;
        self.timed_out += other.timed_out;
        self.illegal_answer += other.illegal_answer;
    }

    /// Games lost by a player failing to move.
    pub fn faults(&self) -> u64 {
        self.bot_error + self.crashed + self.timed_out + self.illegal_answer
    }
}

/// The games one player lost by failing to move, by how, and why the
/// earliest of them (in schedule order) was lost.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Faults {
    /// The lost games counted by ending (only the faults' endings count).
    #[serde(flatten)]
    pub endings: Endings,
    /// Why the earliest of them was lost, when the fault gave a reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The game the first reason comes from.
    #[serde(skip)]
    first_game: Option<u64>,
}

impl Faults {
    /// Games lost this way.
    pub fn games(&self) -> u64 {
        self.endings.faults()
    }

    fn add(&mut self, index: u64, ending: Ending, reason: Option<&str>) {
        self.endings.add(ending);
        if self.first_game.is_none_or(|held| index < held) {
            self.first_game = Some(index);
            self.first = reason.map(str::to_string);
        }
    }

    fn merge(&mut self, other: Faults) {
        self.endings.merge(other.endings);
        if let Some(index) = other.first_game {
            if self.first_game.is_none_or(|held| index < held) {
                self.first_game = Some(index);
                self.first = other.first;
            }
        }
    }
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Tally {
    fn add(&mut self, points: Points) {
        match points {
            Points::Win => self.wins += 1,
            Points::Draw => self.draws += 1,
            Points::Loss => self.losses += 1,
        }
    }

    pub(super) fn merge(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// Games played: wins, draws and losses together.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points with a win 1 and a draw one half.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}-{}", self.wins, self.draws, self.losses)
    }
}

#[derive(Clone, Copy)]
pub(super) enum Points {
    Win,
    Draw,
    Loss,
}

/// What is known of the games played so far.
pub(super) struct Totals {
    pub(super) crosstable: Vec<Vec<Tally>>,
    /// `first_against[i][j]`: player i's results against j in the games
    /// i moved first in.
    pub(super) first_against: Vec<Vec<Tally>>,
    pub(super) as_first: Vec<Tally>,
    pub(super) as_second: Vec<Tally>,
    pub(super) thinking: Vec<f64>,
    pub(super) faults: Vec<Faults>,
    pub(super) endings: Endings,
    pub(super) played: u64,
    /// The bot error of the earliest game in schedule order.
    pub(super) first_error: Option<(u64, String)>,
    /// Kept records by game index, when asked for.
    pub(super) records: Vec<(u64, GameRecord)>,
    pub(super) warnings: Vec<String>,
}

impl Totals {
    pub(super) fn new(players: usize) -> Self {
        Totals {
            crosstable: vec![vec![Tally::default(); players]; players],
            first_against: vec![vec![Tally::default(); players]; players],
            as_first: vec![Tally::default(); players],
            as_second: vec![Tally::default(); players],
            thinking: vec![0.0; players],
            faults: vec![Faults::default(); players],
            endings: Endings::default(),
            played: 0,
            first_error: None,
            records: Vec::new(),
            warnings: Vec::new(),
        }
    }

    pub(super) fn add(&mut self, index: u64, record: GameRecord, keep: bool) {
        for (seat, (me, them)) in [(record.first, record.second), (record.second, record.first)]
            .into_iter()
            .enumerate()
        {
            let points = match record.winner {
                None => Points::Draw,
                Some(w) if w == me => Points::Win,
                Some(_) => Points::Loss,
            };
            self.crosstable[me][them].add(points);
            if seat == 0 {
                self.first_against[me][them].add(points);
                self.as_first[me].add(points);
            } else {
                self.as_second[me].add(points);
            }
            self.thinking[me] += record.thinking_ms[seat];
        }
        self.endings.add(record.ending);
        if record.ending.is_fault() {
            // The player that failed to move is the one that did not win.
            let loser = match record.winner {
                Some(w) if w == record.first => record.second,
                _ => record.first,
            };
            self.faults[loser].add(index, record.ending, record.error.as_deref());
        }
        self.played += 1;
        if let Some(error) = &record.error {
            if earlier(&self.first_error, index) {
                self.first_error = Some((index, error.clone()));
            }
        }
        if keep {
            self.records.push((index, record));
        }
    }

    pub(super) fn merge(mut self, other: Totals) -> Totals {
        for (mine, theirs) in self.crosstable.iter_mut().zip(other.crosstable) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                a.merge(b);
            }
        }
        for (mine, theirs) in self.first_against.iter_mut().zip(other.first_against) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                a.merge(b);
            }
        }
        for (a, b) in self.as_first.iter_mut().zip(other.as_first) {
            a.merge(b);
        }
        for (a, b) in self.as_second.iter_mut().zip(other.as_second) {
            a.merge(b);
        }
        for (a, b) in self.thinking.iter_mut().zip(other.thinking) {
            *a += b;
        }
        for (a, b) in self.faults.iter_mut().zip(other.faults) {
            a.merge(b);
        }
        self.endings.merge(other.endings);
        self.played += other.played;
        if let Some((index, error)) = other.first_error {
            if earlier(&self.first_error, index) {
                self.first_error = Some((index, error));
            }
        }
        self.records.extend(other.records);
        self.warnings.extend(other.warnings);
        self
    }
}

/// True when game `index`'s error comes before the one held, if any.
fn earlier(held: &Option<(u64, String)>, index: u64) -> bool {
    match held {
        None => true,
        Some((held, _)) => index < *held,
    }
}

/// Bradley-Terry ratings by minorisation-maximisation (Hunter 2004), draws
/// counting half a win each. One virtual draw per pair keeps a player who
/// never lost (or never won) at a finite rating. Returned as Elo with the
/// players' mean at 0.
pub fn elo(crosstable: &[Vec<Tally>]) -> Vec<f64> {
    let n = crosstable.len();
    let games = |i: usize, j: usize| crosstable[i][j].games() as f64;
    let played = |i: usize, j: usize| i != j && games(i, j) > 0.0;
    let pair_games = |i: usize, j: usize| games(i, j) + if played(i, j) { 1.0 } else { 0.0 };
    let points: Vec<f64> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| played(i, j))
                .map(|j| crosstable[i][j].points() + 0.5)
                .sum()
        })
        .collect();
    let mut strength = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next: Vec<f64> = (0..n)
            .map(|i| {
                let denominator: f64 = (0..n)
                    .filter(|&j| played(i, j))
                    .map(|j| pair_games(i, j) / (strength[i] + strength[j]))
                    .sum();
                if denominator > 0.0 {
                    points[i] / denominator
                } else {
                    strength[i]
                }
            })
            .collect();
        let log_mean = next.iter().map(|s| s.ln()).sum::<f64>() / n as f64;
        for s in &mut next {
            *s /= log_mean.exp();
        }
        let change = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-12 {
            break;
        }
    }
    strength.iter().map(|s| 400.0 * s.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u64, draws: u64, losses: u64) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_orders_players_and_stays_finite() {
        let none = Tally::default();
        // A beats B 90-10, B beats C 90-10, A beats C 100-0.
        let table = vec![
            vec![none, tally(90, 0, 10), tally(100, 0, 0)],
            vec![tally(10, 0, 90), none, tally(90, 0, 10)],
            vec![tally(0, 0, 100), tally(10, 0, 90), none],
        ];
        let elo = elo(&table);
        assert!(elo[0] > elo[1] && elo[1] > elo[2], "{elo:?}");
        assert!(elo.iter().all(|e| e.is_finite()));
        assert!(elo.iter().sum::<f64>().abs() < 1e-6, "mean zero: {elo:?}");
        // 90% against each other is about 380 Elo.
        assert!((elo[0] - elo[1] - 380.0).abs() < 80.0, "{elo:?}");
    }

    #[test]
    fn equal_players_are_rated_equal() {
        let none = Tally::default();
        let even = tally(10, 20, 10);
        let elo = elo(&[vec![none, even], vec![even, none]]);
        assert!(elo[0].abs() < 1e-6 && elo[1].abs() < 1e-6, "{elo:?}");
    }
}
