package sarifschema

import (
	"encoding/json"
	"fmt"
)

// Log is what the tests read back of a SARIF log: the parts canonfuzz
// writes (SARIF 2.1.0 sections 3.13 to 3.30).
type Log struct {
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one run (section 3.14).
type Run struct {
	Tool struct {
		Driver struct {
			Name  string `json:"name"`
			Rules []struct {
				ID string `json:"id"`
			} `json:"rules"`
		} `json:"driver"`
	} `json:"tool"`
	Artifacts []struct {
		Location struct {
			URI string `json:"uri"`
		} `json:"location"`
	} `json:"artifacts"`
	Results []Result `json:"results"`
}

// Result is one result (section 3.27).
type Result struct {
	RuleID    string `json:"ruleId"`
	RuleIndex int    `json:"ruleIndex"`
	Level     string `json:"level"`
	Message   struct {
		Text string `json:"text"`
	} `json:"message"`
	Locations           []Location        `json:"locations"`
	RelatedLocations    []Location        `json:"relatedLocations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Properties          map[string]any    `json:"properties"`
}

// Location is a location (section 3.28): its physical location and its
// logical ones.
type Location struct {
	ID               int `json:"id"`
	LogicalLocations []struct {
		Kind               string `json:"kind"`
		Name               string `json:"name"`
		FullyQualifiedName string `json:"fullyQualifiedName"`
	} `json:"logicalLocations"`
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region struct {
			StartLine int `json:"startLine"`
		} `json:"region"`
	} `json:"physicalLocation"`
}

// URI is the location's artifact URI, and Line its start line.
func (l Location) URI() string { return l.PhysicalLocation.ArtifactLocation.URI }
func (l Location) Line() int   { return l.PhysicalLocation.Region.StartLine }

// Read validates data against the schema and reads it back.
func Read(data []byte) (*Log, error) {
	if err := Validate(data); err != nil {
		return nil, err
	}
	var log Log
	if err := json.Unmarshal(data, &log); err != nil {
		return nil, fmt.Errorf("sarifschema: %w", err)
	}
	if len(log.Runs) != 1 {
		return nil, fmt.Errorf("sarifschema: %d runs, canonfuzz writes one", len(log.Runs))
	}
	return &log, nil
}
