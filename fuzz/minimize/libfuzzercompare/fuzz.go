//go:build gofuzz

package libfuzzercompare

// The entry points, one per fixture of planted.Fixtures.

// FuzzPlantedLastWins: planted.LastWins against jcs.
func FuzzPlantedLastWins(data []byte) int { return Check("LastWins", data) }

// FuzzPlantedSubstitute: planted.Substitute against jcs.
func FuzzPlantedSubstitute(data []byte) int { return Check("Substitute", data) }

// FuzzPlantedCodePointOrder: planted.CodePointOrder against jcs.
func FuzzPlantedCodePointOrder(data []byte) int { return Check("CodePointOrder", data) }

// FuzzPlantedEncodingJSON: the two-fault variant against jcs.
func FuzzPlantedEncodingJSON(data []byte) int { return Check("EncodingJSON", data) }
