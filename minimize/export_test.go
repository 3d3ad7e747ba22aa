package minimize

// HugeDuplicateDocument is hugeDuplicateDocument for the external tests,
// which measure the minimizer under the signers of minimize/signer and
// fuzz/planted (packages that import this one).
var HugeDuplicateDocument = hugeDuplicateDocument
