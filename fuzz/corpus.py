#!/usr/bin/env python3
"""The fuzz corpora, kept as one text file per target: `fuzz/corpus/<target>.hex`.

A corpus is a few hundred small inputs per target: data rather than source, so it is tracked
as one file per target with one input per line, in lowercase hex, sorted and unique. A diff
then shows the inputs a campaign added or dropped, and the tree stays small. libFuzzer reads
and writes directories of files named by the SHA-1 of their bytes; this script converts:

    fuzz/corpus.py unpack <target> <dir>    write the target's inputs into <dir>
    fuzz/corpus.py pack <target> <dir>...   replace the target's file with the inputs in <dir>s
    fuzz/corpus.py minimise <target> <dir>...
        the smallest set of the inputs in <dir>s (and the committed ones) that covers every
        edge they cover, chosen by the target's own libFuzzer build (set-cover merge, counters
        off), then packed; the target must be built (`cargo +nightly fuzz build <target>`)

`tests/codec/fuzz_corpus.rs` replays every line as an ordinary test and checks the form.
"""
import hashlib
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def host_triple():
    """The target cargo fuzz builds for: rustc's host."""
    out = subprocess.run(["rustc", "-vV"], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("host: "):
            return line[len("host: "):].strip()
    sys.exit("error: `rustc -vV` names no host")


def pack_path(target):
    return os.path.join(HERE, "corpus", target + ".hex")


def read_pack(target):
    path = pack_path(target)
    if not os.path.exists(path):
        return []
    with open(path, encoding="ascii") as f:
        return [bytes.fromhex(line) for line in f.read().splitlines()]


def inputs_in(dirs):
    out = []
    for d in dirs:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    out.append(f.read())
    return out


def write_pack(target, inputs):
    lines = sorted({i.hex() for i in inputs})
    with open(pack_path(target), "w", encoding="ascii") as f:
        f.write("".join(line + "\n" for line in lines))
    return len(lines)


def unpack(target, directory):
    os.makedirs(directory, exist_ok=True)
    inputs = read_pack(target)
    for data in inputs:
        with open(os.path.join(directory, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
    return len(inputs)


def minimise(target, dirs):
    binary = os.path.join(HERE, "target", host_triple(), "release", target)
    if not os.access(binary, os.X_OK):
        sys.exit(f"error: {binary} is not built (cargo +nightly fuzz build {target})")
    with tempfile.TemporaryDirectory() as tmp:
        committed = os.path.join(tmp, "committed")
        unpack(target, committed)
        chosen = os.path.join(tmp, "chosen")
        os.makedirs(chosen)
        log = os.path.join(tmp, "merge.log")
        with open(log, "wb") as out:
            done = subprocess.run(
                [binary, "-merge=1", "-set_cover_merge=1", "-use_counters=0",
                 "-rss_limit_mb=4096", chosen, committed, *dirs],
                stdout=out, stderr=subprocess.STDOUT)
        if done.returncode != 0:
            sys.stderr.write(open(log, encoding="utf-8", errors="replace").read()[-4000:])
            sys.exit(f"error: the merge of {target} failed")
        summary = [l for l in open(log, encoding="utf-8", errors="replace") if "MERGE-OUTER" in l]
        if summary:
            print(summary[-1].strip())
        return write_pack(target, inputs_in([chosen]))


def main(argv):
    if len(argv) < 3 or argv[0] not in ("unpack", "pack", "minimise"):
        sys.exit(__doc__)
    command, target, dirs = argv[0], argv[1], argv[2:]
    if command == "unpack":
        if len(dirs) != 1:
            sys.exit("usage: fuzz/corpus.py unpack <target> <dir>")
        print(f"{target}: {unpack(target, dirs[0])} inputs into {dirs[0]}")
    elif command == "pack":
        print(f"{target}: {write_pack(target, inputs_in(dirs))} inputs in {pack_path(target)}")
    else:
        print(f"{target}: {minimise(target, dirs)} inputs in {pack_path(target)}")


if __name__ == "__main__":
    main(sys.argv[1:])
