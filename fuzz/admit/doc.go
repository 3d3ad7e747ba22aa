// Package admitfuzz holds the native fuzz targets of targets/admit, the
// admission scanner: each a thin function over its target in the registry
// of fuzz/property, which holds the property, the seeds (package seeds)
// and the oracles. fuzz/README.md tables every target.
package admitfuzz
