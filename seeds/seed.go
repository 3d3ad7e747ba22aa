package seeds

// Seed is one curated input.
type Seed struct {
	Name    string // file-name safe: the seed's file is testdata/fuzz/FuzzX/seed-Name
	Comment string // what the seed probes
	Values  []any  // the f.Fuzz arguments after t: []byte, string, bool, int, int64, uint64, float64
}

// Target is a fuzz target and its seeds.
type Target struct {
	Name  string // FuzzX
	Dir   string // the package directory, relative to the module root
	Seeds []Seed
}

// bytesSeed is a seed of one []byte argument.
func bytesSeed(name, comment, input string) Seed {
	return Seed{Name: name, Comment: comment, Values: []any{[]byte(input)}}
}

// Catalogue lists every target with curated seeds, in a fixed order.
func Catalogue() []Target {
	var all []Target
	all = append(all, admitTargets()...)
	all = append(all, jcsTargets()...)
	all = append(all, digestTargets()...)
	all = append(all, boundTargets()...)
	all = append(all, oracleTargets()...)
	return all
}
