//! The contract every command keeps (issue 50, items 6-8): a refusal is one `error:` line,
//! exit code 2 and nothing on stdout, whatever the path; a valid but incomplete answer (a
//! record run stopped short) is exit code 3; an output that cannot be written ends the command
//! without a panic.

use crate::common::fails;

/// Item 6: `seq` past a limit known from its arguments is refused before its first value, and
/// a limit met inside the range leaves stdout empty too (exit code 2, not 3 with the values
/// below the limit): exit code 3 is for record runs only (`octal::value_and_seq_say_where_a_record_run_stopped`).
#[test]
fn seq_past_a_limit_writes_nothing() {
    // Fibonacci Nim's values are computed by the definition up to 3000 counters; 3001 =
    // 2584 + 377 + 34 + 5 + 1 is an N-position (its smallest Zeckendorf term, 1, may be taken),
    // so its value is out of reach.
    fails(&["seq", "fibonacci-nim", "--to", "3001"], "up to 3000");
    fails(
        &["seq", "fibonacci-nim", "--to", "3001", "--json"],
        "up to 3000",
    );
    // 4181 is a Fibonacci number, a P-position (value 0) at any size, so both ends pass; the
    // N-position 3001 inside the range is refused and the values below it are not written.
    fails(&["seq", "fibonacci-nim", "--to", "4181"], "pile 3001");
    // Moore's Nim_2 at 10^4,3 (bit 0 has one 1, not a multiple of k + 1 = 3: an N-position)
    // needs a search past its work limit.
    for format in ["text", "json", "csv", "bfile"] {
        fails(
            &[
                "seq",
                "moore:k=2",
                "_,3",
                "--to",
                "10^4",
                "--format",
                format,
            ],
            "20000000",
        );
    }
}
