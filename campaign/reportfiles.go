package campaign

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// WriteReport writes the two forms of a report into dir, as the campaign
// and the benchmarks built on it (campaign/efficacy, mutation/fuzzscore)
// keep them: v as indented JSON, with a final newline, in jsonName, and
// markdown in mdName.
func WriteReport(dir, jsonName, mdName string, v any, markdown string) error {
	js, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, jsonName), append(js, '\n'), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, mdName), []byte(markdown), 0o644)
}
