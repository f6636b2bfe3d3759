package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.topology.Topology.Endpoint;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Everything a run's services ran with that could change their latency, one line a factor: what
 * the deployment sets (database, span export, limits, network) and what the services' own metrics
 * say of their JVMs (version, the cores and heap each sees, its garbage collector). Two
 * deployments compared side by side list these, so that a difference nobody meant shows.
 */
public record Factors(Map<String, String> values) {

	static final String FILE = "factors.json";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Pattern LABEL = Pattern.compile("(\\w+)=\"([^\"]*)\"");

	/** The deployment's own factors, then what its services' metrics endpoints (/actuator/prometheus) tell. */
	public static Factors of(Deployment deployment) {
		Map<String, String> values = new LinkedHashMap<>(deployment.factors());
		Map<String, List<String>> jvm = new TreeMap<>();
		for (Endpoint service : deployment.topology().services().values()) {
			Http.get(service.metrics())
				.ifPresent((text) -> fromMetrics(text).forEach((factor, value) -> jvm.computeIfAbsent(factor, (k) -> new ArrayList<>())
					.add(value)));
		}
		jvm.forEach((factor, seen) -> values.put(factor, summary(seen)));
		return new Factors(values);
	}

	/**
	 * One service's JVM factors from its Prometheus text: "JVM" (vendor and version), "cores the JVM
	 * sees", "max heap" and "garbage collector" (the collectors that have run so far).
	 */
	static Map<String, String> fromMetrics(String text) {
		Map<String, String> factors = new LinkedHashMap<>();
		double heap = 0;
		boolean heapSeen = false;
		TreeSet<String> collectors = new TreeSet<>();
		for (String line : text.split("\n")) {
			if (line.startsWith("#") || line.isBlank()) {
				continue;
			}
			Map<String, String> labels = labels(line);
			if (line.startsWith("jvm_info{")) {
				factors.put("JVM", labels.getOrDefault("vendor", "?") + " " + labels.getOrDefault("version", "?"));
			}
			else if (line.startsWith("system_cpu_count ") || line.startsWith("system_cpu_count{")) {
				factors.put("cores the JVM sees", String.valueOf((long) value(line)));
			}
			else if (line.startsWith("jvm_memory_max_bytes{") && "heap".equals(labels.get("area")) && value(line) > 0) {
				heap += value(line);
				heapSeen = true;
			}
			else if (line.startsWith("jvm_gc_pause_seconds_count{") && labels.containsKey("gc")) {
				collectors.add(labels.get("gc"));
			}
		}
		if (heapSeen) {
			factors.put("max heap", String.format(Locale.ROOT, "%.0f MiB", heap / 1024 / 1024));
		}
		if (!collectors.isEmpty()) {
			factors.put("garbage collector", String.join(" + ", collectors));
		}
		return factors;
	}

	/** The value when every service says the same, else each value with how many say it: "1.000 CPUs (×2); none (×1)". */
	static String summary(List<String> seen) {
		Map<String, Integer> counts = new TreeMap<>();
		seen.forEach((value) -> counts.merge(value, 1, Integer::sum));
		if (counts.size() == 1) {
			return counts.keySet().iterator().next();
		}
		List<String> parts = new ArrayList<>();
		counts.forEach((value, n) -> parts.add(value + " (×" + n + ")"));
		return String.join("; ", parts);
	}

	static Map<String, String> labels(String line) {
		Map<String, String> labels = new LinkedHashMap<>();
		int open = line.indexOf('{');
		int close = line.indexOf('}');
		if (open >= 0 && close > open) {
			Matcher m = LABEL.matcher(line.substring(open + 1, close));
			while (m.find()) {
				labels.put(m.group(1), m.group(2));
			}
		}
		return labels;
	}

	static double value(String line) {
		String[] parts = line.strip().split("\\s+");
		try {
			return Double.parseDouble(parts[parts.length - 1]);
		}
		catch (NumberFormatException ex) {
			return Double.NaN;
		}
	}

	/** "ext4 (/dev/sda1)": the type and device of the file system that holds {@code path}. */
	static String fileSystem(Path path) {
		try {
			FileStore store = Files.getFileStore(path);
			return store.type() + " (" + store.name() + ")";
		}
		catch (IOException ex) {
			return path.toString();
		}
	}

	public void write(Path runDir) {
		JSON.writerWithDefaultPrettyPrinter().writeValue(runDir.resolve(FILE).toFile(), this.values);
	}

	/** A run's factors; empty for a run that kept none. */
	public static Factors read(Path runDir) throws IOException {
		Path file = runDir.resolve(FILE);
		if (!file.toFile().isFile()) {
			return new Factors(Map.of());
		}
		return new Factors(JSON.readValue(file.toFile(), new TypeReference<LinkedHashMap<String, String>>() {
		}));
	}

}
