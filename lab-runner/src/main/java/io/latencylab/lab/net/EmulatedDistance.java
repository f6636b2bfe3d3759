package io.latencylab.lab.net;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;

/**
 * A round trip put between the load generator and every service it targets: a Toxiproxy proxy in
 * front of each target, with half the round trip on the way there and half on the way back
 * (Toxiproxy's latency toxics, with a {@link Link}'s jitter; and its bandwidth toxics, when the
 * link has one), so that each request and its answer take one round trip more. A new connection's
 * handshake is not delayed: Toxiproxy accepts it at once and opens its own.
 */
public final class EmulatedDistance implements AutoCloseable {

	private final Toxiproxy toxiproxy;

	private final Map<String, String> targets;

	private EmulatedDistance(Toxiproxy toxiproxy, Map<String, String> targets) {
		this.toxiproxy = toxiproxy;
		this.targets = targets;
	}

	/** How the report names it. */
	public static String describe(Duration roundTrip) {
		return String.format(Locale.ROOT, "distance: %d ms a round trip between the load generator and every service "
				+ "(Toxiproxy latency toxics, %s ms each way)", roundTrip.toMillis(), half(roundTrip));
	}

	private static String half(Duration roundTrip) {
		return (roundTrip.toMillis() % 2 == 0) ? String.valueOf(roundTrip.toMillis() / 2)
				: String.format(Locale.ROOT, "%.1f", roundTrip.toMillis() / 2.0);
	}

	/**
	 * The targets as the generator should reach them: unchanged for a zero round trip; else through a
	 * proxy each, on 127.0.0.1, with {@code roundTrip} added.
	 */
	public static EmulatedDistance around(Map<String, String> targets, Duration roundTrip, Path logDir)
			throws IOException, InterruptedException {
		return around(targets, Link.of(roundTrip), logDir);
	}

	/** The same with a whole link: its round trip, jitter and bandwidth. */
	public static EmulatedDistance around(Map<String, String> targets, Link link, Path logDir)
			throws IOException, InterruptedException {
		if (link.isZero()) {
			return new EmulatedDistance(null, targets);
		}
		Toxiproxy toxiproxy = Toxiproxy.start(freePort(), logDir.resolve("toxiproxy.log"));
		try {
			Map<String, String> proxied = new LinkedHashMap<>();
			Map<String, String> byUpstream = new LinkedHashMap<>();
			for (Map.Entry<String, String> target : targets.entrySet()) {
				URI uri = URI.create(target.getValue());
				String upstream = uri.getHost() + ":" + uri.getPort();
				String listen = byUpstream.get(upstream);
				if (listen == null) {
					listen = "127.0.0.1:" + freePort();
					Proxy proxy = toxiproxy.client().createProxy("to-" + uri.getPort(), listen, upstream);
					long jitter = link.jitter().toMillis();
					proxy.toxics().latency("there", ToxicDirection.UPSTREAM, link.thereMillis()).setJitter(jitter);
					proxy.toxics().latency("back", ToxicDirection.DOWNSTREAM, link.backMillis()).setJitter(jitter);
					if (link.kilobytesPerSecond() > 0) {
						proxy.toxics().bandwidth("there-rate", ToxicDirection.UPSTREAM, link.kilobytesPerSecond());
						proxy.toxics().bandwidth("back-rate", ToxicDirection.DOWNSTREAM, link.kilobytesPerSecond());
					}
					byUpstream.put(upstream, listen);
				}
				proxied.put(target.getKey(), uri.getScheme() + "://" + listen + (uri.getRawPath() == null ? "" : uri.getRawPath()));
			}
			return new EmulatedDistance(toxiproxy, proxied);
		}
		catch (IOException | RuntimeException ex) {
			toxiproxy.close();
			throw ex;
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	public Map<String, String> targets() {
		return this.targets;
	}

	@Override
	public void close() throws InterruptedException {
		if (this.toxiproxy != null) {
			this.toxiproxy.close();
		}
	}

}
