//! The page as an analysis board, in headless Chromium (issue 22): each
//! check is one thing a newcomer met or one feature the page promises, all
//! in one browser session so the suite stays quick. A failing check does
//! not hide the others: every check runs, and the test names those that
//! failed.

use crate::common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use common::webdriver::Browser;
use serde_json::{json, Value};

/// The page is idle: a game is shown, nothing is being asked, and a
/// person's position has its values.
const IDLE: &str = "window.ply && window.ply.game && !window.ply.busy && \
    (window.ply.game.turn === 'over' || window.ply.stopped || (window.ply.game.turn === 'human' && \
    (!document.getElementById('values').checked || window.ply.game.analysis)))";

/// Options typed into the form, by name.
type Options = &'static [(&'static str, &'static str)];

const ENTER: &str = "\u{E007}";
const ARROW_RIGHT: &str = "\u{E014}";
const ARROW_DOWN: &str = "\u{E015}";

fn wait_idle(browser: &mut Browser) {
    browser.wait_for(IDLE, Duration::from_secs(30));
}

fn state(browser: &mut Browser) -> Value {
    browser.script("return window.ply.game;", json!([]))
}

fn open(browser: &mut Browser, base: &str) {
    browser.goto("about:blank");
    browser.goto(base);
    browser.wait_for(
        "window.ply && window.ply.games.length > 0",
        Duration::from_secs(20),
    );
}

/// Starts `game` from the form with these options and players.
fn start(
    browser: &mut Browser,
    base: &str,
    game: &str,
    options: &[(&str, &str)],
    players: [&str; 2],
) {
    press_start(browser, base, game, options, players);
    wait_idle(browser);
}

/// Fills the form and presses Start.
fn press_start(
    browser: &mut Browser,
    base: &str,
    game: &str,
    options: &[(&str, &str)],
    players: [&str; 2],
) {
    open(browser, base);
    browser.choose("#game", game);
    for (name, value) in options {
        let css = format!("#options input[data-option=\"{name}\"]");
        if *value == "on" {
            browser.click(&css);
        } else {
            browser.type_into(&css, value);
        }
    }
    browser.choose("#player1", players[0]);
    browser.choose("#player2", players[1]);
    browser.click("#start");
}

/// Plays the first legal move by clicking it, and waits for the reply.
fn click_first_legal(browser: &mut Browser) {
    let mv = state(browser)["legal_moves"][0]
        .as_str()
        .expect("a legal move")
        .to_string();
    browser.click(&format!("#board .cell[data-move=\"{mv}\"]"));
    wait_idle(browser);
}

fn moves(state: &Value) -> Vec<Value> {
    state["moves"].as_array().expect("moves").clone()
}

/// Nim 40,7 misère is won only by taking 33 from the first row: its
/// object is drawn, marked a win, and clicking it plays it.
fn nim_long_row(browser: &mut Browser, base: &str) {
    start(
        browser,
        base,
        "nim",
        &[("heaps", "40,7"), ("misere", "on")],
        ["human", "computer"],
    );
    let objects = browser.script(
        "return document.querySelectorAll('#board .cell').length;",
        json!([]),
    );
    assert_eq!(objects, json!(47), "every object of both rows is drawn");
    let shown = browser.script(
        "const c = document.querySelector('#board .cell[data-move=\"1:33\"] [data-value]'); \
         return c && c.getAttribute('data-value');",
        json!([]),
    );
    assert_eq!(
        shown,
        json!("win"),
        "taking 33 is shown as the winning move"
    );
    browser.click("#board .cell[data-move=\"1:33\"]");
    wait_idle(browser);
    let first = &moves(&state(browser))[0];
    assert_eq!(first["move"], json!("1:33"));
    assert_eq!(first["value"], json!("win"));
}

/// Five moves into Gomoku and 8x8 Othello (boards the engine cannot
/// solve), every move of the history has a point, the computer's too.
fn history_on_unsolved_boards(browser: &mut Browser, base: &str) {
    let cases: [(&str, &[(&str, &str)]); 2] =
        [("mnk", &[("size", "15"), ("k", "5")]), ("othello", &[])];
    for (game, options) in cases {
        start(browser, base, game, options, ["human", "computer"]);
        while moves(&state(browser)).len() < 5 {
            click_first_legal(browser);
        }
        let played = moves(&state(browser)).len();
        let plotted = browser.script(
            "return [...document.querySelectorAll('#history .ply')] \
               .filter(r => Number(r.dataset.ply) > 0 && r.dataset.x !== undefined).length;",
            json!([]),
        );
        assert_eq!(plotted, json!(played), "{game}: a point for every move");
        let x_sides = browser.script(
            "return [...document.querySelectorAll('#history .ply')].filter(r => r.dataset.x).length;",
            json!([]),
        );
        assert_eq!(x_sides, json!(played));
    }
}

/// Undo then redo gives back every move with its value, also when the
/// values are hidden meanwhile (nothing is analysed on the way).
fn redo_keeps_values(browser: &mut Browser, base: &str) {
    start(browser, base, "tictactoe", &[], ["human", "computer"]);
    click_first_legal(browser);
    click_first_legal(browser);
    let before = moves(&state(browser));
    assert!(before.iter().all(|m| m["value"].is_string()), "{before:?}");
    browser.click("#values");
    for button in ["#undo", "#undo", "#redo", "#redo"] {
        browser.click(button);
        wait_idle(browser);
    }
    browser.click("#values");
    wait_idle(browser);
    assert_eq!(
        moves(&state(browser)),
        before,
        "the same moves, values and all"
    );
}

