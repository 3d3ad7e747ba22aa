package mutation

import (
	"encoding/json"
	"fmt"
	"os"
)

// ReadJSON decodes the JSON file at path into v: the reader of every file
// a mutation run writes or takes in (report.json, gremlins' --output,
// fuzz-score.json). A file that cannot be read is os.ReadFile's error; one
// that does not decode is an error that names path and wraps the decoder's.
func ReadJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
