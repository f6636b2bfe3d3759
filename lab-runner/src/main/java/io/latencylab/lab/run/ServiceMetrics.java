package io.latencylab.lab.run;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a warm-up reads from the services' {@code /actuator/prometheus} texts: one sample of a
 * metric, the JIT's time (Micrometer's {@code jvm.compilation.time}) and the CPU's
 * ({@code process.cpu.time}), and what they spent between two readings.
 */
public final class ServiceMetrics {

	private ServiceMetrics() {
	}

	/** The most compilation time any service spent between the two readings; NaN when none was read both times. */
	public static double jitSpent(Map<String, Double> before, Map<String, Double> after) {
		return after.entrySet()
			.stream()
			.filter((e) -> before.containsKey(e.getKey()))
			.mapToDouble((e) -> Math.max(0, e.getValue() - before.get(e.getKey())))
			.max()
			.orElse(Double.NaN);
	}

	/** {@code jvm_compilation_time_ms_total} from a Prometheus text; NaN when it has none. */
	public static double compilationMs(String prometheusText) {
		return metric(prometheusText, "jvm_compilation_time_ms_total").orElse(Double.NaN);
	}

	/** Each service's compilation time so far, in milliseconds, where its text has it. */
	public static Map<String, Double> compilationMs(Map<String, String> texts) {
		Map<String, Double> ms = new LinkedHashMap<>();
		texts.forEach((name, text) -> {
			double v = compilationMs(text);
			if (!Double.isNaN(v)) {
				ms.put(name, v);
			}
		});
		return ms;
	}

	/**
	 * The CPU time all these services spent between the two readings, in milliseconds (Micrometer's
	 * {@code process.cpu.time}); NaN unless every service read before was read after with it.
	 */
	public static double cpuSpentMs(Map<String, String> before, Map<String, String> after) {
		double ms = 0;
		for (Map.Entry<String, String> b : before.entrySet()) {
			Optional<Double> from = metric(b.getValue(), "process_cpu_time_ns_total");
			Optional<Double> to = Optional.ofNullable(after.get(b.getKey())).flatMap((t) -> metric(t, "process_cpu_time_ns_total"));
			if (from.isEmpty() || to.isEmpty() || to.get() < from.get()) {
				return Double.NaN;
			}
			ms += (to.get() - from.get()) / 1e6;
		}
		return before.isEmpty() ? Double.NaN : ms;
	}

	/** The first sample of a metric in a Prometheus text (its labels, if any, ignored). */
	public static Optional<Double> metric(String prometheusText, String name) {
		for (String line : prometheusText.split("\n")) {
			if (line.startsWith(name) && (line.length() == name.length() || " {".indexOf(line.charAt(name.length())) >= 0)) {
				return Optional.of(Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)));
			}
		}
		return Optional.empty();
	}

}
