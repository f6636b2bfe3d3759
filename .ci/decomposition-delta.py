#!/usr/bin/env python3
"""A known answer across two runs of one step: the decomposition's p50 of each component in the
report before (BASE) and after (INJECTED) a delay was set at one point. The component the delay is
in (COMPONENT) must move by DELAY ms within TOLERANCE (a fraction), every other one by at most
OTHERS ms; the client's own figure moves with the delay and is not judged.

    decomposition-delta.py BASE.md INJECTED.md COMPONENT DELAY_MS [TOLERANCE] [OTHERS_MS]
"""
import sys


def p50s(report):
    """The first step's decomposition table: component -> p50 ms."""
    rows, inside = {}, False
    with open(report, encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("| component | mean ms | p50 ms |"):
                inside = True
                continue
            if inside and line.startswith("|---"):
                continue
            if inside and line.startswith("| "):
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                rows[cells[0].replace("**", "")] = float(cells[2].replace(",", ""))
            elif inside:
                break
    if not rows:
        sys.exit(f"{report}: no decomposition table")
    return rows


def main(base, injected, component, delay, tolerance="0.1", others="5"):
    delay, tolerance, others = float(delay), float(tolerance), float(others)
    before, after = p50s(base), p50s(injected)
    bad = []
    for name in after:
        if name not in before:
            continue
        moved = after[name] - before[name]
        marker = "  <-- the delay's" if name == component else ""
        print(f"{name:75s} {before[name]:9.2f} {after[name]:9.2f} {moved:+9.2f}{marker}")
        if name == component and abs(moved - delay) > tolerance * delay:
            bad.append(f"{name} moved {moved:+.2f} ms, not {delay:g} ms ±{tolerance:.0%}")
        elif name not in (component, "client observed") and abs(moved) > others:
            bad.append(f"{name} moved {moved:+.2f} ms (more than {others:g} ms)")
    if component not in after or component not in before:
        bad.append(f"{component} is not in both decompositions")
    if bad:
        sys.exit("known answer not found: " + "; ".join(bad))
    print(f"known answer found: {component} {after[component] - before[component]:+.2f} ms for {delay:g} ms set")


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