/// "Play from this position" reads the position in the game the form
/// names, not in the game played last; New game and `n` agree.
fn position_in_the_chosen_game(browser: &mut Browser, base: &str) {
    start(browser, base, "tictactoe", &[], ["human", "computer"]);
    browser.choose("#game", "nim");
    browser.type_into("#position", "3,4,5");
    browser.click("#load");
    wait_idle(browser);
    let now = state(browser);
    let message = browser.text("#message");
    assert_eq!(now["game"], json!("nim"), "{message}");
    assert_eq!(now["start_position"], json!("3,4,5"));
    click_first_legal(browser);
    browser.click("#new");
    wait_idle(browser);
    assert_eq!(
        state(browser)["position"],
        json!("3,4,5"),
        "New game: the same start"
    );
    click_first_legal(browser);
    browser.script("document.activeElement.blur();", json!([]));
    browser.keys("body", "n");
    wait_idle(browser);
    assert_eq!(
        state(browser)["position"],
        json!("3,4,5"),
        "n: the same start"
    );
}

/// The board is one tab stop; a move made from the keyboard leaves the
/// focus on the board, where the arrows go on working; the computer's
/// reply is announced; the board has a role.
fn keyboard_and_announcements(browser: &mut Browser, base: &str) {
    start(browser, base, "tictactoe", &[], ["human", "computer"]);
    let stops = "return document.querySelectorAll('#board [tabindex=\"0\"]').length;";
    assert_eq!(browser.script(stops, json!([])), json!(1), "one tab stop");
    browser.keys("#board .cell[tabindex=\"0\"]", ARROW_RIGHT);
    let focused = "const a = document.activeElement; \
        return a && a.closest('#board .cell') ? a.dataset.move : null;";
    assert_eq!(browser.script(focused, json!([])), json!("b1"));
    browser.keys("#board .cell[tabindex=\"0\"]", ENTER);
    wait_idle(browser);
    let now = state(browser);
    assert_eq!(moves(&now)[0]["move"], json!("b1"), "Enter played b1");
    assert_eq!(
        browser.script(focused, json!([])),
        json!("b1"),
        "the focus stays on the board"
    );
    assert_eq!(
        browser.script(stops, json!([])),
        json!(1),
        "still one tab stop"
    );
    browser.keys("#board .cell[tabindex=\"0\"]", ARROW_DOWN);
    assert_eq!(
        browser.script(focused, json!([])),
        json!("b2"),
        "arrows still work"
    );
    let rings = browser.script(
        "const css = e => getComputedStyle(e).stroke; \
         return [css(document.activeElement.querySelector('.square')), \
                 css(document.querySelector('#board .last-move'))];",
        json!([]),
    );
    assert_ne!(
        rings[0], rings[1],
        "the focus ring and the last-move marker differ: {rings}"
    );
    let reply = moves(&now)[1]["move"]
        .as_str()
        .expect("a reply")
        .to_string();
    let heard = browser.text("#announce");
    assert!(
        heard.contains(&reply),
        "the computer's {reply} is announced: {heard:?}"
    );
    let role = browser.script(
        "return document.getElementById('board').getAttribute('role');",
        json!([]),
    );
    assert!(role.is_string(), "the board container has a role");
}

/// Waits until the computer is held (Stop), or says what the page shows.
fn held_still(browser: &mut Browser, when: &str) {
    let started = std::time::Instant::now();
    while browser.script("return window.ply.busy;", json!([])) != json!(false) {
        if started.elapsed() > Duration::from_secs(20) {
            let seen = browser.script(
                "return [window.ply.stopped, window.ply.game.moves.length, window.ply.game.turn, \
                         document.getElementById('message').textContent, document.getElementById('stop').textContent];",
                json!([]),
            );
            panic!("{when}: still busy after 20 s: {seen}");
        }
        std::thread::sleep(Duration::from_millis(40));
    }
}

/// While the computer thinks the buttons that would do nothing are
/// disabled; Stop holds a game between computers; no stale "wait" stays.
fn busy_and_stop(browser: &mut Browser, base: &str) {
    press_start(browser, base, "othello", &[], ["computer", "computer"]);
    browser.wait_for(
        "window.ply.busy && window.ply.game",
        Duration::from_secs(10),
    );
    let disabled = browser.script(
        "return ['undo', 'new', 'start', 'load'].map(id => document.getElementById(id).disabled);",
        json!([]),
    );
    assert_eq!(
        disabled,
        json!([true, true, true, true]),
        "disabled while thinking"
    );
    browser.click("#stop");
    held_still(browser, "after Stop");
    let held = moves(&state(browser)).len();
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(moves(&state(browser)).len(), held, "Stop holds the game");
    let valued = moves(&state(browser));
    assert!(
        valued.iter().all(|m| m["value"].is_string()),
        "values on: every computer move has its value: {valued:?}"
    );
    browser.click("#stop");
    browser.wait_for(
        &format!("window.ply.game.moves.length > {held}"),
        Duration::from_secs(10),
    );
    browser.click("#stop");
    held_still(browser, "after the second Stop");
    // A person's click while the computer thinks: told to wait, and the
    // message goes when it is their turn.
    start(browser, base, "othello", &[], ["human", "computer"]);
    let mv = state(browser)["legal_moves"][0]
        .as_str()
        .expect("a move")
        .to_string();
    // One script: the board is redrawn under WebDriver's find and click.
    browser.script(
        "const cell = m => document.querySelector(`#board .cell[data-move=\"${m}\"]`); \
         cell(arguments[0]).dispatchEvent(new MouseEvent('click')); \
         cell('a1').dispatchEvent(new MouseEvent('click'));",
        json!([mv]),
    );
    wait_idle(browser);
    let message = browser.text("#message");
    assert!(!message.contains("thinking"), "stale message {message:?}");
}

