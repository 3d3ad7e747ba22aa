package outer

// Check refuses an input of fewer than two bytes.
func Check(in string) error {
	if len(in) < 2 {
		return fail(Short, len(in))
	}
	return nil
}
