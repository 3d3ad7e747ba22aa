package matrix

import "testing"

// rawOperandCorners are meets the SEP-3246 reference guard computes on
// operands as written (provenance.py meet_constraints: startswith on the
// raw strings), reproduced by hand against it (docs/STUDY.md), in the
// spelling of the issue: each call is outside the first hop, and the
// reference admits it. Our guard and the model must deny each. The guard
// study finds each as a class of its own (path/meet(prefix|prefix)[dot],
// path/meet(prefix|eq)[dot], path/meet(glob|prefix)[tslash] and its
// sibling path/meet(glob|prefix)[]), whose minimized vectors
// findings/study/no-escalation/ holds and matrix/study_replay_test.go replays.
var rawOperandCorners = []struct{ name, provenance, params string }{
	{"prefix met with a prefix that climbs out by '..'",
		`{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme"}}}]},{"component":"worker","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/../etc"}}}]}]}`,
		`{"name":"read_file","arguments":{"path":"/srv/etc/passwd"}}`},
	{"prefix met with an eq that climbs out by '..'",
		`{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]},{"component":"worker","bound":[{"tool":"read_file","args":{"path":{"eq":"/srv/acme/../../etc/passwd"}}}]}]}`,
		`{"name":"read_file","arguments":{"path":"/etc/passwd"}}`},
	{"a glob whose '*' stops at '/' met with a prefix",
		`{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file","args":{"path":{"glob":"/srv/*"}}}]},{"component":"worker","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/"}}}]}]}`,
		`{"name":"read_file","arguments":{"path":"/srv/a/b"}}`},
}

func TestRawOperandCornersAreDenied(t *testing.T) {
	for _, c := range rawOperandCorners {
		if admit, reason := Model([]byte(c.provenance), []byte(c.params)); admit {
			t.Errorf("%s: the model admits (%s)", c.name, reason)
		}
		if admit, reason, _ := (OursGuard{}).Check([]byte(c.provenance), []byte(c.params)); admit {
			t.Errorf("%s: bound.Check admits (%s)", c.name, reason)
		}
	}
}
