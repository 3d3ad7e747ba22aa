package mutation

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Equivalent is one entry of the reviewed list of equivalent mutants: a
// mutant (site identity and operator, as in Mutant.ID) that no test can
// kill because it does not change what the program does, and why.
type Equivalent struct {
	Mutant string
	Why    string
	Line   int
}

// ReadEquivalents reads the list: one entry a line, the mutant id, then
// " -- " and one line of why; blank lines and lines starting with # are
// comments. An entry without a reason is an error: nothing is excused
// without one.
func ReadEquivalents(path string) ([]Equivalent, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Equivalent
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, why, ok := strings.Cut(line, " -- ")
		if !ok || strings.TrimSpace(why) == "" {
			return nil, fmt.Errorf("%s:%d: an equivalent mutant needs \" -- \" and a reason", path, n)
		}
		out = append(out, Equivalent{Mutant: strings.TrimSpace(id), Why: strings.TrimSpace(why), Line: n})
	}
	return out, sc.Err()
}

func equivalentOf(list []Equivalent, m *Mutant) (string, bool) {
	for _, e := range list {
		if e.Mutant == m.ID {
			return e.Why, true
		}
	}
	return "", false
}

// staleEquivalents are entries of the swept packages that name no mutant
// of the plan: the site changed (its hash with it) or went away, and the
// entry needs review. Entries of packages the sweep left out are not
// judged.
func staleEquivalents(list []Equivalent, ms []*Mutant, swept []*Package) []Equivalent {
	ids := map[string]bool{}
	for _, m := range ms {
		ids[m.ID] = true
	}
	var out []Equivalent
	for _, e := range list {
		inSweep := false
		for _, p := range swept {
			if strings.HasPrefix(e.Mutant, p.Rel+"/") {
				inSweep = true
			}
		}
		if inSweep && !ids[e.Mutant] {
			out = append(out, e)
		}
	}
	return out
}
