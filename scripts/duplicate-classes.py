#!/usr/bin/env python3
"""Sorts the rows of the `duplicates` tool by what their shared lines are.

  duplicates --most 200 --seconds 200 | python3 scripts/duplicate-classes.py [-v]

Run at the repository root (the rows name files relative to it). Reads the
rows on stdin, opens each side's lines, drops blank lines, comments and
lone punctuation (as the tool does), and puts the pair in the first class
that holds it:

  spec files      both sides are fuzz/spec files that register a target
                  (one declarative register(Target{...}) each, issue 17)
  native stubs    both sides are fuzz/<area> stub files
  Go idioms       at least 60 % of each side's lines are import paths,
                  `x, err := ...`, `if err != nil {`, t.Fatal, test headers
  declarations    at least 60 % of each side's lines are those or
                  declarations (sentinels, constants, fields, cases, rows)
  other           everything else: read these by hand

It prints the count of each class, and with -v every row under its class.
The classes are a reading aid, not a verdict: a row of any class can
still be logic written twice. Exit 0, or 2 on a line it cannot read.
"""
import collections
import re
import sys

IDIOM = [r'^"[\w./-]+"$', r'^\w+ "[\w./-]+"$', r'^if err != nil \{$', r'^t\.Fatal\(err\)$',
         r'^return (nil, )?err$', r'^func (Test|Benchmark)\w+\((t \*testing\.T|b \*testing\.B)\) \{$',
         r'^for _, \w+ := range \[\]struct \{$', r'^[\w, ]+ :?= .*$', r'^[tb]\.(Fatal|Error|Skip)f?\(.*\)$',
         r'^package \w+$', r'^import \($']
DECL = [r'^\w+\s*=\s*[\w.]+(\(.*\))?,?$', r'^\w+:\s+.*,$', r'^[\w, ]+\s+[\w.\[\]*]+(\s+`.*`)?$',
        r'^(\w+\s+)?\w+\s*=\s*(errors\.New|fmt\.Errorf)\(.*\)$', r'^(const|var|type) ', r'^\{.*\},?$',
        r'^case .*:$', r'^return .*$', r'^(\w+ )?\w+(, \w+)* [\w.]+ // .*$']
STUB = re.compile(r'fuzz/(admit|jcs|digest|bound|guard)/\w+_test\.go$')


def significant(place):
    path, span = place.rsplit(':', 1)
    first, last = map(int, span.split('-'))
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')[first - 1:last]
    return path, [s for s in (l.strip() for l in lines)
                  if s and not s.startswith('//') and not re.fullmatch(r'[(){}\[\],;]+', s)]


def share(lines, patterns):
    return sum(any(re.match(p, s) for p in patterns) for s in lines) / max(1, len(lines))


def classify(a, b):
    (fa, la), (fb, lb) = significant(a), significant(b)
    if all(f.startswith('fuzz/spec/') and not f.endswith('_test.go') for f in (fa, fb)):
        return 'spec files'
    if STUB.match(fa) and STUB.match(fb):
        return 'native stubs'
    if min(share(la, IDIOM), share(lb, IDIOM)) >= 0.6:
        return 'Go idioms'
    if min(share(la, IDIOM + DECL), share(lb, IDIOM + DECL)) >= 0.6:
        return 'declarations'
    return 'other'


def main():
    classes = collections.defaultdict(list)
    for line in sys.stdin:
        if not re.match(r'D\d+ ', line):
            continue
        words = line.split()
        try:
            classes[classify(words[1], words[3])].append(line.rstrip())
        except (OSError, ValueError, IndexError) as e:
            print(f'duplicate-classes: {line.rstrip()}: {e}', file=sys.stderr)
            return 2
    for name, rows in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        print(f'{len(rows):4d}  {name}')
    if '-v' in sys.argv[1:]:
        for name, rows in classes.items():
            print(f'\n## {name}\n' + '\n'.join(rows))
    return 0


sys.exit(main())
