// Package oraclepin pins what each oracle adapter does: CheckIncumbent
// holds an oracle to its table of outcomes on the edge vectors
// (seeds.Edge), so the day a library changes what it does with an edge
// case its test goes red and says how; CheckPinnedVersion holds an
// adapter's fallback version to go.mod. The adapters' tests call it, and
// it takes a *testing.T, but it is an ordinary package so that every
// adapter's test shares one copy.
package oraclepin
