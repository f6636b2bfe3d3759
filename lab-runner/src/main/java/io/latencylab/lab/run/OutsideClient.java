package io.latencylab.lab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Step;
import tools.jackson.databind.JsonNode;

/**
 * Runs an outside client's step: wrk, one thread and one connection, sending the operation's
 * request (trace headers and the run id included, as the lab's generator sends it) back to back.
 * wrk's own histogram gives the figures, written to outside.json in the step's folder; the
 * services' spans of its requests are collected as the lab's are.
 */
public final class OutsideClient {

	static final String RESULT = RunFolder.OUTSIDE_RESULT;

	private OutsideClient() {
	}

	/**
	 * @param place where wrk runs: where the run's load generator runs, so that both measure the same path
	 * @return wrk's exit code; 127 when wrk is not installed
	 */
	public static int run(Step step, Path stepDir, String runId, Map<String, String> targets, InjectorHost place)
			throws IOException, InterruptedException {
		Files.createDirectories(stepDir);
		OutsideLoad load = OutsideLoad.from(step.parameters());
		OutsideLoad.Request request = load.requests().getFirst();
		String base = targets.get(request.target().name());
		Path script = stepDir.resolve("wrk.lua");
		Path result = stepDir.resolve(RESULT).toAbsolutePath();
		Files.writeString(script, (load.mix() == null) ? script(request, runId, TraceIds.fresh(), result)
				: mixScript(load.requests(), runId, TraceIds.fresh(), result));
		List<String> command = List.of("wrk", "-t1", "-c" + load.connections(),
				"-d" + Math.max(1, load.duration().toSeconds()) + "s", "--timeout", "10s", "-s",
				script.toAbsolutePath().toString(), base + request.path());
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

	/**
	 * The trace ids wrk sends: the step's own random prefix and the request's number, so
	 * that the runner knows the trace of every request wrk had answered and collects their spans as
	 * it collects the lab's, without wrk writing a line per request.
	 */
	record TraceIds(String tracePrefix, String spanPrefix) {

		static TraceIds fresh() {
			ThreadLocalRandom random = ThreadLocalRandom.current();
			return new TraceIds(String.format("%016x%08x", random.nextLong(), random.nextInt()),
					String.format("%08x", random.nextInt()));
		}

		String traceId(long request) {
			return this.tracePrefix + String.format("%08x", request);
		}

		String spanId(long request) {
			return this.spanPrefix + String.format("%08x", request);
		}

	}

	/**
	 * The traces of a wrk step to collect: every answered request's, or an even spread of
	 * {@code perGroup} of them. Trace id → the span id wrk sent as the parent.
	 */
	public static Map<String, String> sample(JsonNode result, int perGroup) {
		TraceIds ids = new TraceIds(result.path("traceIdPrefix").asString(""), result.path("spanIdPrefix").asString(""));
		// Numbered on the one connection from the script's first request on. wrk 4.1 asks for one request
		// it does not send, so the answered ones are 2 to requests + 1; 2 to requests holds either way.
		long requests = result.path("requests").asLong();
		if (ids.tracePrefix().isEmpty() || requests < 2) {
			return Map.of();
		}
		long numbered = requests - 1;
		long count = Math.min(perGroup, numbered);
		Map<String, String> wanted = new LinkedHashMap<>();
		for (long k = 0; k < count; k++) {
			long request = 2 + k * numbered / count;
			wanted.put(ids.traceId(request), ids.spanId(request));
		}
		return wanted;
	}

	/**
	 * The wrk script of a study's plan: the plan's requests in turn (one counter for wrk's one
	 * thread, so each of its connections takes the next request of the plan), each with its own
	 * traceparent and the run id as baggage; at the end the same result as {@link #script}.
	 */
	static String mixScript(List<OutsideLoad.Request> requests, String runId, TraceIds ids, Path result) {
		StringBuilder lua = new StringBuilder("local plan = {}\n");
		for (int i = 0; i < requests.size(); i++) {
			OutsideLoad.Request request = requests.get(i);
			lua.append("plan[").append(i + 1).append("] = { method = \"").append(request.method()).append("\", path = [==[")
				.append(request.path()).append("]==], headers = {");
			request.headers().forEach((name, value) -> lua.append(" [\"").append(name).append("\"] = \"").append(value)
				.append("\","));
			lua.append(" }");
			if (request.body() != null) {
				lua.append(", body = [==[").append(request.body()).append("]==]");
			}
			lua.append(" }\n");
		}
		lua.append("request = function()\n")
			.append("  sent = sent + 1\n")
			.append("  local r = plan[(sent - 1) % #plan + 1]\n")
			.append("  local headers = { [\"baggage\"] = \"lab.run.id=").append(runId).append("\" }\n")
			.append("  for name, value in pairs(r.headers) do headers[name] = value end\n")
			.append("  headers[\"traceparent\"] = string.format(\"00-").append(ids.tracePrefix()).append("%08x-")
			.append(ids.spanPrefix()).append("%08x-01\", sent, sent)\n")
			.append("  return wrk.format(r.method, r.path, headers, r.body)\n")
			.append("end\n");
		return "local sent = 0\n" + lua + done(ids, result);
	}

	/**
	 * The wrk script: the request, a W3C traceparent of its own for each one (numbered, see
	 * {@link TraceIds}), the run id as baggage, and at the end wrk's latency histogram written out
	 * as JSON (microseconds), with wrk's own CPU and the ids' prefixes.
	 */
	static String script(OutsideLoad.Request request, String runId, TraceIds ids, Path result) {
		StringBuilder lua = new StringBuilder();
		lua.append("local sent = 0\n")
			.append("wrk.method = \"").append(request.method()).append("\"\n");
		request.headers().forEach((name, value) -> lua.append("wrk.headers[\"").append(name).append("\"] = \"")
			.append(value).append("\"\n"));
		if (request.body() != null) {
			lua.append("wrk.body = [==[").append(request.body()).append("]==]\n");
		}
		lua.append("wrk.headers[\"baggage\"] = \"lab.run.id=").append(runId).append("\"\n")
			.append("request = function()\n")
			.append("  sent = sent + 1\n")
			.append("  wrk.headers[\"traceparent\"] = string.format(\"00-").append(ids.tracePrefix()).append("%08x-")
			.append(ids.spanPrefix()).append("%08x-01\", sent, sent)\n")
			.append("  return wrk.format()\n")
			.append("end\n")
			.append(done(ids, result));
		return lua.toString();
	}

	/** wrk's done(): its latency histogram written out as JSON (microseconds), with its own CPU and the ids' prefixes. */
	private static String done(TraceIds ids, Path result) {
		StringBuilder lua = new StringBuilder();
		lua.append("done = function(summary, latency, requests)\n")
			.append("  local f = io.open([==[").append(result).append("]==], \"w\")\n")
			.append("  f:write(string.format('{\"requests\":%d,\"durationMicros\":%d,\"non2xx\":%d,\"socketErrors\":%d,")
			.append("\"meanMicros\":%.1f,\"stdevMicros\":%.1f,\"p50Micros\":%d,\"p90Micros\":%d,\"p99Micros\":%d,\"maxMicros\":%d,")
			// os.clock(): the CPU time of wrk's whole process, its load thread included.
			.append("\"cpuSeconds\":%.3f,\"traceIdPrefix\":\"").append(ids.tracePrefix()).append("\",\"spanIdPrefix\":\"")
			.append(ids.spanPrefix()).append("\"}',\n")
			.append("    summary.requests, summary.duration, summary.errors.status, summary.errors.connect + summary.errors.read")
			.append(" + summary.errors.write + summary.errors.timeout, latency.mean, latency.stdev, latency:percentile(50),")
			.append(" latency:percentile(90), latency:percentile(99), latency.max, os.clock()))\n")
			.append("  f:close()\n")
			.append("end\n");
		return lua.toString();
	}

}
