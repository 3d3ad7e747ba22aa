package guard

// decideTwins are the guard's decision and its slow reference twin
// (decide_reference.go): the tests that hold a class of messages to a
// verdict hold both to it.
var decideTwins = []struct {
	name   string
	decide func([]byte, Config) Decision
}{{"Decide", Decide}, {"DecideReference", DecideReference}}