/// The setup speaks to a newcomer: games by their names with a picture,
/// Gomoku as a game of its own, options as controls with their limits, a
/// short list of explained players, and one name for each side.
fn newcomer_setup(browser: &mut Browser, base: &str) {
    open(browser, base);
    let entries = browser.script(
        "return [[...document.querySelectorAll('#game option')].map(o => o.textContent), \
                 window.ply.games.map(g => g.name)];",
        json!([]),
    );
    let (titles, names) = (
        entries[0].as_array().expect("titles"),
        entries[1].as_array().expect("names"),
    );
    for title in titles {
        assert!(!names.contains(title), "{title} is a command-line name");
    }
    assert!(titles.contains(&json!("Gomoku")), "{titles:?}");
    browser.choose("#game", "mnk");
    let controls = browser.script(
        "const c = n => document.querySelector(`#options [data-option=\"${n}\"]`); \
         return [c('rows').type, c('rows').min, c('rows').max, c('rule').tagName, \
                 [...c('rule').options].map(o => o.value), c('rows').closest('label').textContent.trim().slice(0, 4), \
                 !!document.querySelector('#game-picture svg')];",
        json!([]),
    );
    assert_eq!(
        controls,
        json!([
            "number",
            "1",
            "26",
            "SELECT",
            ["freestyle", "exact", "renju", "caro"],
            "Rows",
            true
        ])
    );
    let players = browser.script(
        "return [...document.querySelectorAll('#player1 option')].map(o => o.title);",
        json!([]),
    );
    let players = players.as_array().expect("players");
    assert!(players.len() <= 8, "a short list: {players:?}");
    assert!(
        players
            .iter()
            .all(|p| p.as_str().is_some_and(|t| !t.is_empty())),
        "each explained"
    );
    assert!(!browser.text("#player2-about").is_empty());
    browser.choose("#game", "mnk/0");
    browser.click("#start");
    wait_idle(browser);
    let gomoku = state(browser);
    assert_eq!(
        (
            gomoku["board"]["rows"].clone(),
            gomoku["board"]["cols"].clone()
        ),
        (json!(15), json!(15))
    );
    assert_eq!(gomoku["options"]["k"], json!(5));
    start(browser, base, "nim", &[], ["human", "computer"]);
    click_first_legal(browser);
    let first = state(browser)["side_names"][0]
        .as_str()
        .expect("a name")
        .to_string();
    let row = browser.text("#history .ply[data-ply=\"1\"] .ply-name");
    assert!(row.contains(&first), "the history names {first}: {row:?}");
}

/// At 1400 x 900 the board's controls and the legend are in view without
/// scrolling, on the largest board too.
fn controls_above_the_fold(browser: &mut Browser, base: &str) {
    browser.set_window(1400, 900);
    for entry in ["tictactoe", "mnk/0"] {
        press_start(browser, base, entry, &[], ["human", "computer"]);
        wait_idle(browser);
        let below = browser.script(
            "return ['.controls', '#legend', '#board'].filter(css => \
               document.querySelector(css).getBoundingClientRect().bottom > window.innerHeight);",
            json!([]),
        );
        assert_eq!(below, json!([]), "{entry}: below the fold");
    }
    browser.set_window(1280, 900);
}

/// On a phone the numbers on a 15 x 15 board stay readable (the board
/// scrolls sideways rather than shrinking them to a few pixels).
fn labels_readable_on_a_phone(browser: &mut Browser, base: &str) {
    browser.set_window(390, 844);
    press_start(browser, base, "mnk/0", &[], ["human", "computer"]);
    wait_idle(browser);
    let height = browser.script(
        "const t = document.querySelector('#board .value-label'); \
         return t.getBoundingClientRect().height;",
        json!([]),
    );
    browser.set_window(1280, 900);
    assert!(height.as_f64() >= Some(11.0), "labels {height} px high");
}

/// An illegal click is refused with a message and no request.
fn illegal_click_is_local(browser: &mut Browser, base: &str) {
    start(browser, base, "tictactoe", &[], ["human", "computer"]);
    click_first_legal(browser);
    browser.script(
        "window.sent = 0; const send = window.fetch; \
         window.fetch = (...args) => { window.sent += 1; return send(...args); };",
        json!([]),
    );
    browser.click("#board .cell[data-move=\"a1\"]");
    wait_idle(browser);
    assert!(!browser.text("#message").is_empty(), "a message");
    assert_eq!(browser.script("return window.sent;", json!([])), json!(0));
}

