package seeds

func oracleTargets() []Target {
	docs := append(rfcSamples(), admitInputs()...)
	return []Target{
		{Name: "FuzzCanonicalizeMatchesOracles", Dir: "fuzz", Seeds: docs},
		{Name: "FuzzCanonicalizeMatchesNode", Dir: "fuzz", Seeds: rfcSamples()},
	}
}
