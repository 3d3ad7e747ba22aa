package matrix

import (
	"fmt"
	"strings"
)

// Markdown writes the guard study's tables; command produced it.
func (rep GuardReport) Markdown(command string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# canonfuzz matrix --guards: the guard study\n\nProduced by `%s` (seed %d). %d chains, %d probes (a chain and a call each); the exact model (every hop's bound admits the call, targets/bound, no tool schemas, no case folding) admits %d and denies %d. Every number below is in `matrix.json` beside this file.\n\n",
		command, rep.Seed, rep.Chains, rep.Probes, rep.ModelAdmits, rep.ModelDenies)
	b.WriteString("unsound: admitted although some hop's bound refuses the call (or the chain is malformed, which admits nothing); over-restrictive: denied although every hop admits it; undecided: the guard raised.\n\n")
	b.WriteString("| guard | version | admitted | denied | undecided | breakdowns | unsound | over-restrictive | classes |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, ir := range rep.Implementations {
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %d | %d |\n", cell(ir.Name), cell(ir.Version), ir.Admitted, ir.Denied, ir.Undecided, ir.Breakdowns, ir.Unsound, ir.OverRestrictive, len(ir.Classes))
	}
	for _, ir := range rep.Implementations {
		fmt.Fprintf(&b, "\n## %s\n\n", ir.Name)
		if len(ir.Classes) == 0 {
			b.WriteString("Agrees with the model on every probe.\n")
			continue
		}
		b.WriteString("Each class: the kind, the model's reason for denying (blanked), the call's label, how many probes, and the first example minimized (`[provenance,params]`).\n\n")
		b.WriteString("| kind | reason | call | probes | minimized provenance | minimized params |\n| --- | --- | --- | --- | --- | --- |\n")
		for _, c := range ir.Classes {
			fmt.Fprintf(&b, "| %s | %s | %s | %d | %s | %s |\n", c.Kind, cell(c.Reason), c.CallLabel, c.Count, code(c.Minimized.Provenance), code(c.Minimized.Params))
		}
	}
	return b.String()
}

// Write writes matrix.json and matrix.md under dir.
func (rep GuardReport) Write(dir, command string) error {
	if err := WriteJSON(dir, JSONFile, rep); err != nil {
		return err
	}
	return writeFile(dir, MDFile, []byte(rep.Markdown(command)))
}
