package io.latencylab.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;

import com.sun.net.httpserver.HttpServer;
import io.gatling.app.Gatling$;

/**
 * Real Gatling, in this JVM, against a local server that answers every request with "{}" (200, or the
 * status it is given for the request) and remembers what it was sent: what a simulation's clients
 * send, seen from the server's side.
 */
public final class InProcessGatling implements AutoCloseable {

	/** One request as the server saw it, and the client port it came from. */
	public record Sent(int clientPort, String method, String path, String body) {
	}

	private final HttpServer server;

	private final List<Sent> sent = new CopyOnWriteArrayList<>();

	public InProcessGatling() throws IOException {
		this((request) -> 200);
	}

	/** A server that answers each request with the status {@code status} gives it. */
	public InProcessGatling(ToIntFunction<Sent> status) throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", (exchange) -> {
			String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			// Kept before the answer leaves: Gatling may end as soon as it has the last one.
			Sent request = new Sent(exchange.getRemoteAddress().getPort(), exchange.getRequestMethod(),
					exchange.getRequestURI().getPath(), body);
			this.sent.add(request);
			byte[] answer = "{}".getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(status.applyAsInt(request), answer.length);
			exchange.getResponseBody().write(answer);
			exchange.close();
		});
		this.server.start();
	}

	public String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	/**
	 * Runs {@code simulation} with {@code properties} as system properties, its results (the lab's
	 * and Gatling's) under {@code results}; Gatling's exit code.
	 */
	public int run(Class<?> simulation, Map<String, String> properties, Path results) {
		Map<String, String> all = new HashMap<>(properties);
		all.put("lab.run.id", "in-process");
		all.put("lab.results.dir", results.resolve("lab").toString());
		all.forEach(System::setProperty);
		try {
			return Gatling$.MODULE$.fromArgs(new String[] { "-s", simulation.getName(), "-rf",
					results.resolve("gatling").toString(), "--no-reports" });
		}
		finally {
			all.keySet().forEach(System::clearProperty);
		}
	}

	/** The answers the simulation run under {@code results} recorded: its requests.csv, header first. */
	public static List<String> recorded(Path results) throws IOException {
		try (Stream<Path> runs = Files.list(results.resolve("lab"))) {
			return Files.readAllLines(runs.findFirst().orElseThrow().resolve("requests.csv"));
		}
	}

	public List<Sent> sent() {
		return List.copyOf(this.sent);
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
