package seeds

import "github.com/canonfuzz/canonfuzz/fuzz/gen"

// smuggledCall is a whole tools/call outside every bound, carried as a
// value between line ends in the seeds below (issue 9, the framing
// bypass).
const smuggledCall = `{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"delete_repo","arguments":{}}}`

// guardChain is gen.GuardChain as the member that carries it.
const guardChain = `"_meta":{"io.noescalation/provenance":` + gen.GuardChain + `}`

// guardMessages are raw client messages. FuzzGuardForwardsOnlyWhatEveryParserReadsInside
// decides each as it is and the message gen.GenerateMessage makes of its
// bytes; the comment says what the guard does with it
// (TestGuardSeedsAreDecidedAsTheySay, fuzz/guard).
func guardMessages() []Seed {
	type seed struct{ input, probe string }
	raw := []seed{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/x/a"},` + guardChain + `}}`,
			"a call inside the chain and the policy: forwarded, one hop more"},
		{`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/y"}}}`,
			"no chain: originated, held to the policy alone"},
		{`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/y"},` + guardChain + `}}`,
			"inside the policy, outside the planner's hop: answered -32001"},
		{`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"read_file","name":"delete_repo","arguments":{"path":"/srv/acme/x/a"}}}`,
			"duplicate name, the last outside: a last-wins server would delete"},
		{`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"},"arguments":{"path":"/srv/acme/x/a"}}}`,
			"duplicate arguments, the first outside"},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"create_issue","arguments":{"repo":"acme/app","repo":"evil/app"}}}`,
			"duplicate argument inside arguments"},
		{`{"jsonrpc":"2.0","id":7,"method":"ping","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`,
			"duplicate method: a ping to one reader, a call to another"},
		{`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"delete_repo","arguments":{},` + guardChain +
			`,"_meta":{"io.noescalation/provenance":` + gen.GuardBroadChain + `}}}`,
			"duplicate _meta: the broad chain last"},
		{`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"n\u0061me":"read_file","\u0061rguments":{"path":"/srv/acme/x/a"},"name":"delete_repo"}}`,
			"escaped member names that duplicate plain ones"},
		{`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/x/a\ud800"}}}`,
			"a lone surrogate in an argument"},
		{"{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":\"read_file\",\"arguments\":{\"path\":\"/srv/acme/x/\xff\"}}}",
			"invalid UTF-8 in an argument"},
		{`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/x/a"},}}`,
			"a trailing comma"},
		{`{"jsonrpc":"2.0","id":13,"method":"tools/list","params":{}}`, "another method: relayed byte for byte"},
		{`{"jsonrpc":"2.0","id":14,"result":{}}`, "a response: relayed byte for byte"},
		{`{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/x/../../../etc/passwd"}}}`,
			"a dot-segment escape from the prefix"},
		{"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"x\":\r" + smuggledCall + "\r}}",
			"a notification carrying a call between two CRs (issue 9): relayed as one line"},
		{"{\"jsonrpc\":\"2.0\",\"id\":17,\"result\":{\"x\":\r\n" + smuggledCall + "\r\n}}",
			"a response carrying a call between two CRLFs: relayed as one line"},
		{"{\"jsonrpc\":\"2.0\",\"id\":18,\"method\":\"ping\",\"params\":{\"x\":\n\r" + smuggledCall + "\r}}",
			"a non-call request carrying a call between line ends: relayed as one line"},
		{"{\"jsonrpc\":\"2.0\",\"id\":19,\"method\":\"tools/call\",\r\"params\":{\"name\":\"read_file\",\"arguments\":{\"path\":\"/srv/acme/x/a\",\"note\":\"\u2028\",\"x\":\r" +
			smuggledCall + "\r}," + guardChain + "}}", "a call carrying a call between two CRs and a raw LS: forwarded as one line"},
		{"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"\u2029\":\"a\u0085b\u2028\"}}",
			"raw PS, NEL and LS in strings, which str.splitlines splits on: relayed with them escaped"},
		{`{"jsonrpc":"2.0","id":21,"method":"tools/c\u0061ll","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`,
			"an escaped method: a tools/call all the same, answered -32001"},
	}
	out := make([]Seed, len(raw))
	for i, s := range raw {
		out[i] = bytesSeed(hex16(uint64(i)), s.probe, s.input)
	}
	return out
}

func guardTargets() []Target {
	vectors := payloads("targets/guard/testdata/vectors", "the guard's conformance vectors", "", true, asBytes)
	return []Target{
		{Name: "FuzzGuardForwardsOnlyWhatEveryParserReadsInside", Seeds: guardMessages(), Sources: []Source{vectors}},
		{Name: "FuzzDecide", Seeds: guardMessages(), Sources: []Source{vectors}},
		{Name: "FuzzDecideMatchesReference", Seeds: guardMessages(), Sources: []Source{vectors}},
	}
}
