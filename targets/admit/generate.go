package admit

// The admission vectors in testdata/vectors are written by the generator
// beside them; vectors_test.go replays them against Scan and Reference.
//go:generate go run ./testdata/vectors/gen.go
