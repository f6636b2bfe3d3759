#!/usr/bin/env python3
"""Checks that every metric the Grafana dashboards query exists, without Grafana.

Usage: check-dashboards.py DASHBOARD_DIR PROMETHEUS_URL

Reads every dashboard JSON, takes the metric names out of each PromQL expression, and asks
Prometheus which metric names it has scraped (every service's /actuator/prometheus and Jaeger's
span metrics). Exits 1 naming each dashboard metric that no target exposes.
"""
import glob
import json
import re
import sys
import urllib.request

PROMQL_WORDS = {
    "sum", "by", "rate", "irate", "increase", "histogram_quantile", "avg", "max", "min", "count",
    "without", "on", "ignoring", "group_left", "group_right", "le", "and", "or", "unless", "bool",
    "offset", "topk", "bottomk", "abs", "clamp_min", "clamp_max", "delta", "deriv", "time",
}


def metric_names(expr):
    # Drop label matchers {...}, string literals and range selectors [...]: what is left are
    # function names, keywords, label names in by(...) clauses, numbers and metric names.
    stripped = re.sub(r'\{[^}]*\}', '', expr)
    stripped = re.sub(r'"[^"]*"', '', stripped)
    stripped = re.sub(r'\[[^\]]*\]', '', stripped)
    stripped = re.sub(r'\b(by|without|on|ignoring)\s*\([^)]*\)', '', stripped)
    names = set()
    for token in re.findall(r'[a-zA-Z_:][a-zA-Z0-9_:]*', stripped):
        if token not in PROMQL_WORDS and not re.fullmatch(r'[0-9.]+', token):
            names.add(token)
    return names


def main(dashboard_dir, prometheus):
    with urllib.request.urlopen(prometheus + "/api/v1/label/__name__/values", timeout=10) as response:
        known = set(json.load(response)["data"])
    missing = []
    checked = 0
    for path in sorted(glob.glob(dashboard_dir + "/*.json")):
        dashboard = json.load(open(path))
        for panel in dashboard.get("panels", []):
            for target in panel.get("targets", []):
                for name in metric_names(target.get("expr", "")):
                    checked += 1
                    if name not in known:
                        missing.append(f"{path}: panel '{panel['title']}': {name}")
    for line in missing:
        print("missing metric:", line)
    print(f"{checked} metric references checked, {len(missing)} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2].rstrip("/")))
