package fuzzstats

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// seconds writes a time for a table: NA past the longest trial, as R's
// survfit prints a bound it cannot give.
func seconds(s float64) string {
	if math.IsInf(s, 1) {
		return "NA"
	}
	return fmt.Sprintf("%.2f", s)
}

// medianCell is the median with its 95% interval, or "not reached".
func medianCell(sv Survival) string {
	if math.IsInf(sv.Median, 1) {
		return "not reached"
	}
	return fmt.Sprintf("%s (%s–%s)", seconds(sv.Median), seconds(sv.MedianLower), seconds(sv.MedianUpper))
}

func pValue(p float64) string {
	if p < 0.001 {
		return "<0.001"
	}
	return fmt.Sprintf("%.3f", p)
}

// Markdown is the analysis as tables: each configuration's finds and
// median time to the bug per unit, then every pair compared.
func (a *Analysis) Markdown(command string) string {
	var b strings.Builder
	b.WriteString("# Time to the bug: Kaplan-Meier survival and configurations compared\n\n")
	if command != "" {
		fmt.Fprintf(&b, "    %s\n\n", command)
	}
	b.WriteString("Trials that found the bug / trials, the median seconds to the find with its 95% interval (Kaplan-Meier; Brookmeyer-Crowley, log-log; NA: past the longest trial), and the median executions of the finds; an unfound trial is censored at its budget.\n\n")
	b.WriteString("| unit |")
	for _, c := range a.Configs {
		fmt.Fprintf(&b, " %s |", c.Name)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(a.Configs)) + "\n")
	for _, u := range append(append([]string(nil), a.Units...), "") {
		name := "`" + u + "`"
		if u == "" {
			name = "**every unit pooled**"
		}
		fmt.Fprintf(&b, "| %s |", name)
		for _, c := range a.Configs {
			sv, execs, ok := c.survival(u)
			if !ok {
				b.WriteString(" not run |")
				continue
			}
			fmt.Fprintf(&b, " %d/%d, %s", sv.Found, sv.Trials, medianCell(sv))
			if execs >= 0 {
				fmt.Fprintf(&b, ", %d ex", execs)
			}
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	b.WriteString("\nEvery pair on the units both ran (pooled first). A12: the probability that a trial of A finds the bug sooner than one of B (0.5: no difference).\n\n")
	b.WriteString("| A | B | unit | n | U | p | A12 | effect |\n| --- | --- | --- | ---: | ---: | ---: | ---: | --- |\n")
	for _, p := range a.Pairs {
		unit := "`" + p.Unit + "`"
		if p.Unit == "" {
			unit = "**pooled**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d, %d | %g | %s | %.2f | %s |\n", p.A, p.B, unit, p.NA, p.NB, p.U, pValue(p.P), p.A12, Magnitude(p.A12))
	}
	return b.String()
}

// survival is c's survival on unit and the median executions of its
// finds, "" for every unit pooled (no executions: units differ in speed).
func (c ConfigSurvival) survival(unit string) (Survival, int64, bool) {
	if unit == "" {
		return c.Pooled, -1, true
	}
	for _, u := range c.Units {
		if u.Unit == unit {
			return u.Survival, u.FindExecs, true
		}
	}
	return Survival{}, -1, false
}

var page = template.Must(template.New("stats").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Time to the bug</title>
<style>body{font-family:sans-serif;max-width:70em;margin:1em auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}img{display:block;margin:1em 0}</style>
</head><body>
<h1>Time to the bug: Kaplan-Meier survival and configurations compared</h1>
{{if .Command}}<pre>{{.Command}}</pre>{{end}}
<pre>{{.Markdown}}</pre>
{{range .Plots}}<h2>{{.Title}}</h2><img alt="Kaplan-Meier curves: {{.Title}}" src="{{.Src}}">
{{end}}</body></html>
`))

type plotImage struct {
	Title string
	Src   template.URL
}

// Write writes into dir stats.md, stats.json (the analysis, +Inf as
// null) and a self-contained stats.html with the curves as inline SVG
// (data: URLs), one plot for the pooled trials and one per unit.
func (a *Analysis) Write(dir, command string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	md := a.Markdown(command)
	var plots []plotImage
	for _, u := range append([]string{""}, a.Units...) {
		title := u
		if u == "" {
			title = "every unit pooled"
		}
		svg, err := PlotSVG(title, a.curves(u))
		if err != nil {
			return err
		}
		plots = append(plots, plotImage{title, template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))})
	}
	var h bytes.Buffer
	if err := page.Execute(&h, map[string]any{"Command": command, "Markdown": md, "Plots": plots}); err != nil {
		return err
	}
	js, err := json.MarshalIndent(finite(a), "", "  ")
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{"stats.md": []byte(md), "stats.html": h.Bytes(), "stats.json": append(js, '\n')} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// finite is a copy of a with every +Inf median bound set to -1, since
// JSON has no infinity: -1 is "not reached".
func finite(a *Analysis) *Analysis {
	fix := func(sv *Survival) {
		for _, f := range []*float64{&sv.Median, &sv.MedianLower, &sv.MedianUpper} {
			if math.IsInf(*f, 1) {
				*f = -1
			}
		}
	}
	out := &Analysis{Units: a.Units, Pairs: a.Pairs}
	for _, c := range a.Configs {
		c.Units = append([]UnitSurvival(nil), c.Units...)
		for i := range c.Units {
			fix(&c.Units[i].Survival)
		}
		fix(&c.Pooled)
		out.Configs = append(out.Configs, c)
	}
	return out
}
