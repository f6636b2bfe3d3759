package io.latencylab.lab.deploy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * A service started as its runnable jar in a JVM of its own, its output to a log, and waited for
 * until it is ready: how bare deployments and the cross-service tests (lab-it) start services.
 */
public final class ServiceJar {

	private ServiceJar() {
	}

	/** A module's runnable jar ({@code target/*-exec.jar}), or why there is none. */
	public static Path find(Path project, String module) throws IOException {
		Path target = project.resolve(module).resolve("target");
		try (Stream<Path> files = Files.exists(target) ? Files.list(target) : Stream.empty()) {
			return files.filter((f) -> f.getFileName().toString().endsWith("-exec.jar"))
				.findFirst()
				.orElseThrow(() -> new IllegalStateException(
						"no runnable jar in " + target + ": build first with ./mvnw -DskipTests package"));
		}
	}

	/** {@code java [jvmOptions] -jar jar [arguments]}, on the JDK this JVM runs on. */
	public static List<String> command(List<String> jvmOptions, Path jar, List<String> arguments) {
		List<String> command = new ArrayList<>();
		command.add(java());
		command.addAll(jvmOptions);
		command.add("-jar");
		command.add(jar.toString());
		command.addAll(arguments);
		return command;
	}

	/** The java launcher of the JDK this JVM runs on. */
	static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/** Starts {@code command} in {@code dir}, its output (both streams) to {@code log}, nothing on its input. */
	public static Process start(List<String> command, Path dir, Path log, Map<String, String> environment)
			throws IOException {
		ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
		builder.environment().putAll(environment);
		return builder.start();
	}

	/**
	 * Waits until {@code ready} says so, every 250 ms; fails with the end of the log when the process
	 * exits first, or when {@code deadline} (System.nanoTime) passes.
	 */
	public static void awaitReady(String name, Process process, BooleanSupplier ready, long deadline, Path log)
			throws InterruptedException {
		while (!ready.getAsBoolean()) {
			if (process != null && !process.isAlive()) {
				throw new IllegalStateException(name + " exited with " + process.exitValue() + "; the end of its log:\n"
						+ tail(log, 30));
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(name + " is not ready in time; the end of its log (" + log + "):\n"
						+ tail(log, 30));
			}
			Thread.sleep(250);
		}
	}

	/**
	 * As {@link #awaitReady}, ready only when the answer comes from {@code process} itself: another
	 * process answering on its port (another checkout's lab, say) is not this service ready, and
	 * the wait goes on until the service answers or exits.
	 */
	public static void awaitOwnReady(String name, Process process, int port, BooleanSupplier answers, long deadline,
			Path log) throws InterruptedException {
		awaitReady(name, process, () -> answers.getAsBoolean() && PortHolders.heldBy(port, process.pid()), deadline, log);
	}

	/** Asks {@code process} to stop (SIGTERM) and waits for it up to {@code timeout}; then kills it. */
	public static void stop(ProcessHandle process, Duration timeout) throws InterruptedException {
		process.destroy();
		awaitExit(process, timeout);
	}

	/** Waits for {@code process} to exit up to {@code timeout}; then kills it. */
	public static void awaitExit(ProcessHandle process, Duration timeout) throws InterruptedException {
		try {
			process.onExit().get(timeout.toSeconds(), TimeUnit.SECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			process.destroyForcibly();
		}
	}

	/** Within {@code timeout} from now, as {@link #awaitReady} takes it. */
	public static long deadline(Duration timeout) {
		return System.nanoTime() + timeout.toNanos();
	}

	static String tail(Path file, int lines) {
		try {
			List<String> all = Files.readAllLines(file);
			return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

}
