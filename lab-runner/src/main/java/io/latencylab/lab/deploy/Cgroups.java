package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A container's CPU time and memory, read from its control group's files: what `docker stats`
 * reports, without asking the engine (which costs a CPU-second now and then on a small machine).
 * Knows cgroup v1 and v2, with Docker's cgroupfs and systemd drivers; empty where it finds none.
 */
final class Cgroups {

	private final Path root;

	Cgroups(Path root) {
		this.root = root;
	}

	static Cgroups host() {
		return new Cgroups(Path.of("/sys/fs/cgroup"));
	}

	/** CPU time the container's processes used, in nanoseconds. */
	Optional<Long> cpuNanos(String containerId) {
		return first(containerId, List.of("cpuacct", "cpu,cpuacct"), "cpuacct.usage", Cgroups::number)
			.or(() -> first(containerId, List.of(""), "cpu.stat", (stat) -> stat.lines()
				.filter((line) -> line.startsWith("usage_usec "))
				.findFirst()
				.map((line) -> number(line.substring("usage_usec ".length())) * 1000)
				.orElse(null)));
	}

	/** The container's memory in bytes, as the kernel charges it. */
	Optional<Long> memoryBytes(String containerId) {
		return first(containerId, List.of("memory"), "memory.usage_in_bytes", Cgroups::number)
			.or(() -> first(containerId, List.of(""), "memory.current", Cgroups::number));
	}

	/** The value of the first of the container's groups under these controllers that has the file. */
	private Optional<Long> first(String id, List<String> controllers, String file, Function<String, Long> value) {
		for (Path dir : dirs(id, controllers)) {
			Optional<String> text = read(dir.resolve(file));
			if (text.isPresent()) {
				return Optional.ofNullable(value.apply(text.get()));
			}
		}
		return Optional.empty();
	}

	private static Long number(String text) {
		return Long.parseLong(text.strip());
	}

	/** Where Docker puts a container's group under each controller: cgroupfs, then systemd naming. */
	private List<Path> dirs(String id, List<String> controllers) {
		return controllers.stream()
			.map((controller) -> controller.isEmpty() ? this.root : this.root.resolve(controller))
			.flatMap((base) -> java.util.stream.Stream.of(base.resolve("docker").resolve(id),
					base.resolve("system.slice").resolve("docker-" + id + ".scope")))
			.toList();
	}

	private static Optional<String> read(Path file) {
		try {
			return Files.isRegularFile(file) ? Optional.of(Files.readString(file)) : Optional.empty();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

}
