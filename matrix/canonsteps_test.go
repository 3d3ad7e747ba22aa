package matrix

import "testing"

// Each intervention puts a string in its step's canonical form and leaves
// alone what the step does not touch; present says whether the string is
// not in that form (a ".." above the root and an octet that decodes to no
// UTF-8 are, and stay so).
func TestCanonSteps(t *testing.T) {
	for _, c := range []struct {
		step, in, want string
	}{
		{"dot", "/srv/acme/../etc", "/srv/etc"},
		{"dot", "/etc/.", "/etc"},
		{"dot", "/srv/a/..", "/srv"},
		{"dot", "/..", "/.."},
		{"dot", "a/../../b", "../b"},
		{"dot", "/etc/./", "/etc/"},
		{"pct", "/srv/%61cme%2Fx", "/srv/acme/x"},
		{"pct", "%2525", "%"},
		{"pct", "%ff", "%ff"},
		{"pct-malformed", "/%zz/%2F%", "/zz/%2F"},
		{"nfc", "cafe\u0301", "caf\u00e9"},
		{"case", "/SRV/%2F", "/srv/%2F"},
		{"dslash", "a//b///c", "a/b/c"},
		{"tslash", "/srv//", "/srv"},
		{"tslash", "/", "/"},
	} {
		for _, st := range canonSteps {
			if st.name != c.step {
				continue
			}
			if got := st.apply(c.in); got != c.want {
				t.Errorf("%s(%q) = %q, want %q", c.step, c.in, got, c.want)
			}
			stuck := c.in == "/.." || c.in == "%ff"
			if st.present(c.in) != (c.in != c.want || stuck) {
				t.Errorf("%s present on %q: %v", c.step, c.in, st.present(c.in))
			}
		}
	}
}

// applySteps rewrites the strings under a member and, for the type step,
// writes its other scalars as strings; names and structure stay.
func TestApplySteps(t *testing.T) {
	got := string(applySteps([]byte(`{"name":"A/./b","arguments":{"p":"A/./b","n":1,"l":[true,"x//y"]}}`), "arguments", []string{"dot", "dslash", typeStep}))
	if want := `{"name":"A/./b","arguments":{"p":"A/b","n":"1","l":["true","x/y"]}}`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