/// A forced pass is said as soon as it is the person's turn.
fn forced_pass_said(browser: &mut Browser, base: &str) {
    open(browser, base);
    browser.choose("#game", "othello");
    browser.type_into("#options input[data-option=\"size\"]", "4");
    browser.type_into("#position", "OOOXXXOX-XOX-XOO X");
    browser.click("#load");
    wait_idle(browser);
    let message = browser.text("#message");
    assert!(message.contains("pass"), "the pass is said: {message:?}");
    assert!(browser.text("#announce").contains("pass"));
}

/// Under renju the page marks the points black may not play, and says so.
fn renju_forbidden_marked(browser: &mut Browser, base: &str) {
    open(browser, base);
    browser.choose("#game", "mnk");
    browser.type_into("#options input[data-option=\"size\"]", "15");
    browser.type_into("#options input[data-option=\"k\"]", "5");
    browser.choose("#options select[data-option=\"rule\"]", "renju");
    browser.choose("#player1", "human");
    browser.choose("#player2", "human");
    browser.click("#start");
    wait_idle(browser);
    for mv in ["i8", "a1", "k8", "c1", "h9", "e1", "h11", "g1"] {
        browser.click(&format!("#board .cell[data-move=\"{mv}\"]"));
        wait_idle(browser);
    }
    let marked = browser.script(
        "return [...document.querySelectorAll('#board .cell')]\
           .filter(c => c.querySelector('.forbidden-mark'))\
           .map(c => [c.dataset.move, c.getAttribute('aria-label')]);",
        json!([]),
    );
    let marked = marked.as_array().expect("cells");
    assert_eq!(marked.len(), 1, "{marked:?}");
    assert_eq!(marked[0][0], json!("h8"), "{marked:?}");
    assert!(
        marked[0][1]
            .as_str()
            .is_some_and(|l| l.contains("forbidden")),
        "{marked:?}"
    );
}

/// Clicking a history row goes to that position, and the moves after it
/// stay, to go forward again with their values.
fn history_rows_go_back_and_forth(browser: &mut Browser, base: &str) {
    start(browser, base, "tictactoe", &[], ["human", "computer"]);
    click_first_legal(browser);
    let after_two = state(browser)["position"].clone();
    click_first_legal(browser);
    let all = moves(&state(browser));
    browser.click("#history .ply[data-ply=\"2\"]");
    wait_idle(browser);
    let back = state(browser);
    assert_eq!(back["position"], after_two);
    assert_eq!(back["redo_moves"].as_array().map(Vec::len), Some(2));
    // The keyboard: the list is one tab stop, up goes a row back.
    let stops = browser.script(
        "return document.querySelectorAll('#history [tabindex=\"0\"]').length;",
        json!([]),
    );
    assert_eq!(stops, json!(1), "the history is one tab stop");
    browser.keys("#history [tabindex=\"0\"]", "\u{E013}\u{E007}");
    wait_idle(browser);
    assert_eq!(moves(&state(browser)).len(), 1, "up and Enter: a move back");
    browser.click("#history .ply[data-ply=\"0\"]");
    wait_idle(browser);
    assert_eq!(moves(&state(browser)).len(), 0);
    browser.click("#history .ply[data-ply=\"4\"]");
    wait_idle(browser);
    assert_eq!(moves(&state(browser)), all, "forward again, values kept");
}

/// Playing another move after going back starts a variation: the old
/// line stays in the tree, both can be visited back and forth with their
/// values, a variation can be promoted and deleted.
fn variations_survive(browser: &mut Browser, base: &str) {
    start(browser, base, "tictactoe", &[], ["human", "computer"]);
    click_first_legal(browser);
    click_first_legal(browser);
    let old = moves(&state(browser));
    let name = |m: &Value| m["move"].as_str().expect("a move").to_string();
    browser.click("#history .ply[data-ply=\"2\"]");
    wait_idle(browser);
    let legal = state(browser)["legal_moves"].clone();
    let other = legal
        .as_array()
        .expect("legal moves")
        .iter()
        .filter_map(Value::as_str)
        .find(|m| *m != name(&old[2]))
        .expect("another move")
        .to_string();
    browser.click(&format!("#board .cell[data-move=\"{other}\"]"));
    wait_idle(browser);
    let new = moves(&state(browser));
    assert_eq!(name(&new[2]), other);
    let shown = |browser: &mut Browser| {
        browser.script(
            "return [...document.querySelectorAll('#history .ply')].map(r => \
               [r.dataset.move, r.querySelector('.tag').textContent]);",
            json!([]),
        )
    };
    // The old line is a variation at move 3: back to it, then forward.
    let chip = format!(
        "#history .ply[data-ply=\"3\"] .variation[data-move=\"{}\"] .go",
        name(&old[2])
    );
    browser.click(&chip);
    wait_idle(browser);
    browser.click("#history .ply[data-ply=\"4\"]");
    wait_idle(browser);
    let now = moves(&state(browser));
    let names = |ms: &[Value]| ms.iter().map(name).collect::<Vec<_>>();
    assert_eq!(names(&now), names(&old), "the old line is back");
    let rows = shown(browser);
    for (row, m) in rows.as_array().expect("rows").iter().skip(1).zip(&old) {
        assert_eq!(row[0], m["move"]);
        assert!(row[1] != json!("no value"), "values kept: {rows}");
    }
    // And the new line again, by its chip.
    browser.click(&format!(
        "#history .ply[data-ply=\"3\"] .variation[data-move=\"{other}\"] .go"
    ));
    wait_idle(browser);
    assert_eq!(moves(&state(browser))[2]["move"], json!(other));
    if let Some(dir) = std::env::var_os("PLY_SCREENSHOTS") {
        std::fs::create_dir_all(&dir).expect("the screenshot folder");
        browser.screenshot(&std::path::Path::new(&dir).join("variations.png"));
    }
    // Promote the old line, then delete it: one line is left.
    let promote = format!(
        "#history .ply[data-ply=\"3\"] .variation[data-move=\"{}\"] .promote",
        name(&old[2])
    );
    browser.click(&promote);
    let first = browser.script(
        "return document.querySelector('#history .ply[data-ply=\"3\"]').dataset.move;",
        json!([]),
    );
    assert_eq!(first, json!(other), "the shown line stays where we are");
    browser.click(&chip.replace(".go", ".delete"));
    wait_idle(browser);
    let chips = browser.script(
        "return document.querySelectorAll('#history .variation').length;",
        json!([]),
    );
    assert_eq!(chips, json!(0), "the deleted line is gone");
}

