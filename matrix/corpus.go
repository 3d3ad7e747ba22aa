package matrix

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
)

// Input is one corpus entry: bytes fed unchanged to every implementation,
// a stable ID and the category the study reports it under.
type Input struct {
	ID       string // category/label/NNN, unique in a corpus
	Category string
	Bytes    []byte
}

// The categories of the generated corpus (issue 12). Inputs read from a
// folder with --corpus are in "corpus:FOLDER".
const (
	CatNumbers       = "numbers"
	CatNegativeZero  = "negative-zero"
	CatKeyOrder      = "key-order"
	CatEscaping      = "escaping"
	CatNormalization = "unicode-normalization"
	CatDuplicates    = "duplicate-members"
	CatSurrogates    = "lone-surrogates"
	CatInvalidUTF8   = "invalid-utf8"
	CatNoncharacters = "noncharacters"
	CatBigIntegers   = "big-integers"
	CatTopLevel      = "top-level-scalars"
	CatDeepNesting   = "deep-nesting"
	CatStructural    = "structural"
	CatGenerated     = "generated"
)

// Categories lists the generated categories in report order.
var Categories = []string{
	CatNumbers, CatNegativeZero, CatKeyOrder, CatEscaping, CatNormalization, CatDuplicates,
	CatSurrogates, CatInvalidUTF8, CatNoncharacters, CatBigIntegers, CatTopLevel, CatDeepNesting,
	CatStructural, CatGenerated,
}

// DefaultSeed is the seed of the committed study.
const DefaultSeed = 8785

// corpus collects inputs under one category with numbered IDs.
type corpus struct {
	r      *rand.Rand
	inputs []Input
	seen   map[string]bool // category + bytes: no input twice in one category
}

func (c *corpus) add(category, label string, b []byte) {
	key := category + "\x00" + string(b)
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	c.inputs = append(c.inputs, Input{
		ID:       fmt.Sprintf("%s/%s/%03d", category, label, len(c.inputs)),
		Category: category,
		Bytes:    append([]byte{}, b...),
	})
}

func (c *corpus) addString(category, label, s string) { c.add(category, label, []byte(s)) }

// Generate returns the labelled corpus of seed: over a thousand inputs,
// every category of Categories, the same bytes in the same order for the
// same seed.
func Generate(seed uint64) []Input {
	c := &corpus{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), seen: map[string]bool{}}
	for _, build := range []func(*corpus){
		numbers, negativeZero, keyOrder, escaping, normalization, duplicates,
		surrogates, invalidUTF8, noncharacters, bigIntegers, topLevel, deepNesting,
		structural, generated,
	} {
		build(c)
	}
	return c.inputs
}

// ReadCorpus reads every regular file under dir (recursively, in lexical
// order) as one input of category "corpus:BASE", BASE the folder's name.
// An empty folder is an error: a corpus that adds nothing must not pass
// unnoticed.
func ReadCorpus(dir string) ([]Input, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("matrix: corpus folder %s holds no file", dir)
	}
	sort.Strings(paths)
	cat := "corpus:" + filepath.Base(filepath.Clean(dir))
	out := make([]Input, 0, len(paths))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, Input{ID: cat + "/" + filepath.ToSlash(rel), Category: cat, Bytes: b})
	}
	return out, nil
}
