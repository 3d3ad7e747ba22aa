#!/usr/bin/env python3
"""Hand mutants of the red-team refusals the refusal-site finder does not
model (no refusal value, sentinel or kind in them): each is written as a
go test -overlay file under /tmp/ovl and the guard's own tests are run
against it. docs/MUTATION.md, "The sweep after three red-team passes".

    python3 docs/mutation-redteam-handmutants.py      # from the module root
"""
import json, os, subprocess, sys

root = os.path.abspath('targets/guard') + '/'
muts = {
    # readServer: a server line with two id members is dropped (pass 1)
    'twoids': ('proxy_toclient.go', '\t\tif twoIDs {', '\t\tif false && twoIDs {'),
    # readServer: an answer to no request in flight is dropped (answered still called)
    'unsolicited': ('proxy_toclient.go', '\t\tif ok && !s.inFlight.answered(id) {',
                    '\t\tif ok && !s.inFlight.answered(id) && false {'),
    # refusedTopLevel: a notification refused at the top level is not answered (pass 2)
    'notif_top': ('decide.go', '\td.Notification = notification\n', '\t_ = notification\n'),
    # refusedAnswer: a notification admission refuses is not answered (pass 1)
    'notif_adm': ('decide.go', '\td.Notification = env.notification\n', '\t_ = env.notification\n'),
}
failed = False
for name, (f, old, new) in muts.items():
    src = open(root + f).read()
    if src.count(old) != 1:
        sys.exit(f'{name}: the statement is not in {f} once any more; review the list')
    d = f'/tmp/ovl/{name}'
    os.makedirs(d, exist_ok=True)
    open(f'{d}/{f}', 'w').write(src.replace(old, new))
    json.dump({'Replace': {root + f: f'{d}/{f}'}}, open(f'/tmp/ovl/{name}.json', 'w'))
    out = subprocess.run(['go', 'test', '-count=1', '-overlay', f'/tmp/ovl/{name}.json', './targets/guard/'],
                         capture_output=True, text=True).stdout
    fails = [l.split()[2] for l in out.splitlines() if l.startswith('--- FAIL')]
    print(f'{name}: ' + ('killed by ' + ', '.join(fails) if fails else 'SURVIVED'))
    failed |= not fails
sys.exit(1 if failed else 0)
