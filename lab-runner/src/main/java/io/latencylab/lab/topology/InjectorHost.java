package io.latencylab.lab.topology;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a load generator (the load module's Injector) runs: a JVM on this machine
 * ({@code local}); one started inside a Linux network namespace ({@code namespace}), which reaches the services only over that namespace's own
 * interfaces, as a client on another host would; or one on another host, over ssh ({@code ssh}:
 * the runner ships the load module there, starts the generator with the run's parameters and
 * fetches each step's results back); or {@code job}: an indexed Job of pods on the Kubernetes
 * cluster the lab runs on, each pod one generator ({@code pod}, once the runner has started the Job:
 * it drives each over {@code kubectl exec}, as it drives one over ssh).
 *
 * @param where the namespace's name; the ssh destination (USER@HOST[:PORT]); a Job's image; a pod
 *        as [CONTEXT/]NAMESPACE/POD; empty for a local one
 * @param identity the ssh private key; empty for ssh's own choice
 * @param java the java command on the ssh host (21 or later)
 * @param regions the regions of a step's load (as a study names them) this injector sends; empty: every region
 *        no other injector names
 * @param pods how many pods a Job runs; 1 for any other injector
 */
public record InjectorHost(String name, Placement placement, String where, Optional<Path> identity, String java,
		List<String> regions, int pods) {

	public static final InjectorHost LOCAL = new InjectorHost("local", Placement.LOCAL, "");

	/** The load generator's image, as compose builds it (docker compose build load-generator). */
	public static final String LOAD_GENERATOR_IMAGE = "latency-lab/load-generator:dev";

	public InjectorHost(String name, Placement placement, String where) {
		this(name, placement, where, Optional.empty(), "java", List.of(), 1);
	}

	/** {@code pods} generators of {@code image}, an indexed Job on the lab's cluster (named {@code name}, as Kubernetes names a Job). */
	public static InjectorHost job(String name, String image, int pods) {
		if (!name.matches("[a-z0-9]([-a-z0-9]{0,50}[a-z0-9])?")) {
			throw new IllegalArgumentException("a Job's name, '" + name + "', is lower-case letters, digits and '-', at most 52");
		}
		return new InjectorHost(name, Placement.JOB, image, Optional.empty(), "java", List.of(), pods);
	}

	/** As {@link #job(String, String, int)}, its pods as a topology file writes them: 1 to 64. */
	public static InjectorHost job(String name, String image, String pods) {
		int count = pods.matches("\\d{1,2}") ? Integer.parseInt(pods) : 0;
		if (count < 1 || count > 64) {
			throw new IllegalArgumentException("how many pods, 1 to 64, not '" + pods + "'");
		}
		return job(name, image, count);
	}

	/** Pod {@code pod} of a Job in {@code namespace}, reached with kubectl's {@code context} (empty: the current one). */
	public static InjectorHost pod(String name, Optional<String> context, String namespace, String pod) {
		return new InjectorHost(name, Placement.POD, context.map((c) -> c + "/").orElse("") + namespace + "/" + pod,
				Optional.empty(), "java", List.of(), 1);
	}

	/** This injector sending only {@code regions}. */
	public InjectorHost sending(List<String> regions) {
		return new InjectorHost(this.name, this.placement, this.where, this.identity, this.java, List.copyOf(regions),
				this.pods);
	}

	public enum Placement {

		LOCAL, NAMESPACE, SSH, JOB, POD

	}

	/** Whether its files live on another host or in a pod: shipped there, each step's results fetched back. */
	public boolean remote() {
		return this.placement == Placement.SSH || this.placement == Placement.POD;
	}

	/** A pod's kubectl: its context if one was named, its namespace, exec with standard input, the pod. */
	private List<String> kubectlExec() {
		String[] parts = this.where.split("/");
		List<String> command = new ArrayList<>(List.of("kubectl"));
		if (parts.length > 2) {
			command.add("--context=" + this.where.substring(0, this.where.lastIndexOf('/', this.where.lastIndexOf('/') - 1)));
		}
		command.addAll(List.of("--namespace=" + parts[parts.length - 2], "exec", "-i", parts[parts.length - 1], "--"));
		return command;
	}

	/** The ssh host's name or address; empty unless this injector is placed over ssh. */
	public Optional<String> sshHost() {
		if (this.placement != Placement.SSH) {
			return Optional.empty();
		}
		String host = this.where.substring(this.where.indexOf('@') + 1);
		return Optional.of(host.contains(":") ? host.substring(0, host.lastIndexOf(':')) : host);
	}

	/** ssh's command line up to the destination: batch mode (no password prompt), the port and key when given. */
	public List<String> ssh() {
		List<String> command = new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5"));
		String destination = this.where;
		int colon = destination.lastIndexOf(':');
		if (colon > destination.indexOf('@')) {
			command.addAll(List.of("-p", destination.substring(colon + 1)));
			destination = destination.substring(0, colon);
		}
		this.identity.ifPresent((key) -> command.addAll(List.of("-i", key.toString(), "-o", "IdentitiesOnly=yes")));
		command.add(destination);
		command.add("--");
		return command;
	}

	/** {@code args} as one word each for the remote shell that ssh hands them to. */
	public static String shellWords(List<String> args) {
		return String.join(" ", args.stream().map((arg) -> "'" + arg.replace("'", "'\\''") + "'").toList());
	}

	/** The command that starts {@code command} in this injector's place. */
	public List<String> wrap(List<String> command) {
		List<String> wrapped = new ArrayList<>();
		switch (this.placement) {
			case LOCAL -> wrapped.addAll(command);
			case NAMESPACE -> {
				// ip netns exec enters the namespace and execs the command: the same process, so its CPU is still counted.
				wrapped.addAll(List.of("ip", "netns", "exec", this.where));
				wrapped.addAll(command);
			}
			case SSH -> {
				wrapped.addAll(ssh());
				wrapped.add(shellWords(command));
			}
			// kubectl exec hands the pod's runtime the words as they are: no shell between.
			case POD -> {
				wrapped.addAll(kubectlExec());
				wrapped.addAll(command);
			}
			case JOB -> throw new IllegalStateException("injector '" + this.name + "' is a Job not started yet");
		}
		return wrapped;
	}

	public String describe() {
		String place = switch (this.placement) {
			case LOCAL -> this.name + " (a Gatling JVM on this machine)";
			case NAMESPACE -> this.name + " (a Gatling JVM in the network namespace " + this.where + ")";
			case SSH -> this.name + " (a Gatling JVM on " + this.where + ", over ssh)";
			case JOB -> this.name + " (an indexed Job of " + this.pods + " pods of " + this.where + ")";
			case POD -> this.name + " (a Gatling JVM in the pod " + this.where.substring(this.where.lastIndexOf('/') + 1)
					+ ", kubectl exec)";
		};
		return this.regions.isEmpty() ? place : place + " sending " + String.join(", ", this.regions);
	}

	/**
	 * Fails, naming what is missing, unless this injector can be placed and reaches every one of
	 * {@code urls} from its place: before any load starts.
	 */
	public void check(List<String> urls) throws IOException, InterruptedException {
		if (this.placement == Placement.LOCAL || this.placement == Placement.JOB) {
			return;
		}
		if (this.placement == Placement.NAMESPACE && !Files.exists(Path.of("/run/netns", this.where))) {
			throw new IllegalStateException("injector '" + this.name + "': no network namespace '" + this.where
					+ "' on this machine (ip netns list); create it as root, e.g. with ops/netns/apart up");
		}
		if (remote()) {
			Process login = new ProcessBuilder(wrap(List.of(this.java, "-XshowSettings:properties", "-version")))
				.redirectErrorStream(true)
				.start();
			String output = new String(login.getInputStream().readAllBytes()).strip();
			if (!login.waitFor(30, TimeUnit.SECONDS) || login.exitValue() != 0) {
				throw new IllegalStateException("injector '" + this.name + "': cannot run " + this.java + " on " + this.where
						+ (this.placement == Placement.SSH ? " over ssh: " : " with kubectl exec: ") + output);
			}
			int version = javaVersion(output);
			if (version < 21) {
				throw new IllegalStateException("injector '" + this.name + "': " + this.java + " on " + this.where + " is Java "
						+ version + "; the load generator needs 21 or later (name one with 'java:' in the topology)");
			}
		}
		// One bash in the injector's place tries every address (bash's /dev/tcp: a TCP connect, with
		// nothing else installed there) and names the first that takes no connection.
		StringBuilder script = new StringBuilder();
		for (String url : urls) {
			URI uri = URI.create(url);
			int port = (uri.getPort() > 0) ? uri.getPort() : (uri.getScheme().equals("https") ? 443 : 80);
			String address = uri.getHost() + "/" + port;
			script.append("timeout 3 bash -c 'exec 3<>/dev/tcp/").append(address).append("' || { echo '").append(url)
				.append("'; exit 1; }; ");
		}
		Process connect = new ProcessBuilder(wrap(List.of("bash", "-c", script.toString()))).redirectErrorStream(true).start();
		String output = new String(connect.getInputStream().readAllBytes()).strip();
		if (!connect.waitFor(5L * urls.size() + 10, TimeUnit.SECONDS) || connect.exitValue() != 0) {
			String failed = output.lines().filter(urls::contains).findFirst().orElse(String.join(", ", urls));
			URI uri = URI.create(failed.contains(", ") ? urls.getFirst() : failed);
			throw new IllegalStateException("injector '" + this.name + "' (" + this.placement.name().toLowerCase(Locale.ROOT)
					+ " " + this.where + ") cannot reach " + uri.getHost() + ":"
					+ ((uri.getPort() > 0) ? uri.getPort() : (uri.getScheme().equals("https") ? 443 : 80)) + " (" + failed + ")"
					+ (output.isEmpty() ? "" : ": " + output));
		}
	}

	/** The feature version in "java -XshowSettings:properties -version"'s output (java.specification.version); 0 if none. */
	static int javaVersion(String output) {
		Matcher m = Pattern.compile("java\\.specification\\.version = (\\d+)").matcher(output);
		return m.find() ? Integer.parseInt(m.group(1)) : 0;
	}

	Map<String, Object> asYaml() {
		Map<String, Object> yaml = new LinkedHashMap<>();
		yaml.put("name", this.name);
		if (!this.regions.isEmpty()) {
			yaml.put("regions", this.regions);
		}
		switch (this.placement) {
			case LOCAL -> yaml.put("local", true);
			case NAMESPACE -> yaml.put("namespace", this.where);
			case SSH -> {
				yaml.put("ssh", this.where);
				this.identity.ifPresent((key) -> yaml.put("identity", key.toString()));
				yaml.put("java", this.java);
			}
			case JOB -> {
				yaml.put("job", this.pods);
				yaml.put("image", this.where);
			}
			case POD -> yaml.put("pod", this.where);
		}
		return yaml;
	}

}
