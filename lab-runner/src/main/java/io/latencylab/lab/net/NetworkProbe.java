package io.latencylab.lab.net;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Calibration of the path between the lab and a deployment (as the cloud study's Figures 4–6 drew it): round trips
 * and bandwidth to one small HTTP server, the JDK's own file server (`java -m jdk.httpserver`),
 * run where the deployment runs its services (a bare process, a container on compose's bridge with
 * its port published, a container on the host's network), so that only the path differs. A round
 * trip is a GET of a 1-byte file on a kept-alive connection; bandwidth a GET of a 64 MiB file.
 * Both are distributions, written a value a line and drawn as CDFs.
 */
public final class NetworkProbe {

	/** The probe server's port, published on 127.0.0.1 only (no service of the lab uses it). */
	public static final int PORT = 8099;

	/** Where a run keeps its probe's values. */
	public static final String CSV = "network-probe.csv";

	public static final String ROUND_TRIP_FILE = "rtt";

	public static final String BANDWIDTH_FILE = "bulk";

	static final int BANDWIDTH_BYTES = 64 << 20;

	/** The probe's server as a process of this machine, serving {@code files} on 127.0.0.1:{@value #PORT}; closing stops it. */
	public static AutoCloseable serveHere(Path files, Path log) throws IOException {
		Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-m",
				"jdk.httpserver", "-b", "127.0.0.1", "-p", String.valueOf(PORT), "-d", files.toAbsolutePath().toString(), "-o",
				"none")
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		return () -> {
			server.destroy();
			server.waitFor(10, TimeUnit.SECONDS);
		};
	}

	/** One probe's values: round trips in µs, transfers in MB/s (10⁶ bytes). */
	public record Result(double[] roundTripMicros, double[] megabytesPerSecond) {

		public List<String> csv() {
			List<String> lines = new ArrayList<>(List.of("probe,value"));
			for (double v : this.roundTripMicros) {
				lines.add(String.format(Locale.ROOT, "round-trip-us,%.1f", v));
			}
			for (double v : this.megabytesPerSecond) {
				lines.add(String.format(Locale.ROOT, "bandwidth-MBps,%.1f", v));
			}
			return lines;
		}

		public static Result read(Path csv) throws IOException {
			List<Double> rtt = new ArrayList<>();
			List<Double> bandwidth = new ArrayList<>();
			List<String> lines = Files.readAllLines(csv);
			for (String line : lines.subList(1, lines.size())) {
				String[] fields = line.split(",");
				(fields[0].equals("round-trip-us") ? rtt : bandwidth).add(Double.parseDouble(fields[1]));
			}
			return new Result(rtt.stream().mapToDouble(Double::doubleValue).toArray(),
					bandwidth.stream().mapToDouble(Double::doubleValue).toArray());
		}

	}

	private NetworkProbe() {
	}

	/** The files the server serves: 1 byte and 64 MiB (zeros; the page cache holds them after the first read). */
	public static Path files(Path dir) throws IOException {
		Files.createDirectories(dir);
		Files.write(dir.resolve(ROUND_TRIP_FILE), new byte[] { 'x' });
		Path bulk = dir.resolve(BANDWIDTH_FILE);
		if (!Files.exists(bulk) || Files.size(bulk) != BANDWIDTH_BYTES) {
			Files.write(bulk, new byte[BANDWIDTH_BYTES]);
		}
		dir.toFile().setReadable(true, false);
		dir.toFile().setExecutable(true, false);
		bulk.toFile().setReadable(true, false);
		dir.resolve(ROUND_TRIP_FILE).toFile().setReadable(true, false);
		return dir;
	}

	/**
	 * {@code roundTrips} GETs of the small file after 200 unmeasured ones, then {@code transfers}
	 * GETs of the large one after one unmeasured, all on one connection to 127.0.0.1:port, one at a
	 * time. Waits up to 20 s for the server to answer first.
	 */
	public static Result measure(int port, int roundTrips, int transfers) throws IOException, InterruptedException {
		try (Socket socket = answering(port)) {
			InputStream in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
			OutputStream out = socket.getOutputStream();
			byte[] buffer = new byte[1 << 16];
			double[] rtt = new double[roundTrips];
			for (int i = -200; i < roundTrips; i++) {
				long start = System.nanoTime();
				get(out, in, ROUND_TRIP_FILE, buffer);
				if (i >= 0) {
					rtt[i] = (System.nanoTime() - start) / 1e3;
				}
			}
			double[] bandwidth = new double[transfers];
			for (int i = -1; i < transfers; i++) {
				long start = System.nanoTime();
				long bytes = get(out, in, BANDWIDTH_FILE, buffer);
				if (i >= 0) {
					bandwidth[i] = bytes / ((System.nanoTime() - start) / 1e9) / 1e6;
				}
			}
			return new Result(rtt, bandwidth);
		}
	}

	/**
	 * A connection whose first GET was answered. A published port accepts a connection before the
	 * server in its container listens (docker's proxy) and then resets it: tried again for up to
	 * 20 s. A server that answers, but not 200, is not waited for.
	 */
	private static Socket answering(int port) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + 20_000_000_000L;
		while (true) {
			Socket socket = new Socket();
			try {
				socket.setTcpNoDelay(true);
				socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
				socket.setSoTimeout(10_000);
				get(socket.getOutputStream(), socket.getInputStream(), ROUND_TRIP_FILE, new byte[16]);
				return socket;
			}
			catch (NotAnswered ex) {
				socket.close();
				throw ex;
			}
			catch (IOException ex) {
				socket.close();
				if (System.nanoTime() > deadline) {
					throw new IOException("the network probe's server did not answer on 127.0.0.1:" + port + " in 20 s", ex);
				}
				Thread.sleep(200);
			}
		}
	}

	/** The server answered, but not with the file. */
	static final class NotAnswered extends IOException {

		NotAnswered(String message) {
			super(message);
		}

	}

	/** One GET on the open connection; returns the body's length, read to its end. */
	static long get(OutputStream out, InputStream in, String file, byte[] buffer) throws IOException {
		out.write(("GET /" + file + " HTTP/1.1\r\nHost: probe\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
		out.flush();
		long length = -1;
		String status = null;
		StringBuilder line = new StringBuilder();
		while (true) {
			int c = in.read();
			if (c < 0) {
				throw new IOException("the probe's server closed the connection");
			}
			if (c != '\n') {
				if (c != '\r') {
					line.append((char) c);
				}
				continue;
			}
			if (line.isEmpty()) {
				break;
			}
			String header = line.toString();
			if (status == null) {
				status = header;
			}
			else if (header.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
				length = Long.parseLong(header.substring(15).strip());
			}
			line.setLength(0);
		}
		if (status == null || !status.contains(" 200 ") || length < 0) {
			throw new NotAnswered("the probe's server answered " + status + " for /" + file);
		}
		long left = length;
		while (left > 0) {
			int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
			if (n < 0) {
				throw new IOException("the probe's server closed the connection mid-body");
			}
			left -= n;
		}
		return length;
	}

}
