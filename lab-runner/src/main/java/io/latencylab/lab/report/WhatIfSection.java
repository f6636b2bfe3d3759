package io.latencylab.lab.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.latencylab.observability.WhatIf;

/** A projection of a step ({@link WhatIf}) as Markdown: per group, the figures and the bands, measured beside projected. */
public final class WhatIfSection {

	/** Parts named per band: the largest. */
	private static final int PARTS = 3;

	private WhatIfSection() {
	}

	/**
	 * @param step the step's name
	 * @param requests per group, how many requests it answered (traced or not)
	 */
	public static String markdown(String step, List<WhatIf> whatIfs, Map<String, Long> requests) {
		StringBuilder out = new StringBuilder();
		if (whatIfs.isEmpty()) {
			return out.append("Step ").append(step).append(": no traced request to project.\n").toString();
		}
		out.append("What if ").append(whatIfs.getFirst().change().describe()).append(", step ").append(step).append("\n\n");
		out.append("From each group's traced requests, each weighted for the untraced ones of its ranks; every other part kept ")
			.append("as measured (a faster part does not change the load the others meet, nor their queueing).\n\n");
		out.append("| group | traced of | | mean (ms) | p50 (ms) | p90 (ms) | p99 (ms) |\n|---|---:|---|---:|---:|---:|---:|\n");
		for (WhatIf whatIf : whatIfs) {
			WhatIf.Figures m = whatIf.measured();
			WhatIf.Figures p = whatIf.projected();
			out.append(String.format(Locale.ROOT, "| %s | %s of %s | measured | %s | %s | %s | %s |%n", whatIf.group(),
					Format.count(whatIf.traced()), Format.count(requests.getOrDefault(whatIf.group(), 0L)), Format.ms(m.meanMs()),
					Format.ms(m.p50Ms()), Format.ms(m.p90Ms()), Format.ms(m.p99Ms())));
			out.append(String.format(Locale.ROOT, "| | | projected | %s | %s | %s | %s |%n", Format.ms(p.meanMs()),
					Format.ms(p.p50Ms()), Format.ms(p.p90Ms()), Format.ms(p.p99Ms())));
			out.append(String.format(Locale.ROOT, "| | | change | %s | %s | %s | %s |%n", change(m.meanMs(), p.meanMs()),
					change(m.p50Ms(), p.p50Ms()), change(m.p90Ms(), p.p90Ms()), change(m.p99Ms(), p.p99Ms())));
		}
		out.append("\nThe bands, the projection's requests ranked anew (mean client latency, and its largest parts):\n\n");
		out.append("| group | band | measured (ms) | projected (ms) | largest parts, measured → projected (ms) |\n")
			.append("|---|---|---:|---:|---|\n");
		for (WhatIf whatIf : whatIfs) {
			for (WhatIf.BandRow band : whatIf.bands()) {
				String parts = band.measuredParts()
					.entrySet()
					.stream()
					.limit(PARTS)
					.map((e) -> e.getKey() + " " + Format.ms(e.getValue()) + " → "
							+ Format.ms(band.projectedParts().getOrDefault(e.getKey(), 0.0)))
					.collect(Collectors.joining("; "));
				out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", whatIf.group(), band.band().label(),
						Format.ms(band.measuredMs()), Format.ms(band.projectedMs()), parts));
			}
		}
		return out.toString();
	}

	/** "−1.20 (−23 %)". */
	static String change(double measured, double projected) {
		double delta = projected - measured;
		String sign = (delta < 0) ? "−" : "+";
		String percent = (measured == 0) ? "" : String.format(Locale.ROOT, " (%s%.0f %%)", sign, Math.abs(delta) / measured * 100);
		return sign + Format.ms(Math.abs(delta)) + percent;
	}

}