/// The URL keeps the whole move tree: a line played, a variation played
/// after going back, and after a reload both are in the tree (the
/// variation shown, the old line a chip that goes back to it whole).
fn variations_survive_a_reload(browser: &mut Browser, base: &str) {
    start(browser, base, "tictactoe", &[], ["human", "computer"]);
    click_first_legal(browser);
    click_first_legal(browser);
    let old = moves(&state(browser));
    let name = |m: &Value| m["move"].as_str().expect("a move").to_string();
    browser.click("#history .ply[data-ply=\"2\"]");
    wait_idle(browser);
    let other = state(browser)["legal_moves"]
        .as_array()
        .expect("legal moves")
        .iter()
        .filter_map(Value::as_str)
        .find(|m| *m != name(&old[2]))
        .expect("another move")
        .to_string();
    browser.click(&format!("#board .cell[data-move=\"{other}\"]"));
    wait_idle(browser);
    let new = moves(&state(browser));
    browser.script("location.reload();", json!([]));
    browser.wait_for("window.ply && window.ply.game", Duration::from_secs(20));
    wait_idle(browser);
    let names = |ms: &[Value]| ms.iter().map(name).collect::<Vec<_>>();
    assert_eq!(
        names(&moves(&state(browser))),
        names(&new),
        "the line shown"
    );
    let chip = format!(
        "#history .ply[data-ply=\"3\"] .variation[data-move=\"{}\"] .go",
        name(&old[2])
    );
    browser.click(&chip);
    wait_idle(browser);
    browser.click("#history .ply[data-ply=\"4\"]");
    wait_idle(browser);
    assert_eq!(
        names(&moves(&state(browser))),
        names(&old),
        "the old line is in the tree after the reload"
    );
}

/// The engines the server's owner offers are in the player list of the
/// games that play them, by name, and one plays its seat.
fn owner_engines_offered(browser: &mut Browser, base: &str) {
    let offered = |browser: &mut Browser| {
        browser.script(
            "return [...document.querySelectorAll('#player1 option')].map(o => o.value) \
               .filter(v => v === 'centre').length;",
            json!([]),
        )
    };
    open(browser, base);
    browser.choose("#game", "othello");
    assert_eq!(
        offered(browser),
        json!(0),
        "Othello plays no Gomocup engine"
    );
    // Gomoku: the (m,n,k) game's preset.
    start(browser, base, "mnk/0", &[], ["centre", "human"]);
    let game = state(browser);
    assert_eq!(game["players"][0], json!("centre"));
    assert_eq!(moves(&game).len(), 1, "the engine moved: {game}");
    assert_eq!(game["turn"], json!("human"));
}

/// The computer's strength is also a slider from random to perfect over
/// the same list: moving it chooses the player, choosing one moves it.
fn strength_slider(browser: &mut Browser, base: &str) {
    open(browser, base);
    browser.choose("#game", "tictactoe");
    browser.choose("#player1", "human");
    browser.choose("#player2", "computer");
    let shown = browser.script(
        "const s = document.querySelectorAll('.strength'); \
         return [s[0].hidden, s[1].hidden, s[1].querySelector('input').value];",
        json!([]),
    );
    assert_eq!(
        shown,
        json!([true, false, "4"]),
        "a person has no slider; the strongest is at the end"
    );
    let chosen = browser.script(
        "const r = document.querySelectorAll('.strength input')[1]; r.value = '0'; \
         r.dispatchEvent(new Event('input')); return document.getElementById('player2').value;",
        json!([]),
    );
    assert_eq!(chosen, json!("random"), "the slider's left end is random");
    browser.click("#start");
    wait_idle(browser);
    assert_eq!(state(browser)["players"][1], json!("random"));
}

/// Think longer asks for a longer analysis of an unsolved position and
/// says how deep it went and which move it found best.
fn think_longer(browser: &mut Browser, base: &str) {
    start(browser, base, "othello", &[], ["human", "computer"]);
    let first = state(browser)["analysis"]["depth"]
        .as_u64()
        .expect("a depth");
    browser.click("#think");
    browser.wait_for(
        "document.getElementById('think-note').textContent.includes('3 times as long:')",
        Duration::from_secs(20),
    );
    let note = browser.text("#think-note");
    let deeper = state(browser)["analysis"]["depth"]
        .as_u64()
        .expect("a depth");
    assert!(deeper >= first, "{deeper} after {first}");
    assert!(
        note.contains(&format!("depth {deeper}")) && note.contains("best "),
        "{note:?}"
    );
}

