package io.latencylab.lab.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How this machine's idle cores wait for work, as Linux's cpuidle says: its driver, its governor and
 * the idle states a core may enter. Written into every run's manifest because a core that halts when
 * idle must be woken for each request, and on a virtual machine that wake-up was about half of a
 * sub-millisecond loopback round trip (docs/decomposition.md): part of the "network + queueing" the
 * decomposition shows, which no span sees.
 *
 * @param driver cpuidle's driver (haltpoll, intel_idle, acpi_idle…), or null where there is none
 * @param governor the governor choosing among the states, or null
 * @param states the idle states' names, shallowest first (POLL spins; the others halt or sleep)
 */
public record IdleStates(String driver, String governor, List<String> states) {

	private static final Path SYSFS = Path.of("/sys/devices/system/cpu");

	private static final Pattern STATE = Pattern.compile("state(\\d+)");

	/** How {@link #describe} begins where a request must wake a core. */
	private static final String HALTING = "halt when idle";

	/** This machine's. */
	public static IdleStates here() {
		return read(SYSFS);
	}

	/** Read from a sysfs cpu folder laid out as /sys/devices/system/cpu. */
	static IdleStates read(Path cpu) {
		Path cpuidle = cpu.resolve("cpuidle");
		String governor = line(cpuidle.resolve("current_governor_ro"));
		return new IdleStates(line(cpuidle.resolve("current_driver")),
				(governor != null) ? governor : line(cpuidle.resolve("current_governor")), states(cpu.resolve("cpu0/cpuidle")));
	}

	private static List<String> states(Path dir) {
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> entries = Files.list(dir)) {
			List<Path> folders = new ArrayList<>(entries.filter((p) -> STATE.matcher(p.getFileName().toString()).matches()).toList());
			folders.sort((a, b) -> Integer.compare(number(a), number(b)));
			return folders.stream().map((p) -> line(p.resolve("name"))).filter((name) -> name != null).toList();
		}
		catch (IOException ex) {
			return List.of();
		}
	}

	private static int number(Path state) {
		return Integer.parseInt(state.getFileName().toString().substring("state".length()));
	}

	private static String line(Path file) {
		try {
			String text = Files.readString(file).strip();
			return text.isEmpty() ? null : text;
		}
		catch (IOException ex) {
			return null;
		}
	}

	/** Whether an idle core may halt or sleep, so that a request must wake it (any state past POLL). */
	public boolean halts() {
		return this.states.stream().anyMatch((name) -> !name.equalsIgnoreCase("POLL"));
	}

	/** For the manifest and the report's row. */
	public String describe() {
		if (this.driver == null || this.driver.equals("none")) {
			return "not reported (no cpuidle driver)";
		}
		if (this.states.isEmpty()) {
			return "not reported (cpuidle driver " + this.driver + " lists no idle states)";
		}
		String how = halts() ? HALTING + ", and a request wakes them" : "poll when idle";
		return how + " (cpuidle driver " + this.driver + ((this.governor == null) ? "" : ", governor " + this.governor)
				+ "; states " + String.join(", ", this.states) + ")";
	}

	/** Whether a manifest's {@link #describe} says a request must wake a core. */
	public static boolean halting(String described) {
		return described.startsWith(HALTING);
	}

}
