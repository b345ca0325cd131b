//! How `--heaps` (and position rows) are read: no text has two readings,
//! the reading taken is named when it could have been the other, and sizes
//! are checked with the limit named.

use ply_engine::{GameError, GameKind, GameOptions, OptionProblem};
use ply_nim::{read_rows, NimKind, RowsError, MAX_COUNT, MAX_ROWS, NIM};

fn rows(text: &str) -> Vec<u16> {
    read_rows(text)
        .unwrap_or_else(|e| panic!("{text:?}: {e}"))
        .rows
}

fn note(text: &str) -> Option<String> {
    read_rows(text)
        .unwrap_or_else(|e| panic!("{text:?}: {e}"))
        .note
}

/// `65536` was silently five rows 6,5,5,3,6; now it is one row, too big.
#[test]
fn digits_past_a_row_are_not_split_silently() {
    let error = read_rows("65536").unwrap_err();
    assert!(matches!(error, RowsError::TooBig { .. }), "{error:?}");
    let text = error.to_string();
    assert!(
        text.contains(&format!("at most {MAX_COUNT} objects, not 65536")),
        "{text}"
    );
    assert!(text.contains("6,5,5,3,6"), "{text}");
}

/// A single row of 10 or more: `65535` and `65535,` (which failed with
/// "row 2 is missing").
#[test]
fn one_big_row() {
    assert_eq!(rows("65535"), [65_535]);
    assert_eq!(rows("65535,"), [65_535]);
    assert_eq!(rows("12"), [12]);
    assert_eq!(rows("123,"), [123]);
    assert_eq!(rows("1,2,3,"), [1, 2, 3]);
    let told = note("65535").expect("a note");
    assert!(
        told.contains("one row of 65535") && told.contains("6,5,5,3,5"),
        "{told}"
    );
    assert!(note("12").expect("a note").contains("1,2"));
    assert_eq!(note("65535,"), None);
}

/// Digit-rows notation: three digits are three rows of 0-9.
#[test]
fn three_digits_are_digit_rows() {
    assert_eq!(rows("123"), [1, 2, 3]);
    assert_eq!(rows("345"), [3, 4, 5]);
    assert_eq!(rows("105"), [1, 0, 5]);
    assert_eq!(rows("012"), [0, 1, 2]);
    let told = note("123").expect("a note");
    assert!(
        told.contains("three rows 1,2,3") && told.contains("123,"),
        "{told}"
    );
    // A leading zero leaves only the per-digit reading: nothing to tell.
    assert_eq!(note("012"), None);
    assert_eq!(note("7"), None);
    assert_eq!(note("1,2,3"), None);
    assert_eq!(rows("7"), [7]);
}

#[test]
fn leading_zeros_are_ambiguous() {
    for text in ["05", "0123", "00"] {
        let error = read_rows(text).unwrap_err();
        assert!(
            matches!(error, RowsError::Ambiguous { .. }),
            "{text}: {error:?}"
        );
    }
    let text = read_rows("05").unwrap_err().to_string();
    assert!(
        text.contains("0,5") && text.contains("5 for one row"),
        "{text}"
    );
}

/// Past the most rows, digits can only be one number; a long run of zeros
/// made a message of 20,000 characters.
#[test]
fn long_digit_runs_are_one_row() {
    let zeros = "0".repeat(10_000);
    assert_eq!(rows(&format!("{zeros}5")), [5]);
    let text = read_rows(&format!("{zeros}65536")).unwrap_err().to_string();
    assert!(text.contains("at most 65535 objects"), "{text}");
    assert!(text.len() < 200, "{text}");
    let short = "0".repeat(MAX_ROWS);
    assert!(matches!(
        read_rows(&short),
        Err(RowsError::Ambiguous { .. })
    ));
}

#[test]
fn limits_are_named_before_anything_is_stored() {
    let many = "1,".repeat(100_000);
    let text = read_rows(&many).unwrap_err().to_string();
    assert_eq!(text, format!("at most {MAX_ROWS} rows, not 100000"));
    assert_eq!(rows(&"1,".repeat(MAX_ROWS)).len(), MAX_ROWS);
    let huge = "9".repeat(10_000);
    let text = read_rows(&format!("1,{huge}")).unwrap_err().to_string();
    assert!(
        text.contains(&format!("at most {MAX_COUNT} objects")),
        "{text}"
    );
    assert!(text.len() < 200, "{text}");
    assert!(matches!(read_rows("1,-2"), Err(RowsError::Negative { .. })));
    assert_eq!(read_rows("1,,2"), Err(RowsError::Missing { row: 2 }));
}

/// Through the registry: the note is there for a front end, and errors are
/// bad options that name `--heaps`, repeat it as typed and give an example.
#[test]
fn the_registry_names_the_reading() {
    let options = GameOptions::new().with_value("heaps", "123");
    assert!(NimKind::heaps_note(&options).unwrap().is_some());
    let notes = NIM.option_notes(&options);
    assert!(
        notes.len() == 1
            && notes[0].option == "heaps"
            && notes[0].note.starts_with("read 123 as three rows 1,2,3"),
        "{notes:?}"
    );
    assert!(NIM
        .option_notes(&GameOptions::new().with_value("heaps", "1,2,3"))
        .is_empty());
    let session = NIM.new_session(&options).unwrap();
    assert_eq!(session.position(), "1,2,3");
    let options = GameOptions::new().with_value("heaps", "65535");
    assert_eq!(NIM.new_session(&options).unwrap().position(), "65535,");
    let options = GameOptions::new().with_value("heaps", "100,");
    assert_eq!(NIM.new_session(&options).unwrap().position(), "100,");
    assert_eq!(NimKind::heaps_note(&GameOptions::new()).unwrap(), None);
    let options = GameOptions::new().with_value("heaps", "65536");
    match NIM.new_session(&options) {
        Err(GameError::Option {
            option,
            problem: OptionProblem::Invalid { value, example, .. },
        }) => {
            assert_eq!((option.as_str(), value.as_str()), ("heaps", "65536"));
            assert_eq!(example.as_deref(), Some("1,2,3"));
        }
        Err(other) => panic!("{other:?}"),
        Ok(_) => panic!("65536 accepted"),
    }
}

/// A single row of three digits printed as `100` read back as rows 1,0,0.
#[test]
fn a_single_big_row_prints_unambiguously() {
    use ply_engine::Notation;
    use ply_nim::Nim;
    for row in [10u16, 100, 999, 65_535] {
        let nim = Nim::new(&[row], false);
        let text = nim.format_position();
        assert_eq!(text, format!("{row},"));
        assert_eq!(nim.parse_position(&text).unwrap(), nim);
    }
    assert_eq!(Nim::new(&[7], false).format_position(), "7");
}