/// Think longer on a board no analysis solves shows, as each step's
/// answer arrives, its depth and the principal variation the server sent.
fn think_longer_shows_the_line(browser: &mut Browser, base: &str) {
    start(
        browser,
        base,
        "mnk",
        &[("rows", "8"), ("cols", "8"), ("k", "5")],
        ["human", "computer"],
    );
    browser.click("#think");
    for times in [3, 10] {
        browser.wait_for(
            &format!(
                "document.getElementById('think-note').textContent.includes('{times} times as long:')"
            ),
            Duration::from_secs(30),
        );
        let note = browser.text("#think-note");
        let analysis = state(browser)["analysis"].clone();
        let line: Vec<&str> = analysis["pv"]
            .as_array()
            .unwrap_or_else(|| panic!("a line: {analysis}"))
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(line.len() >= 2, "{line:?}");
        let depth = analysis["depth"].as_u64().expect("a depth");
        assert!(
            note.contains(&format!("depth {depth}"))
                && note.contains(&format!("line {}", line.join(" "))),
            "{note:?} for {analysis}"
        );
    }
}

/// A game exported as its record format (GGF for Othello, the Gomocup
/// position for Gomoku) and imported again is the same game.
fn records_export_and_import(browser: &mut Browser, base: &str) {
    for (entry, format, opening) in [
        ("othello", "GGF", "(;GM[Othello]"),
        ("mnk/0", "Gomocup", "BOARD"),
    ] {
        press_start(browser, base, entry, &[], ["human", "computer"]);
        wait_idle(browser);
        click_first_legal(browser);
        let before = state(browser);
        browser.choose("#record-format", format);
        browser.click("#export");
        wait_idle(browser);
        let text = browser.script(
            "return document.getElementById('game-text').value;",
            json!([]),
        );
        let text = text.as_str().expect("a record").to_string();
        assert!(text.starts_with(opening), "{format}: {text}");
        browser.click("#new");
        wait_idle(browser);
        browser.click("#import");
        wait_idle(browser);
        let after = state(browser);
        assert_eq!(after["position"], before["position"], "{format}: {text}");
        assert_eq!(moves(&after).len(), moves(&before).len());
    }
}

/// The URL keeps the game: a reload, and a fresh browser given the link,
/// open the same position; export and import give the same game.
fn links_keep_the_game(browser: &mut Browser, base: &str) {
    start(
        browser,
        base,
        "mnk",
        &[("rows", "3"), ("cols", "4"), ("k", "3")],
        ["human", "computer"],
    );
    click_first_legal(browser);
    click_first_legal(browser);
    let before = state(browser);
    let link = browser.script("return location.href;", json!([]));
    let link = link.as_str().expect("a URL").to_string();
    browser.script("location.reload();", json!([]));
    browser.wait_for("window.ply && window.ply.game", Duration::from_secs(20));
    wait_idle(browser);
    let after = state(browser);
    assert_eq!(
        after["position"], before["position"],
        "reload restores the game"
    );
    assert_eq!(after["options"], before["options"]);
    let mut fresh = Browser::start();
    fresh.goto(&link);
    fresh.wait_for("window.ply && window.ply.game", Duration::from_secs(20));
    fresh.wait_for(IDLE, Duration::from_secs(30));
    let there = fresh.script("return window.ply.game;", json!([]));
    assert_eq!(
        there["position"], before["position"],
        "a link opens the same game"
    );
    drop(fresh);
    browser.click("#export");
    let text = browser.script(
        "return document.getElementById('game-text').value;",
        json!([]),
    );
    let played: Vec<String> = moves(&before)
        .iter()
        .filter_map(|m| m["move"].as_str().map(String::from))
        .collect();
    assert_eq!(text, json!(played.join(" ")));
    browser.click("#new");
    wait_idle(browser);
    browser.click("#import");
    wait_idle(browser);
    assert_eq!(
        state(browser)["position"],
        before["position"],
        "import replays the moves"
    );
}

