package spec

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// The seed sets more than one spec file starts from and that need a
// generator to write, so that seeds/ (below fuzz/) cannot hold them.

// concat is the seed sets one after the other.
func concat(sets ...[]seeds.Seed) []seeds.Seed {
	var out []seeds.Seed
	for _, s := range sets {
		out = append(out, s...)
	}
	return out
}

// generatedTexts are n texts from a fixed seed: writings of values
// gen.Generate makes of random bytes, hostile writings of them (each with
// one flaw admission refuses), and arrays of numbers spelt every way
// gen.Spell knows. They stand in for the inputs a fuzzer holds early on.
func generatedTexts(n int) []seeds.Seed {
	r := rand.New(rand.NewPCG(1, 2))
	var out []seeds.Seed
	for i := range n {
		data := make([]byte, r.IntN(64))
		for k := range data {
			data[k] = byte(r.Uint32())
		}
		v := gen.Generate(data)
		var text []byte
		comment := "a writing of a generated value"
		switch i % 4 {
		case 0:
			text = gen.Write(v, r.Uint64()|1)
		case 1:
			var flaw gen.Flaw
			text, flaw = gen.Hostile(v, r.Uint64())
			comment = fmt.Sprintf("a generated value written with one flaw (%v)", flaw)
		case 2:
			text = gen.Fragments(r)
			comment = "JSON fragments at the edges of the admission rules"
		default:
			f := math.Float64frombits(r.Uint64())
			if math.IsNaN(f) || math.IsInf(f, 0) {
				f = float64(r.Int64()) / 1e5
			}
			text = []byte("[" + gen.Spell(f, r) + "]")
			comment = "a double spelt one of the ways JSON allows"
		}
		out = append(out, seeds.Seed{Name: fmt.Sprintf("generated-%d", i), Comment: comment, Values: []any{text}})
	}
	return out
}

// generatedValues are FuzzCanonicalizeGeneratedValue's generator inputs,
// each with the feature of the value it makes (TestGeneratedSeeds holds
// each to it).
var generatedValues = []struct {
	data    string
	feature gen.Feature
	probe   string
}{
	{"\xb8}\x9e\xdd", gen.OrderDivide, `{"k\ue000\ue000":null,"k\ue000\U00010000":null}: UTF-16 and code-point order part after a shared prefix`},
	{"\xbe\x0e\xea4", gen.Supplementary, `{"\ue000":null,"\U00010000":null}: the first supplementary character against the first private-use one`},
	{"\xf4\x06)i", gen.Noncharacter, `names beginning with U+FFFF`},
	{"\xe4\x11\x98\xab", gen.Control, `names beginning with NUL, written \u0000`},
	{"fs=\xef", gen.ExponentForm, `a top-level subnormal, 2.1764975063e-314`},
	{"\x1a;4Y", gen.BeyondTwo53, `a top-level integer above 2^54, 18014398509481976`},
	{"V\xf3\x0f\xdf", gen.NegativeZero, `a top-level -0`},
	{"[\xfdb\x95", gen.Deep, `a chain of 120 arrays inside an object inside an array`},
	{"B\xd4;\xcc\x8d", gen.Long, `a top-level string of 4096 characters`},
	{"", 0, `the empty input: the empty object`},
}

// generatedValueSeeds are generatedValues as seeds of one []byte argument.
func generatedValueSeeds() []seeds.Seed {
	var out []seeds.Seed
	for i, s := range generatedValues {
		out = append(out, seeds.Text("value-"+seeds.Hex16(uint64(i)), s.probe, s.data))
	}
	return out
}

// numberSeeds are seeds.NumberBits as seeds of one uint64 argument.
func numberSeeds() []seeds.Seed {
	var out []seeds.Seed
	for _, s := range seeds.NumberBits {
		out = append(out, seeds.Of(seeds.Hex16(s.Bits), s.Probe, s.Bits))
	}
	return out
}

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
func guardMessages() []seeds.Seed {
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
	out := make([]seeds.Seed, len(raw))
	for i, s := range raw {
		out[i] = seeds.Text(seeds.Hex16(uint64(i)), s.probe, s.input)
	}
	return out
}
