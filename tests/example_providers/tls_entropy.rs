//! The repository's builds take aws-lc's random seeds from the operating system alone
//! (`AWS_LC_SYS_NO_JITTER_ENTROPY` in `.cargo/config.toml`). With aws-lc's default CPU
//! jitter entropy, the first random draw of a process (a provider's TLS key, at every
//! start) costs about 420 million instructions, some 23 ms: most of a provider's start-up
//! (BENCHMARKS.md, "Provider start-up"). This test fails when a build loses the setting,
//! for example when cargo is started outside the repository with `--manifest-path`.

#[test]
fn aws_lc_is_built_without_cpu_jitter_entropy() {
    // `Ok` means that aws-lc's entropy source is CPU jitter (`FIPS_is_entropy_cpu_jitter`).
    // Asking does not draw anything, so it does not pay the jitter's start-up either.
    let jitter = aws_lc_rs::try_fips_cpu_jitter_entropy();
    assert!(
        jitter.is_err(),
        "aws-lc was built with CPU jitter entropy: every provider start pays about 23 ms \
         for it. Build from inside the repository (its .cargo/config.toml sets \
         AWS_LC_SYS_NO_JITTER_ENTROPY=1) or set that variable in the build's environment"
    );
}
