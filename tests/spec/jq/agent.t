=== an API response to a TSV table
--- file resp.json
{"items":[{"id":3,"name":"gamma","tags":["x"]},{"id":1,"name":"alpha","tags":[]},{"id":2,"name":"beta","tags":["y","z"]}],"next":null}
--- script
jq -r '.items[] | [.id, .name, (.tags | join(","))] | @tsv' resp.json | sort -n
jq -r '.items | length' resp.json
jq -e '.next' resp.json > /dev/null || echo "no more pages"
--- stdout
1	alpha	
2	beta	y,z
3	gamma	x
3
no more pages

=== shell variables in and out
--- file cfg.json
{"name":"svc","replicas":2,"env":{"A":"1"}}
--- script
name=$(jq -r .name cfg.json)
echo "name=$name"
n=5
jq --argjson n "$n" --arg who "$USER-x" '.replicas = $n | .owner = $who | .env.B = "2"' cfg.json > cfg.tmp && mv cfg.tmp cfg.json
jq -c . cfg.json | sed 's/"owner":"[^"]*"/"owner":"..."/'
jq -r '.env | to_entries[] | "\(.key)=\(.value)"' cfg.json | while read -r kv; do echo "export $kv"; done
--- stdout
name=svc
{"name":"svc","replicas":5,"env":{"A":"1","B":"2"},"owner":"..."}
export A=1
export B=2

=== log lines: filter, count, group
--- file app.log
{"level":"info","msg":"start","ms":3}
{"level":"error","msg":"db down","ms":120}
{"level":"info","msg":"retry","ms":40}
{"level":"error","msg":"db down","ms":80}
--- script
jq -c 'select(.level == "error") | {msg, ms}' app.log
jq -s 'map(select(.level == "error")) | length' app.log
jq -s -c 'group_by(.level) | map({level: .[0].level, n: length, total: (map(.ms) | add)})' app.log
jq -r '.msg' app.log | sort | uniq -c | sort -rn | head -1
--- stdout
{"msg":"db down","ms":120}
{"msg":"db down","ms":80}
2
[{"level":"error","n":2,"total":200},{"level":"info","n":2,"total":43}]
      2 db down

=== merging and building JSON documents
--- file a.json
{"a":1,"nested":{"x":1}}
--- file b.json
{"b":2,"nested":{"y":2}}
--- script
jq -s -c '.[0] * .[1]' a.json b.json
jq -n -c --slurpfile a a.json --slurpfile b b.json '$a[0] + $b[0]'
jq -n -c '[inputs | keys[]] | unique' a.json b.json
printf '%s\n' one two three | jq -R -s -c 'split("\n") | map(select(length > 0))'
jq -n -r '{"k": "v w"} | @sh "echo \(.k)"'
--- stdout
{"a":1,"nested":{"x":1,"y":2},"b":2}
{"a":1,"nested":{"y":2},"b":2}
["a","b","nested"]
["one","two","three"]
echo 'v w'

=== a bad document gives a message and a failing status
--- file bad.json
{"a": 1,
--- script
if jq . bad.json > /dev/null 2>&1; then echo ok; else echo "failed"; fi
--- stdout
failed
