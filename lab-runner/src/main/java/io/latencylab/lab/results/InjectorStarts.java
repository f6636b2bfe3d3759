package io.latencylab.lab.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import tools.jackson.databind.json.JsonMapper;

/**
 * How a step split over several injectors started: the instant the runner gave them all, when each
 * started its load on its own clock (epoch milliseconds; 0 where it did not say), and each one's
 * CPU seconds over the step. Kept beside the injectors' folders, as injectors/start.json.
 */
public record InjectorStarts(long instant, Map<String, Long> started, Map<String, Double> cpuSeconds) {

	static final String FILE = "start.json";

	public void write(Path injectorsDir) throws IOException {
		Files.createDirectories(injectorsDir);
		Files.writeString(injectorsDir.resolve(FILE), JsonMapper.shared().writeValueAsString(this));
	}

	/** The record in a step's injectors folder; empty for a step recorded before there was one. */
	public static Optional<InjectorStarts> read(Path injectorsDir) throws IOException {
		Path file = injectorsDir.resolve(FILE);
		return Files.exists(file) ? Optional.of(JsonMapper.shared().readValue(file.toFile(), InjectorStarts.class))
				: Optional.empty();
	}

	/** The latest start less the earliest, in milliseconds, among the injectors that said when; 0 for fewer than two. */
	public long skewMs() {
		var said = this.started.values().stream().filter((t) -> t > 0).mapToLong(Long::longValue).summaryStatistics();
		return (said.getCount() < 2) ? 0 : said.getMax() - said.getMin();
	}

}
