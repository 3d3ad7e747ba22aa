package fuzzstats

import (
	"bytes"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Curve is one configuration's survival on the plot.
type Curve struct {
	Name     string
	Survival Survival
	Until    float64 // the curve runs flat to here (the budget)
}

// PlotSVG draws the Kaplan-Meier curves as an SVG document: the fraction
// of trials that have not found the bug against seconds, a step down at
// each find.
func PlotSVG(title string, curves []Curve) ([]byte, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "seconds"
	p.Y.Label.Text = "trials not yet found (Kaplan-Meier)"
	p.Y.Min, p.Y.Max = 0, 1.02
	p.Legend.Top = true
	for i, c := range curves {
		pts := plotter.XYs{{X: 0, Y: 1}}
		for _, st := range c.Survival.Steps {
			pts = append(pts, plotter.XY{X: st.Seconds, Y: st.S})
		}
		pts = append(pts, plotter.XY{X: max(c.Until, pts[len(pts)-1].X), Y: pts[len(pts)-1].Y})
		line, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("fuzzstats: plot %s: %w", c.Name, err)
		}
		line.StepStyle = plotter.PostStep
		line.Color = plotutil.Color(i)
		line.Dashes = plotutil.Dashes(i)
		line.Width = vg.Points(1.5)
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s (%d/%d)", c.Name, c.Survival.Found, c.Survival.Trials), line)
	}
	w, err := p.WriterTo(6*vg.Inch, 3.5*vg.Inch, "svg")
	if err != nil {
		return nil, fmt.Errorf("fuzzstats: plot: %w", err)
	}
	var b bytes.Buffer
	if _, err := w.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("fuzzstats: plot: %w", err)
	}
	return b.Bytes(), nil
}
