package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.json.JsonMapper;

/**
 * How long the lab took to start, as a comparison of deployments keeps it for each run (the cloud study's
 * Tables 4 and 5): the whole start as the lab waited for it (from the start command to every
 * service answering its readiness probe; under compose with the images already built), and per
 * service its two phases as Spring Boot logs them: the JVM's start (process start to the
 * application's start) and the application context (to "Started … in N seconds").
 *
 * @param upSeconds from the deployment's start command to every service ready
 * @param services per service: its JVM's start and its application context, in seconds
 */
public record StartUp(double upSeconds, Map<String, Phases> services) {

	static final String FILE = "startup.json";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** Spring Boot's line: "Started CatalogServiceApplication in 3.587 seconds (process running for 4.075)". */
	private static final Pattern STARTED = Pattern
		.compile("Started \\S+ in ([0-9.]+) seconds \\(process running for ([0-9.]+)\\)");

	/** One service's start: the JVM's, then the application context's. */
	public record Phases(double jvmSeconds, double contextSeconds) {

		public double totalSeconds() {
			return this.jvmSeconds + this.contextSeconds;
		}

	}

	/** From each service's log as the deployment keeps it (the last start it holds). */
	public static StartUp of(Deployment deployment, double upSeconds) {
		Map<String, Phases> services = new LinkedHashMap<>();
		for (String service : deployment.services().names()) {
			deployment.startLog(service).flatMap(StartUp::phases).ifPresent((p) -> services.put(service, p));
		}
		return new StartUp(upSeconds, services);
	}

	/** The phases of the last start a log holds. */
	static Optional<Phases> phases(String log) {
		Matcher m = STARTED.matcher(log);
		Phases last = null;
		while (m.find()) {
			double context = Double.parseDouble(m.group(1));
			double process = Double.parseDouble(m.group(2));
			last = new Phases(Math.max(0, process - context), context);
		}
		return Optional.ofNullable(last);
	}

	public void write(Path runDir) {
		JSON.writerWithDefaultPrettyPrinter().writeValue(runDir.resolve(FILE).toFile(), this);
	}

	/** A run's start-up; empty for a run that kept none (every run but a comparison's). */
	public static Optional<StartUp> read(Path runDir) throws IOException {
		Path file = runDir.resolve(FILE);
		return file.toFile().isFile() ? Optional.of(JSON.readValue(file.toFile(), StartUp.class)) : Optional.empty();
	}

}
