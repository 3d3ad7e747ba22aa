// Package layout holds the test that keeps the module's top-level folders
// in layers: no folder imports, even from a test or under a build tag, a
// folder that imports it back (fuzz/ above seeds/ and minimize/, the
// tools above fuzz/, cmd/ above all). Its only code is its test.
package layout
