package io.latencylab.lab.topology;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A load generator's place: a JVM on this machine ({@code local}), or one started inside a Linux
 * network namespace ({@code namespace}), which reaches the services only over that namespace's own
 * interfaces, as a client on another host would.
 *
 * @param where the namespace's name; empty for a local one
 */
public record Injector(String name, Placement placement, String where) {

	public static final Injector LOCAL = new Injector("local", Placement.LOCAL, "");

	public enum Placement {

		LOCAL, NAMESPACE

	}

	/** The command that starts {@code command} in this injector's place. */
	public List<String> wrap(List<String> command) {
		if (this.placement == Placement.LOCAL) {
			return command;
		}
		// ip netns exec enters the namespace and execs the command: the same process, so its CPU is still counted.
		List<String> wrapped = new ArrayList<>(List.of("ip", "netns", "exec", this.where));
		wrapped.addAll(command);
		return wrapped;
	}

	public String describe() {
		return (this.placement == Placement.LOCAL) ? this.name + " (a Gatling JVM on this machine)"
				: this.name + " (a Gatling JVM in the network namespace " + this.where + ")";
	}

	/**
	 * Fails, naming what is missing, unless this injector can be placed and reaches every one of
	 * {@code urls} from its place: before any load starts.
	 */
	public void check(List<String> urls) throws IOException, InterruptedException {
		if (this.placement == Placement.LOCAL) {
			return;
		}
		if (!Files.exists(Path.of("/run/netns", this.where))) {
			throw new IllegalStateException("injector '" + this.name + "': no network namespace '" + this.where
					+ "' on this machine (ip netns list); create it as root, e.g. with ops/netns/apart up");
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
				throw new IllegalStateException("injector '" + this.name + "' (network namespace " + this.where
						+ ") cannot reach " + uri.getHost() + ":" + port + " (" + url + ")"
						+ (output.isEmpty() ? "" : ": " + output));
			}
		}
	}

	Map<String, Object> asYaml() {
		Map<String, Object> yaml = new LinkedHashMap<>();
		yaml.put("name", this.name);
		if (this.placement == Placement.LOCAL) {
			yaml.put("local", true);
		}
		else {
			yaml.put("namespace", this.where);
		}
		return yaml;
	}

}
