package fuzz_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// guardChain is gen.GuardChain as the member that carries it.
const guardChain = `"_meta":{"io.noescalation/provenance":` + gen.GuardChain + `}`

// guardSeeds are raw client messages. FuzzGuardForwardsOnlyWhatEveryParserReadsInside
// decides each as it is and the message gen.GenerateMessage makes of its
// bytes.
var guardSeeds = []seed{
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
}

// FuzzGuardForwardsOnlyWhatEveryParserReadsInside holds guard.Decide to
// guardForwardsOnlyWhatEveryParserReadsInside on the input as a raw
// message and on the message gen.GenerateMessage makes of it (duplicate
// name, arguments, params, method, _meta, provenance or chain members
// with one value inside the bound and one outside, escaped member names,
// lone surrogates, invalid UTF-8, trailing commas).
func FuzzGuardForwardsOnlyWhatEveryParserReadsInside(f *testing.F) {
	addSeeds(f, guardSeeds)
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := guardOnRawAndGenerated(guard.Decide, data); err != nil {
			t.Fatal(err)
		}
	})
}

// guardOnRawAndGenerated applies the property to data and to the message
// generated from it.
func guardOnRawAndGenerated(decide decider, data []byte) error {
	if err := guardForwardsOnlyWhatEveryParserReadsInside(decide, data); err != nil {
		return err
	}
	return guardForwardsOnlyWhatEveryParserReadsInside(decide, gen.GenerateMessage(data).Text)
}

// TestGuardSeedsAreDecidedAsTheySay: the seeds the comments call
// forwarded, answered and relayed are, so the target's seeds cover every
// action.
func TestGuardSeedsAreDecidedAsTheySay(t *testing.T) {
	want := map[int]guard.Action{0: guard.Forward, 1: guard.Forward, 2: guard.Answer, 3: guard.Answer,
		6: guard.Answer, 11: guard.Answer, 12: guard.Relay, 13: guard.Relay}
	for i, s := range guardSeeds {
		if a, ok := want[i]; ok {
			if d := guard.Decide([]byte(s.input), guardConfig()); d.Action != a {
				t.Errorf("seed %d (%s): %v, want %v (%s)", i, s.probe, d.Action, a, d.Message)
			}
		}
	}
}
