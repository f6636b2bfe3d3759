package io.latencylab.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports on 127.0.0.1 for servers that other processes open, a few seconds later.
 * <p>
 * Chosen below the kernel's range for outgoing connections ({@code ip_local_port_range}): a free
 * port inside it, as {@code TestSocketUtils} may give, can become the local end of any connection
 * made while a JVM starts, and the server then fails to bind (the object store did once in CI,
 * "Port 42498 was already in use"). No port is handed out twice in one test JVM.
 */
final class FreePorts {

	private static final Path LOCAL_PORT_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

	/** Linux's default start of that range, where /proc cannot say. */
	private static final int DEFAULT_RANGE_START = 32768;

	private static final int LOWEST = 10000;

	private static final int ATTEMPTS = 200;

	private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

	/** Ports are chosen below this: the first of the kernel's ports for outgoing connections. */
	private static final int RANGE_START = rangeStart();

	private FreePorts() {
	}

	static int next() {
		if (RANGE_START - LOWEST < 1000) {
			throw new IllegalStateException("ip_local_port_range starts at " + RANGE_START + ": no room below it from "
					+ LOWEST + " for test servers");
		}
		for (int i = 0; i < ATTEMPTS; i++) {
			int port = ThreadLocalRandom.current().nextInt(LOWEST, RANGE_START);
			if (!HANDED_OUT.contains(port) && bindable(port) && HANDED_OUT.add(port)) {
				return port;
			}
		}
		throw new IllegalStateException("no free port between " + LOWEST + " and " + RANGE_START + " in " + ATTEMPTS
				+ " attempts");
	}

	static int rangeStart() {
		// Read as a line: Files.readString gave "3" for this file's "32768	60999" (Temurin 25, this kernel).
		try (BufferedReader range = Files.newBufferedReader(LOCAL_PORT_RANGE)) {
			return Integer.parseInt(range.readLine().trim().split("\\s+")[0]);
		}
		catch (IOException | RuntimeException ex) {
			return DEFAULT_RANGE_START;
		}
	}

	private static boolean bindable(int port) {
		try (ServerSocket socket = new ServerSocket()) {
			socket.setReuseAddress(false);
			socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
