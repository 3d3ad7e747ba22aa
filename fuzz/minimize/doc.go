// Package minimizefuzz holds the minimizer's own native fuzz targets
// (FuzzStructureSpans, FuzzMinimizeKeepsTheSignature) and its measurements
// against the planted faults and the other minimizers (docs/MINIMIZE.md,
// compare.sh, compare-libfuzzer.sh): the harness side of minimize/, which
// itself imports nothing of fuzz/.
package minimizefuzz
