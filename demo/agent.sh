# An agent-style session: explore a mounted project, analyse data with
# pipelines, loop over files with a function, write a report, read it back.
cd project
echo "== files"
find . -type f | sort

echo "== TODOs"
grep -rn "TODO" src | sort

echo "== rows per warehouse"
cut -d, -f2 data/stock.csv | tail -n +2 | sort | uniq -c | sort -rn

echo "== stock per item"
declare -A total
while IFS=, read -r item wh qty; do
  total[$item]=$(( ${total[$item]:-0} + qty ))
done < <(tail -n +2 data/stock.csv)
for item in $(printf '%s\n' "${!total[@]}" | sort); do
  printf '%-8s %5d\n' "$item" "${total[$item]}"
done

count_lines() { local f=$1; echo "$(wc -l < "$f") $f"; }
echo "== line counts"
for f in src/*.py; do count_lines "$f"; done

mkdir -p out
{
  echo "# Low stock"
  tail -n +2 data/stock.csv | while IFS=, read -r i w q; do
    if (( q < 5 )); then echo "- $i in $w: $q left"; fi
  done
} > out/report.md
echo "== out/report.md"
cat out/report.md
echo "== writes stay in the sandbox (the host folder is mounted read-only)"
ls out
