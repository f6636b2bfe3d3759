package io.latencylab.lab.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The user's kubectl, on their kubeconfig (KUBECONFIG, or ~/.kube/config) and its current context
 * unless one is named, in one namespace. Every call is bounded in time.
 */
public final class Kubectl {

	/** The namespace the lab's manifests (ops/k8s/base) put everything in. */
	public static final String NAMESPACE = "latency-lab";

	/** A line of client-go's log (klog): "E1204 21:48:16.630249   15814 memcache.go:265] …". */
	private static final Pattern KLOG_LINE = Pattern.compile("[IWEF]\\d{4} \\d{2}:\\d{2}:\\d{2}\\.\\d+\\s+\\d+ \\S+:\\d+\\] ");

	private final Optional<String> context;

	private final String namespace;

	public Kubectl(Optional<String> context, String namespace) {
		this.context = context;
		this.namespace = checkNamespace(namespace);
	}

	/** {@code name} when Kubernetes takes it as a namespace's name (RFC 1123's label). */
	public static String checkNamespace(String name) {
		if (!name.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?")) {
			throw new IllegalArgumentException("'" + name + "' is no namespace name (lower-case letters, digits and '-', "
					+ "at most 63, as Kubernetes has them)");
		}
		return name;
	}

	public String namespace() {
		return this.namespace;
	}

	/** The context as the user named it; empty for the kubeconfig's current one. */
	public Optional<String> namedContext() {
		return this.context;
	}

	/** The context as the user named it, or their kubeconfig's current one. */
	public String context() {
		return this.context.orElseGet(() -> {
			try {
				return run(Duration.ofSeconds(10), "config", "current-context").strip();
			}
			catch (IOException ex) {
				return "(no current context)";
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return "(unknown)";
			}
		});
	}

	/** Why kubectl cannot reach the cluster (no kubectl, no context, no API server); empty when it can. */
	public Optional<String> unreachable() throws InterruptedException {
		try {
			run(Duration.ofSeconds(20), "version", "--output=json");
			return Optional.empty();
		}
		catch (IOException ex) {
			return Optional.of(ex.getMessage());
		}
	}

	/** Runs kubectl with {@code arguments} in the namespace; its output, or an IOException with what it printed. */
	public String run(Duration timeout, String... arguments) throws IOException, InterruptedException {
		return run(null, timeout, arguments);
	}

	/** As {@link #run(Duration, String...)}, with {@code input} on its standard input. */
	public String run(String input, Duration timeout, String... arguments) throws IOException, InterruptedException {
		List<String> command = command(arguments);
		Process process;
		try {
			process = new ProcessBuilder(command).redirectErrorStream(true).start();
		}
		catch (IOException ex) {
			throw new IOException("kubectl is not installed or not on the PATH (" + ex.getMessage()
					+ "); --kubernetes runs the cluster's own kubectl");
		}
		CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
		try (OutputStream in = process.getOutputStream()) {
			if (input != null) {
				in.write(input.getBytes(StandardCharsets.UTF_8));
			}
		}
		if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
			throw new IOException(String.join(" ", command) + " did not finish within " + timeout.toSeconds() + " s");
		}
		String text = output.join();
		if (process.exitValue() != 0) {
			throw new IOException(String.join(" ", command) + " failed (exit " + process.exitValue() + "): " + said(text));
		}
		return text;
	}

	/** The answer of a kubectl get (or any command that prints an object), as JSON. */
	public JsonNode json(String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(arguments));
		command.add("--output=json");
		return JsonMapper.shared().readTree(run(Duration.ofSeconds(30), command.toArray(String[]::new)));
	}

	/** The command line: the context when one was named, the namespace always. */
	List<String> command(String... arguments) {
		List<String> command = new ArrayList<>(List.of("kubectl"));
		this.context.ifPresent((c) -> command.add("--context=" + c));
		command.add("--namespace=" + this.namespace);
		command.addAll(List.of(arguments));
		return command;
	}

	/**
	 * What a failed kubectl said, without client-go's log lines when it said more (it logs each retry
	 * of an unreachable API server, then says so once), each line once.
	 */
	static String said(String output) {
		List<String> lines = output.lines().map(String::strip).filter((line) -> !line.isEmpty()).distinct().toList();
		List<String> plain = lines.stream().filter((line) -> !KLOG_LINE.matcher(line).lookingAt()).toList();
		return String.join("\n", plain.isEmpty() ? lines : plain);
	}

	private static String read(InputStream stream) {
		try {
			return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "";
		}
	}

}
