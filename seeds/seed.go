package seeds

// Seed is one curated input of a fuzz target.
type Seed struct {
	Name    string // unique within its target
	Comment string // what the seed probes
	Values  []any  // the f.Fuzz arguments after t: []byte, string, bool, uint8, uint64, int
}

// Source is a set of seeds read when a target is seeded, from files of the
// module or of a dependency, so that a vector folder is not copied here.
type Source struct {
	Comment string                 // what the files are
	Read    func() ([]Seed, error) // the seeds; an empty set is an error
}

// Of is a seed of the arguments values.
func Of(name, comment string, values ...any) Seed {
	return Seed{Name: name, Comment: comment, Values: values}
}

// Text is a seed of one []byte argument.
func Text(name, comment, input string) Seed { return Of(name, comment, []byte(input)) }

// Hex16 is b in sixteen lower-case hex digits, for seeds named by a number.
func Hex16(b uint64) string {
	const digits = "0123456789abcdef"
	var out [16]byte
	for i := 15; i >= 0; i-- {
		out[i] = digits[b&0xF]
		b >>= 4
	}
	return string(out[:])
}
