"""Output formats. `text` and `json_out` render reviews; every module also renders the gate result
(advisor.gate.model.GateResult) of `advisor check`: text, json_out, sarif, junit, markdown, github.
`locate` finds where a finding points in its file; `parts` words what every format shares."""
