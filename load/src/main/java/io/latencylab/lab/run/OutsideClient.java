package io.latencylab.lab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.plan.OutsideLoad;
import io.latencylab.lab.plan.Step;
import io.latencylab.lab.topology.Injector;
import tools.jackson.databind.JsonNode;

/**
 * Runs an outside client's step: wrk, one thread and one connection, sending the operation's
 * request (trace headers and the run id included, as the lab's generator sends it) back to back.
 * wrk's own histogram gives the figures, written to outside.json in the step's folder.
 */
public final class OutsideClient {

	static final String RESULT = "outside.json";

	private OutsideClient() {
	}

	/**
	 * @param place where wrk runs: where the run's load generator runs, so that both measure the same path
	 * @return wrk's exit code; 127 when wrk is not installed
	 */
	public static int run(Step step, Path stepDir, String runId, Map<String, String> targets, Injector place)
			throws IOException, InterruptedException {
		Files.createDirectories(stepDir);
		OutsideLoad load = OutsideLoad.from(step.parameters());
		OutsideLoad.Request request = load.request();
		String base = targets.get(request.target().name());
		Path script = stepDir.resolve("wrk.lua");
		Files.writeString(script, script(request, runId, stepDir.resolve(RESULT).toAbsolutePath()));
		List<String> command = List.of("wrk", "-t1", "-c1", "-d" + Math.max(1, load.duration().toSeconds()) + "s", "--timeout",
				"10s", "-s", script.toAbsolutePath().toString(), base + request.path());
		Process wrk;
		try {
			wrk = new ProcessBuilder(place.wrap(command)).redirectErrorStream(true)
				.redirectOutput(stepDir.resolve("wrk.log").toFile())
				.start();
		}
		catch (IOException ex) {
			Files.writeString(stepDir.resolve("wrk.log"), "wrk is not installed: " + ex.getMessage() + "\n");
			return 127;
		}
		if (!wrk.waitFor(load.duration().toSeconds() + 60, TimeUnit.SECONDS)) {
			wrk.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			return 124;
		}
		return wrk.exitValue();
	}

	/** What wrk measured in a step, if it ran. */
	public static Optional<JsonNode> result(Path stepDir) {
		Path file = stepDir.resolve(RESULT);
		return Files.exists(file) ? Optional.of(Manifest.JSON.readTree(file.toFile())) : Optional.empty();
	}

	/**
	 * The wrk script: the request, a fresh W3C traceparent for each one, the run id as baggage,
	 * and at the end wrk's latency histogram written out as JSON (microseconds), with wrk's own CPU.
	 */
	static String script(OutsideLoad.Request request, String runId, Path result) {
		StringBuilder lua = new StringBuilder();
		lua.append("local hex = \"0123456789abcdef\"\n")
			.append("local function rnd(n) local t = {} for i = 1, n do local k = math.random(1, 16) t[i] = hex:sub(k, k) end ")
			.append("return table.concat(t) end\n")
			.append("math.randomseed(os.time())\n")
			.append("wrk.method = \"").append(request.method()).append("\"\n");
		request.headers().forEach((name, value) -> lua.append("wrk.headers[\"").append(name).append("\"] = \"")
			.append(value).append("\"\n"));
		if (request.body() != null) {
			lua.append("wrk.body = [==[").append(request.body()).append("]==]\n");
		}
		lua.append("wrk.headers[\"baggage\"] = \"lab.run.id=").append(runId).append("\"\n")
			.append("request = function()\n")
			.append("  wrk.headers[\"traceparent\"] = \"00-\" .. rnd(32) .. \"-\" .. rnd(16) .. \"-01\"\n")
			.append("  return wrk.format()\n")
			.append("end\n")
			.append("done = function(summary, latency, requests)\n")
			.append("  local f = io.open([==[").append(result).append("]==], \"w\")\n")
			.append("  f:write(string.format('{\"requests\":%d,\"durationMicros\":%d,\"non2xx\":%d,\"socketErrors\":%d,")
			.append("\"meanMicros\":%.1f,\"stdevMicros\":%.1f,\"p50Micros\":%d,\"p90Micros\":%d,\"p99Micros\":%d,\"maxMicros\":%d,")
			// os.clock(): the CPU time of wrk's whole process, its load thread included.
			.append("\"cpuSeconds\":%.3f}',\n")
			.append("    summary.requests, summary.duration, summary.errors.status, summary.errors.connect + summary.errors.read")
			.append(" + summary.errors.write + summary.errors.timeout, latency.mean, latency.stdev, latency:percentile(50),")
			.append(" latency:percentile(90), latency:percentile(99), latency.max, os.clock()))\n")
			.append("  f:close()\n")
			.append("end\n");
		return lua.toString();
	}

}
