#!/usr/bin/env bash
# Checks that src/ follows .clang-format. Exit 0 when it does, 1 with the files that do not.
# Fix with: clang-format -i $(git ls-files 'src/*.[ch]')
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed (scripts/setup.sh installs it)"; exit 77; }
files=()
while IFS= read -r f; do
    files+=("$f")
done < <(find src -name '*.[ch]' | sort)
# One clang-format for all the files (starting it is most of the cost); only when it finds
# something, one per file to name the files that do not follow the style.
if ! clang-format --dry-run --Werror "${files[@]}" >/dev/null 2>&1; then
    bad=()
    for f in "${files[@]}"; do
        if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
            bad+=("$f")
        fi
    done
    echo "check-format: these files do not follow .clang-format:"
    if [ ${#bad[@]} -ne 0 ]; then
        printf '  %s\n' "${bad[@]}"
    else
        echo "  (none alone: clang-format fails on all of them together)"
    fi
    exit 1
fi
echo "check-format: ${#files[@]} files follow .clang-format"