/// sRGB relative luminance of `#rrggbb` or `rgb(r, g, b)`.
fn luminance(colour: &str) -> f64 {
    let channels: Vec<f64> = if let Some(hex) = colour.strip_prefix('#') {
        (0..3)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex") as f64)
            .collect()
    } else {
        colour
            .trim_start_matches("rgba(")
            .trim_start_matches("rgb(")
            .trim_end_matches(')')
            .split(',')
            .take(3)
            .map(|c| c.trim().parse::<f64>().expect("a channel"))
            .collect()
    };
    let linear = |c: f64| {
        let c = c / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(channels[0]) + 0.7152 * linear(channels[1]) + 0.0722 * linear(channels[2])
}

/// `colour` drawn at `opacity` over `ground`, as `rgb(r, g, b)`.
fn blend(colour: &str, opacity: f64, ground: &str) -> String {
    let channels = |c: &str| -> Vec<f64> {
        c.trim_start_matches("rgba(")
            .trim_start_matches("rgb(")
            .trim_end_matches(')')
            .split(',')
            .take(3)
            .map(|x| x.trim().parse::<f64>().expect("a channel"))
            .collect()
    };
    let (top, under) = (channels(colour), channels(ground));
    let mixed: Vec<String> = top
        .iter()
        .zip(&under)
        .map(|(t, u)| format!("{:.0}", t * opacity + u * (1.0 - opacity)))
        .collect();
    format!("rgb({})", mixed.join(", "))
}

fn contrast(a: &str, b: &str) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// The colours as rendered: each value mark's fill, its text, its outline,
/// and what is around it; the history's tags; the last-move marker.
const RENDERED: &str = r#"
const css = (e, p) => getComputedStyle(e)[p];
const panel = css(document.getElementById('play'), 'backgroundColor');
const marks = [...document.querySelectorAll('#board [data-value]')].map(shape => {
  const cell = shape.closest('.cell');
  const square = cell.querySelector('.square');
  const ground = shape === square ? panel : css(square, 'fill');
  return { what: cell.dataset.move, fill: css(shape, 'fill'), text: css(cell.querySelector('.value-label'), 'fill'),
           stroke: css(shape, 'stroke'), width: parseFloat(css(shape, 'strokeWidth')), ground };
});
const tags = [...document.querySelectorAll('#history .tag')].filter(t => t.textContent)
  .map(t => ({ what: t.textContent, text: css(t, 'color'), fill: css(t, 'backgroundColor') }))
  .filter(t => !t.fill.startsWith('rgba(0, 0, 0, 0)'));
const pieces = [...document.querySelectorAll('#board .mark path, #board .mark circle, #board .disc')].map(p => {
  const square = p.closest('.cell').querySelector('.square');
  const mark = p.closest('.mark');
  return { what: p.closest('.cell').dataset.move, colour: css(p, p.classList.contains('disc') ? 'fill' : 'stroke'),
           opacity: parseFloat(css(mark || p, 'opacity')), ground: css(square, 'fill') };
});
const last = document.querySelector('#board .last-move');
const lastMark = last && { stroke: css(last, 'stroke'),
  ground: css(last.closest('.cell').querySelector('.square'), 'fill') };
return { marks, tags, pieces, last: lastMark };
"#;

/// Every rendered colour meets WCAG AA: 4.5:1 for text, 3:1 for shapes
/// (a value's fill against what surrounds it, or its outline; marks and
/// discs against their square, Trilite's vanishing mark included).
fn contrast_meets_aa(browser: &mut Browser, base: &str) {
    // Trilite with three marks each: each side's oldest vanishes next.
    let boards: [(&str, Options, Option<&str>); 5] = [
        ("tictactoe", &[], None),
        ("nim", &[("heaps", "3,4,5")], None),
        ("othello", &[("size", "6")], None),
        ("mnk", &[("size", "9"), ("k", "5")], None),
        ("trilite", &[], Some("a1 b2 c2 a2 b3 c1")),
    ];
    let mut failures = Vec::new();
    for (game, options, position) in boards {
        start(browser, base, game, options, ["human", "computer"]);
        match position {
            Some(position) => {
                browser.type_into("#position", position);
                browser.click("#load");
                wait_idle(browser);
                let fading = browser.script(
                    "return document.querySelectorAll('#board .fading').length;",
                    json!([]),
                );
                assert!(fading.as_u64() >= Some(1), "{game}: a mark vanishes next");
            }
            None => click_first_legal(browser),
        }
        let seen = browser.script(RENDERED, json!([]));
        let marks = seen["marks"].as_array().expect("marks");
        assert!(!marks.is_empty(), "{game}: values are shown");
        for mark in marks {
            let text = mark["text"].as_str().expect("text");
            let fill = mark["fill"].as_str().expect("fill");
            let ground = mark["ground"].as_str().expect("ground");
            if contrast(text, fill) < 4.5 {
                failures.push(format!("{game} {}: text {text} on {fill}", mark["what"]));
            }
            let outline = mark["stroke"]
                .as_str()
                .filter(|_| mark["width"].as_f64() >= Some(2.0));
            let shape = contrast(fill, ground).max(outline.map_or(0.0, |s| contrast(s, ground)));
            if shape < 3.0 {
                failures.push(format!("{game} {}: shape {fill} on {ground}", mark["what"]));
            }
        }
        // Marks and discs against their square, the vanishing mark at its
        // faintest moment of the pulse at worst (its opacity as drawn now).
        for piece in seen["pieces"].as_array().expect("pieces") {
            let ground = piece["ground"].as_str().expect("ground");
            let shown = blend(
                piece["colour"].as_str().expect("colour"),
                piece["opacity"].as_f64().unwrap_or(1.0).min(1.0),
                ground,
            );
            if contrast(&shown, ground) < 3.0 {
                failures.push(format!(
                    "{game} piece on {}: {shown} on {ground}",
                    piece["what"]
                ));
            }
        }
        for tag in seen["tags"].as_array().expect("tags") {
            let (text, fill) = (
                tag["text"].as_str().expect("text"),
                tag["fill"].as_str().expect("fill"),
            );
            if contrast(text, fill) < 4.5 {
                failures.push(format!("{game} history {}: {text} on {fill}", tag["what"]));
            }
        }
        if let Some(last) = seen["last"].as_object() {
            let (stroke, ground) = (
                last["stroke"].as_str().expect("stroke"),
                last["ground"].as_str().expect("ground"),
            );
            if contrast(stroke, ground) < 3.0 {
                failures.push(format!("{game} last move: {stroke} on {ground}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "below WCAG AA:\n{}",
        failures.join("\n")
    );
}

/// With `PLY_SCREENSHOTS=DIR`: every game two moves in, on a desktop
/// window and on a phone (the phone reopens the game from its link), as
/// the README shows them.
fn gallery(browser: &mut Browser, base: &str) {
    let Some(dir) = std::env::var_os("PLY_SCREENSHOTS").map(std::path::PathBuf::from) else {
        return;
    };
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    let games: [(&str, &str, Options); 6] = [
        ("tictactoe", "tictactoe", &[]),
        ("mnk", "mnk", &[("rows", "4"), ("cols", "5"), ("k", "4")]),
        ("gomoku", "mnk/0", &[]),
        ("nim", "nim", &[("heaps", "3,5,7")]),
        ("trilite", "trilite", &[]),
        ("othello", "othello", &[]),
    ];
    for (file, entry, options) in games {
        browser.set_window(1280, 900);
        start(browser, base, entry, options, ["human", "computer"]);
        for _ in 0..2 {
            let legal = state(browser)["legal_moves"].clone();
            let legal = legal.as_array().expect("legal moves");
            let mv = legal[legal.len() / 2].as_str().expect("a move").to_string();
            browser.click(&format!("#board .cell[data-move=\"{mv}\"]"));
            wait_idle(browser);
        }
        browser.script("window.scrollTo(0, 0);", json!([]));
        browser.screenshot(&dir.join(format!("{file}.png")));
        browser.set_window(390, 844);
        browser.script("location.reload();", json!([]));
        browser.wait_for("window.ply && window.ply.game", Duration::from_secs(20));
        wait_idle(browser);
        browser.script("window.scrollTo(0, 0);", json!([]));
        browser.screenshot(&dir.join(format!("{file}-phone.png")));
    }
    browser.set_window(1280, 900);
}

#[test]
fn the_page_is_an_analysis_board_in_headless_chromium() {
    // One browser starts many games: more than one address may hold.
    // The owner offers one outside engine: a Gomocup engine in `sh` that
    // plays the centre.
    let engines = ply_serve::OutsideEngines::new(
        vec![(
            "centre".into(),
            common::pbrain_script("page-centre", "echo 7,7"),
        )],
        ply_registry::entry_host,
        ply_registry::program_protocols,
    )
    .expect("a good name");
    let server = ply_serve::Server::start_with_engines(
        "127.0.0.1:0".parse().expect("an address"),
        ply_registry::games(),
        ply_serve::Limits {
            max_games_per_client: 256,
            ..common::quick_limits()
        },
        engines,
    )
    .expect("the server starts");
    let base = format!("http://{}/", server.addr());
    let mut browser = Browser::start();
    type Check = fn(&mut Browser, &str);
    let checks: [(&str, Check); 23] = [
        ("newcomer_setup", newcomer_setup),
        ("nim_long_row", nim_long_row),
        ("history_on_unsolved_boards", history_on_unsolved_boards),
        ("redo_keeps_values", redo_keeps_values),
        ("position_in_the_chosen_game", position_in_the_chosen_game),
        ("keyboard_and_announcements", keyboard_and_announcements),
        ("busy_and_stop", busy_and_stop),
        ("illegal_click_is_local", illegal_click_is_local),
        ("controls_above_the_fold", controls_above_the_fold),
        ("labels_readable_on_a_phone", labels_readable_on_a_phone),
        ("forced_pass_said", forced_pass_said),
        ("renju_forbidden_marked", renju_forbidden_marked),
        (
            "history_rows_go_back_and_forth",
            history_rows_go_back_and_forth,
        ),
        ("variations_survive", variations_survive),
        ("variations_survive_a_reload", variations_survive_a_reload),
        ("think_longer", think_longer),
        ("owner_engines_offered", owner_engines_offered),
        ("strength_slider", strength_slider),
        ("think_longer_shows_the_line", think_longer_shows_the_line),
        ("links_keep_the_game", links_keep_the_game),
        ("records_export_and_import", records_export_and_import),
        ("contrast_meets_aa", contrast_meets_aa),
        ("gallery", gallery),
    ];
    let mut failed = Vec::new();
    // `PLY_PAGE_ONLY=think` runs the checks whose names contain it.
    let only = std::env::var("PLY_PAGE_ONLY").unwrap_or_default();
    for (name, check) in checks {
        if !name.contains(only.as_str()) {
            continue;
        }
        let started = std::time::Instant::now();
        if catch_unwind(AssertUnwindSafe(|| check(&mut browser, &base))).is_err() {
            failed.push(name);
        }
        eprintln!("page::{name}: {:.1} s", started.elapsed().as_secs_f64());
    }
    drop(browser);
    server.stop().expect("the server stops cleanly");
    assert!(failed.is_empty(), "failed: {failed:?}");
}

/// The page stays small: HTML, CSS and script under 100 KB, with no build
/// step and nothing fetched from elsewhere.
#[test]
fn the_page_stays_under_100_kb_with_no_external_resources() {
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut total = 0;
    for entry in std::fs::read_dir(&assets).expect("the assets") {
        let path = entry.expect("an asset").path();
        let file = path.display();
        let text = std::fs::read_to_string(&path).expect("an asset");
        assert!(
            !text.contains("http://") || text.contains("http://www.w3.org/2000/svg"),
            "{file}"
        );
        assert!(!text.contains("https://"), "{file} fetches from elsewhere");
        total += text.len();
    }
    assert!(total < 100_000, "the page is {total} bytes");
}
