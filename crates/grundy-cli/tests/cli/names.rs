//! Game names as people type them: any case, a suggestion for a near miss, and `grundy games`.

use crate::common;
use common::{fails, json, stdout};

#[test]
fn names_are_read_in_any_case() {
    assert_eq!(
        json(&["value", "Kayles", "7"])["value"],
        json(&["value", "kayles", "7"])["value"]
    );
    assert_eq!(json(&["value", "NIM", "3,5"])["game"], "nim");
    assert_eq!(
        json(&["value", "Subtraction:S=1,3,4", "10"])["game"],
        "subtraction:s=1,3,4"
    );
    assert_eq!(json(&["value", "Misere-Kayles", "1"])["outcome"], "P");
    assert_eq!(json(&["verify", "BOUTON", "--to", "3"])["claim"], "bouton");
}

#[test]
fn a_near_miss_gets_a_suggestion() {
    fails(&["value", "kayls", "7"], "did you mean 'kayles'?");
    fails(&["value", "grundygame", "7"], "did you mean 'grundy-game'?");
    fails(&["verify", "buoton", "--to", "3"], "did you mean 'bouton'?");
    fails(&["value", "chess", "7"], "known games: nim");
}

#[test]
fn games_lists_every_family_with_an_example() {
    let listed = json(&["games"]);
    let games = listed["games"].as_array().unwrap();
    let text = stdout(&["games"]);
    for game in games {
        let name = game["name"].as_str().unwrap();
        let summary = game["summary"].as_str().unwrap();
        assert!(summary.starts_with(name), "{summary}");
        assert!(text.contains(summary));
    }
    for family in ["nim", "kayles", "digraph", "sharing-nim", "takeaway"] {
        assert!(games.iter().any(|g| g["name"] == family), "{family}");
    }
    fails(&["games", "--format", "csv"], "use text or json");
}
