package io.latencylab.lab.deploy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpServer;

/** A server of this JVM that answers a service's readiness probe with 200, as a ready service does. */
final class Readiness {

	private Readiness() {
	}

	/** Started on a free port of 127.0.0.1; stop it with {@code stop(0)}. */
	static HttpServer answering() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/actuator/health/readiness", (exchange) -> {
			byte[] body = "{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		return server;
	}

}
