#!/usr/bin/env python3
"""gen_jq_data.py OUT_ARRAY OUT_NDJSON: the jq benchmark inputs.

OUT_ARRAY: one JSON array of 400,000 objects {id, name, x, tags[], nested{k, s}}
(about 45 MB); OUT_NDJSON: 1,000,000 small objects, one per line.
Deterministic (seeded)."""
import json
import random
import sys

def main():
    rnd = random.Random(12345)
    words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta',
             'theta', 'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'omicron']
    with open(sys.argv[1], 'w') as f:
        f.write('[')
        for i in range(400000):
            o = {'id': i,
                 'name': 'user-%d-%s' % (i, rnd.choice(words)),
                 'x': rnd.randint(0, 1000000),
                 'tags': [rnd.choice(words) for _ in range(rnd.randint(1, 4))],
                 'nested': {'k': round(rnd.random() * 1000, 2),
                            's': ' '.join(rnd.choice(words) for _ in range(3))}}
            if i:
                f.write(',')
            f.write(json.dumps(o, separators=(',', ':')))
        f.write(']\n')
    with open(sys.argv[2], 'w') as f:
        for i in range(1000000):
            f.write('{"id":%d,"x":%d}\n' % (i, rnd.randint(0, 1000)))

main()
