package minimize

import "testing"

// Each planted variant passes sound input and signs its fault; EncodingJSON
// signs whichever of its two faults jcs meets first, so removing the
// duplicate from an input with both changes its signature.
func TestPlantedSigners(t *testing.T) {
	cases := []struct {
		variant, in string
		want        Signature
	}{
		{"LastWins", `{"a":[1,"\ud83d\ude00"],"b":{}}`, Pass},
		{"LastWins", `{"a":1,"a":2}`, "planted:LastWins:admits:DuplicateMember"},
		{"LastWins", `["\udc00"]`, Pass},
		{"Substitute", `["\udc00"]`, "planted:Substitute:admits:StringNotScalar"},
		{"Substitute", "[\"\xff\"]", "planted:Substitute:admits:StringNotScalar"},
		{"Substitute", `{"a":1,"a":2}`, Pass},
		{"CodePointOrder", `{"\ue000":0,"\ud83d\ude00":0}`, "planted:CodePointOrder:output-differs"},
		{"CodePointOrder", `{"b":0,"a":0}`, Pass},
		{"EncodingJSON", `{"a":[1,"\ud83d\ude00"],"b":{}}`, Pass},
		{"EncodingJSON", `{"a":1,"a":["\udc00"]}`, "planted:EncodingJSON:admits:DuplicateMember"},
		{"EncodingJSON", `{"a":1,"b":["\udc00"]}`, "planted:EncodingJSON:admits:StringNotScalar"},
		{"EncodingJSON", `{"a":"\udc00","a":1}`, "planted:EncodingJSON:admits:StringNotScalar"},
		{"EncodingJSON", `{"a":1,"a":01}`, Pass}, // encoding/json refuses 01 too
		{"EncodingJSON", `[1e400,"\udc00"]`, Pass},
	}
	for _, c := range cases {
		if got := Sign(plantedSigner(c.variant), []byte(c.in)); got != c.want {
			t.Errorf("%s on %q signs %q, want %q", c.variant, c.in, got, c.want)
		}
	}
	if _, ok := PlantedSigner("NoSuchVariant"); ok {
		t.Error("PlantedSigner accepts a name it does not list")
	}
}
