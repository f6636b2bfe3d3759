package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

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
		for (Path dir : dirs(containerId, "cpuacct", "cpu,cpuacct")) {
			Optional<String> usage = read(dir.resolve("cpuacct.usage"));
			if (usage.isPresent()) {
				return usage.map((text) -> Long.parseLong(text.strip()));
			}
		}
		for (Path dir : dirs(containerId, "")) {
			Optional<String> stat = read(dir.resolve("cpu.stat"));
			if (stat.isPresent()) {
				return stat.get()
					.lines()
					.filter((line) -> line.startsWith("usage_usec "))
					.findFirst()
					.map((line) -> Long.parseLong(line.substring("usage_usec ".length()).strip()) * 1000);
			}
		}
		return Optional.empty();
	}

	/** The container's memory in bytes, as the kernel charges it. */
	Optional<Long> memoryBytes(String containerId) {
		for (Path dir : dirs(containerId, "memory")) {
			Optional<String> usage = read(dir.resolve("memory.usage_in_bytes"));
			if (usage.isPresent()) {
				return usage.map((text) -> Long.parseLong(text.strip()));
			}
		}
		for (Path dir : dirs(containerId, "")) {
			Optional<String> current = read(dir.resolve("memory.current"));
			if (current.isPresent()) {
				return current.map((text) -> Long.parseLong(text.strip()));
			}
		}
		return Optional.empty();
	}

	/** Where Docker puts a container's group under each controller: cgroupfs, then systemd naming. */
	private List<Path> dirs(String id, String... controllers) {
		return java.util.Arrays.stream(controllers)
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
