#!/usr/bin/env bash
# Builds limpet-string as a static library, lists the C symbols it defines, and links and
# runs a C program against it (the host C library supplies the rest, e.g. printf).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${CARGO_TARGET_DIR:-$here/../../../../target/string-staticlib}"
cargo build --release --manifest-path "$here/Cargo.toml" --target-dir "$target"
lib="$target/release/liblimpet_string_staticlib.a"
# The global, defined, unmangled names in limpet-string's object: its C functions. (Every
# Rust staticlib also carries compiler_builtins, the compiler's runtime helpers such as
# __addvdi3 and __popcountdi2, under their libgcc names; those are counted apart.)
nm -A --defined-only -g "$lib" 2>/dev/null | awk 'NF == 3 && $3 !~ /^(_ZN|_R|anon\.)/ {print}' > "$target/all-symbols.txt"
grep 'limpet_string-' "$target/all-symbols.txt" | awk '{print $3}' | sort -u > "$target/c-symbols.txt"
echo "limpet-string C functions: $(wc -l < "$target/c-symbols.txt") (listed in $target/c-symbols.txt)"
echo "compiler runtime helpers: $(grep -vc 'limpet_string-' "$target/all-symbols.txt")"
cc -fno-builtin -o "$target/demo" "$here/demo.c" "$lib"
"$target/demo"
