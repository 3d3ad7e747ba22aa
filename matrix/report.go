package matrix

// Report is the canonicalizer study, as matrix.json holds it. Every count
// says what it counts; rates are fractions (0..1) of the count named in
// the field's comment.
type Report struct {
	Study           string       `json:"study"` // "canonicalizers"
	Seed            uint64       `json:"seed"`
	Inputs          int          `json:"inputs"` // every input, generated and --corpus
	Implementations []ImplReport `json:"implementations"`
	Categories      []CatReport  `json:"categories"`
	Differential    Differential `json:"differential"`
	Surface         Surface      `json:"surface"`
	HMAC            HMACSummary  `json:"hmac"`
	Pairs           []Pair       `json:"pairs"`
	WorstPair       *Pair        `json:"worst_pair"`
	Digest          DigestReport `json:"digest"`
	Breakdowns      []Breakdown  `json:"breakdowns"`
	// SeedsStudy is the corpus through the seeds' seven libraries alone,
	// when all seven ran.
	SeedsStudy *SeedsReplication `json:"seeds_study,omitempty"`
}

// ImplReport is one implementation's counts over all inputs.
type ImplReport struct {
	Name       string `json:"name"`
	Version    string `json:"version"`
	Where      string `json:"where"`
	Accepted   int    `json:"accepted"` // inputs it wrote output for
	Refused    int    `json:"refused"`
	Breakdowns int    `json:"breakdowns"` // crashes, hangs, protocol faults, panics
	// Minority counts the inputs every implementation accepted on which
	// its output is not the majority's (the largest group of equal
	// outputs, when one group is larger than every other).
	Minority           int            `json:"minority"`
	MinorityByCategory map[string]int `json:"minority_by_category"`
}

// CatReport is one category's counts.
type CatReport struct {
	Name        string `json:"name"`
	Inputs      int    `json:"inputs"`
	AllAccepted int    `json:"all_accepted"` // every implementation wrote output
	Diverged    int    `json:"diverged"`     // of those, the outputs were not all equal
	Mixed       int    `json:"mixed"`        // some wrote output, some did not
}

// Differential is the byte differential over the inputs every
// implementation accepts.
type Differential struct {
	AllAccepted int          `json:"all_accepted"`
	Diverged    int          `json:"diverged"`
	Rate        float64      `json:"rate"`        // Diverged / AllAccepted
	NoMajority  int          `json:"no_majority"` // diverged with two largest groups of one size
	Divergences []Divergence `json:"divergences"`
	// Partial are the inputs some implementations refuse on which those
	// that accept write different bytes: what fails the HMAC pairs.
	Partial []Divergence `json:"partial"`
}

// Divergence is one input whose outputs differ, with each group of
// implementations that wrote the same bytes, largest first.
type Divergence struct {
	Input    string   `json:"input"` // the ID
	Category string   `json:"category"`
	Text     string   `json:"text"` // the input, Go-quoted
	Groups   []Group  `json:"groups"`
	Refusing []string `json:"refusing,omitempty"` // refused or broke down (partial divergences)
}

// Group is implementations that wrote one output.
type Group struct {
	Implementations []string `json:"implementations"`
	Output          string   `json:"output"` // Go-quoted
}

// Surface is the accept/refuse surface: inputs on which some
// implementations write output and others do not.
type Surface struct {
	Mixed      int          `json:"mixed"`
	Categories []SurfaceCat `json:"categories"`
}

// SurfaceCat lists the blocs of one category.
type SurfaceCat struct {
	Name  string `json:"name"`
	Mixed int    `json:"mixed"`
	Blocs []Bloc `json:"blocs"`
}

// Bloc is one split of the implementations into those that accept and
// those that do not, and the inputs that split them so.
type Bloc struct {
	Accepting []string `json:"accepting"`
	Refusing  []string `json:"refusing"` // refused or broke down
	Inputs    int      `json:"inputs"`
	Example   string   `json:"example"` // the ID of the first such input
	Text      string   `json:"text"`    // its bytes, Go-quoted
}

// HMACSummary says how the pairs were counted.
type HMACSummary struct {
	Key      string  `json:"key"` // the fixed key, as text
	Pairs    int     `json:"pairs"`
	Messages int     `json:"messages"` // summed over the pairs
	Failures int     `json:"failures"`
	Rate     float64 `json:"rate"` // Failures / Messages
	// Denominator says what one message is.
	Denominator string `json:"denominator"`
}

// Pair is one ordered pair: the signer canonicalizes an input and tags it
// with HMAC-SHA256, the verifier canonicalizes the same input and checks
// the tag. Messages are the inputs both wrote output for; a failure is a
// tag that does not verify.
type Pair struct {
	Signer   string  `json:"signer"`
	Verifier string  `json:"verifier"`
	Messages int     `json:"messages"`
	Failures int     `json:"failures"`
	Rate     float64 `json:"rate"` // Failures / Messages
}

// DigestReport is the action digest of the 13 vectors per implementation.
type DigestReport struct {
	Vectors []DigestVector `json:"vectors"`
	Rows    []DigestRow    `json:"rows"`
}

// Breakdown is one crash, hang, protocol fault or panic, with its input.
type Breakdown struct {
	Implementation string `json:"implementation"`
	Input          string `json:"input"`
	Category       string `json:"category"`
	Kind           string `json:"kind"`
	Detail         string `json:"detail"`
}
