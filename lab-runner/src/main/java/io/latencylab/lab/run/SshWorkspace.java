package io.latencylab.lab.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.topology.InjectorHost;

/**
 * A load generator's files on an ssh host: every local file it needs mirrored under one remote
 * folder at the same absolute path (so a path maps by a prefix, and the classpath by the same
 * prefix), shipped once per set of files, and each step's results fetched back into the local
 * step's folder. tar on both ends, over ssh: nothing else is needed on the host but a JDK.
 */
final class SshWorkspace {

	/** The remote folder that holds every shipped set, under the ssh user's home. */
	static final String ROOT = ".latency-lab";

	private final InjectorHost injector;

	private final String root;

	SshWorkspace(InjectorHost injector, Path project) {
		this.injector = injector;
		// One folder per project on the host: two projects' runs never mix.
		this.root = ROOT + "/" + digest(List.of(project.toAbsolutePath().toString())).substring(0, 12);
	}

	/** Where {@code local} is on the host. */
	String remote(Path local) {
		return this.root + local.toAbsolutePath();
	}

	/** A value with every local path under {@code project} turned into the host's. */
	String remote(String value, Path project) {
		String prefix = project.toAbsolutePath().toString();
		return value.replace(prefix, this.root + prefix);
	}

	/**
	 * Copies {@code files} (files or folders) to the host unless the same set, by name, size and
	 * modification time, is there already.
	 */
	void ship(List<Path> files) throws IOException, InterruptedException {
		List<String> stamp = new ArrayList<>();
		List<String> relative = new ArrayList<>();
		for (Path file : files) {
			Path absolute = file.toAbsolutePath();
			try (var walk = Files.walk(absolute)) {
				for (Path each : walk.filter(Files::isRegularFile).sorted().toList()) {
					stamp.add(each + " " + Files.size(each) + " " + Files.getLastModifiedTime(each).toMillis());
				}
			}
			relative.add(absolute.toString().substring(1));
		}
		String key = digest(stamp);
		String marker = this.root + "/.shipped";
		if (run(List.of("sh", "-c", "test \"$(cat " + marker + " 2>/dev/null)\" = " + key)) == 0) {
			return;
		}
		List<String> tar = new ArrayList<>(List.of("tar", "-cf", "-", "-C", "/"));
		tar.addAll(relative);
		List<String> untar = List.of("sh", "-c", "mkdir -p " + this.root + " && tar -xf - -C " + this.root + " && echo " + key
				+ " > " + marker);
		pipe(new ProcessBuilder(tar), new ProcessBuilder(this.injector.wrap(untar)), "ship the load module to");
	}

	/** Brings the host's copy of a local folder back into it: the step's results, logs and Gatling's files. */
	void fetch(Path local) throws IOException, InterruptedException {
		Files.createDirectories(local);
		pipe(new ProcessBuilder(this.injector.wrap(List.of("tar", "-cf", "-", "-C", remote(local), "."))),
				new ProcessBuilder("tar", "-xf", "-", "-C", local.toAbsolutePath().toString()), "fetch a step's results from");
	}

	private int run(List<String> command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(this.injector.wrap(command)).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.start();
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new IOException("ssh to " + this.injector.where() + " did not answer in 60 s");
		}
		return process.exitValue();
	}

	private void pipe(ProcessBuilder from, ProcessBuilder to, String what) throws IOException, InterruptedException {
		from.redirectError(ProcessBuilder.Redirect.PIPE);
		to.redirectError(ProcessBuilder.Redirect.PIPE).redirectOutput(ProcessBuilder.Redirect.DISCARD);
		List<Process> pipeline = ProcessBuilder.startPipeline(List.of(from, to));
		for (Process process : pipeline) {
			if (!process.waitFor(10, TimeUnit.MINUTES)) {
				pipeline.forEach(Process::destroyForcibly);
				throw new IOException("could not " + what + " " + this.injector.where() + " in 10 minutes");
			}
		}
		for (Process process : pipeline) {
			if (process.exitValue() != 0) {
				String error = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
				throw new IOException("could not " + what + " " + this.injector.where() + ": " + error);
			}
		}
	}

	private static String digest(List<String> lines) {
		try {
			MessageDigest sha = MessageDigest.getInstance("SHA-256");
			lines.forEach((line) -> sha.update((line + "\n").getBytes(StandardCharsets.UTF_8)));
			return HexFormat.of().formatHex(sha.digest());
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
