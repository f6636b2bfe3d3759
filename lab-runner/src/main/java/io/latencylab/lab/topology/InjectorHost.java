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
 * fetches each step's results back).
 *
 * @param where the namespace's name, or the ssh destination (USER@HOST[:PORT]); empty for a local one
 * @param identity the ssh private key; empty for ssh's own choice
 * @param java the java command on the ssh host (21 or later)
 * @param regions the regions of a step's load (as a study names them) this injector sends; empty: every region
 *        no other injector names
 */
public record InjectorHost(String name, Placement placement, String where, Optional<Path> identity, String java,
		List<String> regions) {

	public static final InjectorHost LOCAL = new InjectorHost("local", Placement.LOCAL, "");

	public InjectorHost(String name, Placement placement, String where) {
		this(name, placement, where, Optional.empty(), "java", List.of());
	}

	/** This injector sending only {@code regions}. */
	public InjectorHost sending(List<String> regions) {
		return new InjectorHost(this.name, this.placement, this.where, this.identity, this.java, List.copyOf(regions));
	}

	public enum Placement {

		LOCAL, NAMESPACE, SSH

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
		}
		return wrapped;
	}

	public String describe() {
		String place = switch (this.placement) {
			case LOCAL -> this.name + " (a Gatling JVM on this machine)";
			case NAMESPACE -> this.name + " (a Gatling JVM in the network namespace " + this.where + ")";
			case SSH -> this.name + " (a Gatling JVM on " + this.where + ", over ssh)";
		};
		return this.regions.isEmpty() ? place : place + " sending " + String.join(", ", this.regions);
	}

	/**
	 * Fails, naming what is missing, unless this injector can be placed and reaches every one of
	 * {@code urls} from its place: before any load starts.
	 */
	public void check(List<String> urls) throws IOException, InterruptedException {
		if (this.placement == Placement.LOCAL) {
			return;
		}
		if (this.placement == Placement.NAMESPACE && !Files.exists(Path.of("/run/netns", this.where))) {
			throw new IllegalStateException("injector '" + this.name + "': no network namespace '" + this.where
					+ "' on this machine (ip netns list); create it as root, e.g. with ops/netns/apart up");
		}
		if (this.placement == Placement.SSH) {
			Process login = new ProcessBuilder(wrap(List.of(this.java, "-XshowSettings:properties", "-version")))
				.redirectErrorStream(true)
				.start();
			String output = new String(login.getInputStream().readAllBytes()).strip();
			if (!login.waitFor(30, TimeUnit.SECONDS) || login.exitValue() != 0) {
				throw new IllegalStateException("injector '" + this.name + "': cannot run " + this.java + " on " + this.where
						+ " over ssh: " + output);
			}
			int version = javaVersion(output);
			if (version < 21) {
				throw new IllegalStateException("injector '" + this.name + "': " + this.java + " on " + this.where + " is Java "
						+ version + "; the load generator needs 21 or later (name one with 'java:' in the topology)");
			}
		}
		for (String url : urls) {
			URI uri = URI.create(url);
			int port = (uri.getPort() > 0) ? uri.getPort() : (uri.getScheme().equals("https") ? 443 : 80);
			// bash's /dev/tcp: a TCP connect from inside the namespace, with nothing else installed there.
			Process connect = new ProcessBuilder(wrap(List.of("timeout", "3", "bash", "-c",
					"exec 3<>/dev/tcp/" + uri.getHost() + "/" + port)))
				.redirectErrorStream(true)
				.start();
			String output = new String(connect.getInputStream().readAllBytes()).strip();
			if (!connect.waitFor(10, TimeUnit.SECONDS) || connect.exitValue() != 0) {
				throw new IllegalStateException("injector '" + this.name + "' (" + this.placement.name().toLowerCase(Locale.ROOT)
						+ " " + this.where + ") cannot reach " + uri.getHost() + ":" + port + " (" + url + ")"
						+ (output.isEmpty() ? "" : ": " + output));
			}
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
		}
		return yaml;
	}

}
