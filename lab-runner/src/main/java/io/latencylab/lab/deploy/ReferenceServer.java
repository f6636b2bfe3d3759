package io.latencylab.lab.deploy;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.topology.Topology;
import io.latencylab.plan.Operation;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;

/**
 * nginx serving the bytes of the REST get, fetched from meals-rest at start, on the host the REST
 * target is on: a server that does next to nothing, so that what two clients measure apart on it
 * is their own work. A plan with {@link Operation#REFERENCE_GET} steps gets one for its run.
 */
public final class ReferenceServer implements AutoCloseable {

	private final Daemon daemon;

	private final String url;

	private ReferenceServer(Daemon daemon, String url) {
		this.daemon = daemon;
		this.url = url;
	}

	/** nginx, if this machine has it. */
	public static Optional<Path> nginx() {
		return Daemon.executable("/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx");
	}

	/**
	 * Whether a warm-up can measure this machine's noise on it: nginx here, meals-rest in
	 * {@code targets} on this machine's loopback and answering (its readiness in {@code topology}),
	 * and a load generator on this machine (a pod or another host could not reach it). A lab of some
	 * services (--services) may run without meals-rest, whose bytes the reference serves: {@code say}
	 * is then told the warm-up judges by the rule as it is.
	 */
	public static boolean forNoise(Map<String, String> targets, Topology topology, boolean localInjector,
			Consumer<String> say) {
		String rest = targets.get(Targets.MEALS_REST.name());
		if (!localInjector || nginx().isEmpty() || rest == null
				|| !List.of("127.0.0.1", "localhost").contains(URI.create(rest).getHost())) {
			return false;
		}
		Topology.Endpoint service = topology.services().get(Targets.SERVICE.get(Targets.MEALS_REST));
		if (service == null || Http.get(service.readiness()).isEmpty()) {
			say.accept(WITHOUT_REST);
			return false;
		}
		return true;
	}

	/** Why a warm-up of a lab without meals-rest measures no noise, and what it judges by instead. */
	static final String WITHOUT_REST = "The machine's noise is not measured: the reference serves meals-rest's REST get, "
			+ "and meals-rest is not up (--services); the rule's own variation stands";

	/** Whether any of {@code steps} aims at the reference. */
	public static boolean wanted(List<Step> steps) {
		return steps.stream().anyMatch((step) -> step.measures(Operation.REFERENCE_GET));
	}

	/**
	 * Fetches the REST get from {@code restUrl} (meals-rest's base URL) as the lab sends it, and starts
	 * nginx in {@code dir} serving those bytes at the same path, on the same host.
	 */
	public static ReferenceServer start(String restUrl, Path dir) throws IOException, InterruptedException {
		Path nginx = nginx().orElseThrow(() -> new IllegalStateException(
				"the reference steps need nginx: apt-get install nginx (Debian, Ubuntu)"));
		OutsideLoad.Request get = OutsideLoad.requestOf(Operation.REST_GET);
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(restUrl + get.path())).timeout(Duration.ofSeconds(30));
		get.headers().forEach(request::header);
		HttpResponse<byte[]> answer;
		try (HttpClient client = HttpClient.newHttpClient()) {
			answer = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
		}
		catch (IOException ex) {
			// A lab started without meals-rest (./lab up --services): said, not a bare ConnectException.
			throw new IllegalStateException("the reference's bytes: " + restUrl + get.path() + " does not answer (" + ex
					+ "): the reference serves meals-rest's REST get, so meals-rest must run", ex);
		}
		if (answer.statusCode() != 200) {
			throw new IllegalStateException("the reference's bytes: " + restUrl + get.path() + " answered " + answer.statusCode());
		}
		Path absolute = Files.createDirectories(dir).toAbsolutePath();
		Path file = absolute.resolve("www" + get.path());
		Files.createDirectories(file.getParent());
		Files.write(file, answer.body());
		String host = URI.create(restUrl).getHost();
		int port = freePort();
		String contentType = answer.headers().firstValue("Content-Type").orElse("application/octet-stream");
		// user: its worker runs as whoever started it, so that it reads the lab's folders (as root, nginx
		// would hand its worker to nobody).
		Files.writeString(absolute.resolve("nginx.conf"), """
				user %5$s;
				worker_processes 1;
				pid %1$s/nginx.pid;
				error_log %1$s/error.log;
				events { worker_connections 64; }
				http {
				    access_log off;
				    server {
				        listen %2$s:%3$d;
				        root %1$s/www;
				        location / { default_type "%4$s"; }
				    }
				}
				""".formatted(absolute, host, port, contentType, System.getProperty("user.name")));
		Daemon daemon = new Daemon("nginx", absolute);
		// -e: nginx opens its error log before it reads the configuration; the default one may not be writable.
		daemon.start(List.of(nginx.toString(), "-p", absolute.toString(), "-e", absolute.resolve("error.log").toString(), "-c",
				absolute.resolve("nginx.conf").toString()), host, port);
		return new ReferenceServer(daemon, "http://" + host + ":" + port);
	}

	/** Puts nginx, its master and its worker, on {@code cores} (as taskset takes them: "0", "0-2"). */
	public void pin(String cores) throws IOException, InterruptedException {
		ProcessHandle master = this.daemon.running().orElseThrow(() -> new IllegalStateException("nginx is not running"));
		// The master first, then its children as they are after that: the worker may still be forking
		// when nginx answers, and a child forked after the master was pinned inherits its cores.
		Cores.pin(master.pid(), cores);
		for (ProcessHandle worker : master.children().toList()) {
			Cores.pin(worker.pid(), cores);
		}
	}

	/** Its base URL, as a target: http://host:port. */
	public String url() {
		return this.url;
	}

	@Override
	public void close() throws IOException {
		this.daemon.stop();
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
