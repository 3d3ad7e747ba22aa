package admit

// Scan admits input or returns the first fault as an *Error. Options that fail
// [Options.Validate] return that error instead.
func Scan(input []byte, opts Options) error {
	panic("not yet")
}
