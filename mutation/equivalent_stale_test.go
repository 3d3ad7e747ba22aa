package mutation

import "testing"

// TestNoReviewedEquivalentIsStale: every entry of mutation/equivalent.txt
// names a refusal-site mutant of targets/ as the tree plans it now. An
// entry goes stale when a refusal is added before its site (the ordinal
// moves) or its text changes (the hash moves); the sweep then counts the
// renamed mutant as a survivor and the entry as stale, and only the full
// sweep, outside make test, said so: on 2026-12-06 four entries had gone
// stale over two days (canonHierarchical#4, decodeValue#0, decideCall#6).
func TestNoReviewedEquivalentIsStale(t *testing.T) {
	mod, err := Load("..", "./targets/...")
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlan(mod)
	list, err := ReadEquivalents("equivalent.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) == 0 {
		t.Fatal("equivalent.txt lists nothing")
	}
	for _, e := range staleEquivalents(list, p.Mutants, p.Mod.Targets) {
		t.Errorf("stale entry %s: it names no mutant of the tree (review it against `canonfuzz mutation list`): %s", e.Mutant, e.Why)
	}
}
