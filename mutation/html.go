package mutation

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// HTML renders report.html: the mutation-testing-elements bundle and the
// report inlined in one page, so it opens with no network.
func (r *Report) HTML(bundlePath string) ([]byte, error) {
	bundle, err := os.ReadFile(bundlePath)
	if err != nil {
		return nil, fmt.Errorf("the mutation-testing-elements bundle (make mutation-deps): %v", err)
	}
	data, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>canonfuzz mutation report</title>\n</head>\n<body>\n")
	b.WriteString("<mutation-test-report-app title-postfix=\"canonfuzz\"></mutation-test-report-app>\n<script>\n")
	if strings.Contains(strings.ToLower(string(bundle)), "</script") {
		return nil, fmt.Errorf("%s holds </script and cannot be inlined", bundlePath)
	}
	b.Write(bundle)
	b.WriteString("\n</script>\n<script>\ndocument.querySelector('mutation-test-report-app').report = ")
	b.Write(scriptSafe(data))
	b.WriteString(";\n</script>\n</body>\n</html>\n")
	return b.Bytes(), nil
}

// scriptSafe keeps inlined JSON from closing its <script> element ("<\/"
// is "</" in a JSON string).
func scriptSafe(b []byte) []byte {
	return []byte(strings.ReplaceAll(string(b), "</", "<\\/"))
}
