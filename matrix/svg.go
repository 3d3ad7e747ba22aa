package matrix

import (
	"fmt"
	"html"
	"strings"
)

// PairsSVG draws the HMAC sign-then-verify failure rates as a heat map:
// one row per signer, one column per verifier, white for no failure, a
// deeper red for a higher rate, the rate written in every cell that has
// messages. It is plain SVG written here, with no plotting service.
func PairsSVG(names []string, ps []Pair, title string) string {
	const cell, left, top = 46, 230, 230
	n := len(names)
	at := map[string]int{}
	for i, name := range names {
		at[name] = i
	}
	maxRate := 0.0
	for _, p := range ps {
		maxRate = max(maxRate, p.Rate)
	}
	w, h := left+n*cell+180, top+n*cell+60
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	fmt.Fprintf(&b, `<text x="10" y="20" font-size="14">%s</text>`+"\n", html.EscapeString(title))
	fmt.Fprintf(&b, `<text x="10" y="%d">rows: signer; columns: verifier; cell: failed verifications as a share of the messages both accept (darkest: %.1f%%)</text>`+"\n", h-20, 100*maxRate)
	for i, name := range names {
		y := top + i*cell + cell/2 + 4
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-6, y, html.EscapeString(name))
		x := left + i*cell + cell/2
		fmt.Fprintf(&b, `<text x="%d" y="%d" transform="rotate(-60 %d %d)">%s</text>`+"\n", x, top-6, x, top-6, html.EscapeString(name))
	}
	for _, p := range ps {
		r, c := at[p.Signer], at[p.Verifier]
		x, y := left+c*cell, top+r*cell
		shade := 0.0
		if maxRate > 0 {
			shade = p.Rate / maxRate
		}
		fill := fmt.Sprintf("rgb(255,%d,%d)", 255-int(200*shade), 255-int(220*shade))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#999"><title>%s signs, %s verifies: %d of %d fail</title></rect>`+"\n",
			x, y, cell, cell, fill, html.EscapeString(p.Signer), html.EscapeString(p.Verifier), p.Failures, p.Messages)
		if p.Messages > 0 {
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="10">%.1f%%</text>`+"\n", x+cell/2, y+cell/2+4, 100*p.Rate)
		}
	}
	for i := range names {
		x, y := left+i*cell, top+i*cell
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#ddd" stroke="#999"/>`+"\n", x, y, cell, cell)
	}
	b.WriteString("</svg>\n")
	return b.String()
}
