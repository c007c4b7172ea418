#!/usr/bin/env bash
# Checks that src/ follows .clang-format. Exit 0 when it does, 1 with the files that do not.
# Fix with: clang-format -i $(git ls-files 'src/*.[ch]')
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed (scripts/setup.sh installs it)"; exit 77; }
bad=()
while IFS= read -r f; do
    if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
        bad+=("$f")
    fi
done < <(find src -name '*.[ch]' | sort)
if [ ${#bad[@]} -ne 0 ]; then
    echo "check-format: these files do not follow .clang-format:"
    printf '  %s\n' "${bad[@]}"
    exit 1
fi
echo "check-format: $(find src -name '*.[ch]' | wc -l) files follow .clang-format"
