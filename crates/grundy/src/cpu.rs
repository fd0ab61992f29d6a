//! What the processor offers beyond the baseline target the crate is compiled for.
//!
//! Rust's default x86-64 target is the instruction set of 2003: no population count
//! (`count_ones` becomes a dozen instructions), no leading-zero count, and shifts by a register
//! amount that also write the flags. Processors since about 2013 (Intel Haswell, AMD
//! Excavator) have POPCNT, LZCNT, BMI1 and BMI2 (`shlx`, `andn`, ...). The hot loops of the
//! i-Mark engine and of the board search are compiled a second time for them
//! (`#[target_feature]`, with the loop's callees inlined into it) and chosen at run time by
//! [`has_bit_instructions`]; elsewhere, and on an older processor, the baseline code runs. Both
//! are the same source, so they give the same answers.

/// Whether the processor has POPCNT, LZCNT, BMI1 and BMI2 (always `false` off x86-64).
pub fn has_bit_instructions() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("popcnt")
            && is_x86_feature_detected!("lzcnt")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}
