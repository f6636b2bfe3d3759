package io.latencylab.load.svload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One GET as curl timed it, the way seed 003 timed its requests: milliseconds from the start to the
 * end of the name lookup, the TCP connect, the TLS handshake (0 over HTTP) and the first byte, and
 * the total; with the servers' own parts from the answer's Server-Timing: the store's first byte as
 * Varnish saw it ({@code backend}, on a miss) and the store's own time to its first byte
 * ({@code total}, on the store's answers and a cache's misses). NaN where an answer has no such part.
 */
public record CurlPhases(int status, String xCache, double dnsMs, double connectMs, double tlsMs, double firstByteMs,
		double totalMs, double backendMs, double storeMs) {

	static final String HEADER = "status,xCache,dnsMs,connectMs,tlsMs,firstByteMs,totalMs,backendMs,storeMs";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** A new connection's GET of {@code url} by curl, trusting {@code ca} only; null when curl failed. */
	public static CurlPhases get(String url, Path ca) throws IOException, InterruptedException {
		return finish(start(url, ca));
	}

	/** curl started on a GET of {@code url}: several at once make requests that run side by side. */
	public static Process start(String url, Path ca) throws IOException {
		return new ProcessBuilder("curl", "-sS", "-o", "/dev/null", "-D", "-", "--cacert", ca.toString(), "--max-time", "30",
				"-w", "\n%{json}", url)
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
	}

	/** What a started curl measured; null when it failed. */
	public static CurlPhases finish(Process curl) throws IOException, InterruptedException {
		String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!curl.waitFor(35, TimeUnit.SECONDS)) {
			curl.destroyForcibly();
			return null;
		}
		return (curl.exitValue() == 0) ? parse(out) : null;
	}

	/** curl's output for {@code -D - -w "\n%{json}"}: the answer's headers, then its timings. */
	static CurlPhases parse(String out) {
		int split = out.lastIndexOf('\n');
		String headers = out.substring(0, Math.max(split, 0));
		JsonNode t = JSON.readTree(out.substring(split + 1));
		double connect = 1000 * t.path("time_connect").asDouble();
		double appConnect = 1000 * t.path("time_appconnect").asDouble();
		double backend = Double.NaN;
		double store = Double.NaN;
		for (String entry : header(headers, "server-timing").split(",")) {
			String[] parts = entry.trim().split(";");
			for (int i = 1; i < parts.length; i++) {
				if (parts[i].trim().startsWith("dur=")) {
					double dur = Double.parseDouble(parts[i].trim().substring(4));
					if (parts[0].equals("backend")) {
						backend = dur;
					}
					else if (parts[0].equals("total")) {
						store = dur;
					}
				}
			}
		}
		return new CurlPhases(t.path("http_code").asInt(), header(headers, "x-cache"), 1000 * t.path("time_namelookup").asDouble(),
				connect, (appConnect > 0) ? appConnect - connect : 0, 1000 * t.path("time_starttransfer").asDouble(),
				1000 * t.path("time_total").asDouble(), backend, store);
	}

	/** The last value of a header in curl's dump of them (the last answer's, after a 100 Continue). */
	private static String header(String headers, String name) {
		String value = "";
		for (String line : headers.split("\r?\n")) {
			int colon = line.indexOf(':');
			if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
				value = line.substring(colon + 1).trim();
			}
		}
		return value;
	}

	public static void write(List<CurlPhases> all, Path file) throws IOException {
		List<String> lines = new ArrayList<>(all.size() + 1);
		lines.add(HEADER);
		for (CurlPhases p : all) {
			lines.add(String.format(Locale.ROOT, "%d,%s,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f", p.status,
					p.xCache.isEmpty() ? "-" : p.xCache, p.dnsMs, p.connectMs, p.tlsMs, p.firstByteMs, p.totalMs, p.backendMs,
					p.storeMs));
		}
		Files.write(file, lines);
	}

	public static List<CurlPhases> read(Path file) throws IOException {
		List<CurlPhases> all = new ArrayList<>();
		for (String line : Files.readAllLines(file)) {
			if (line.isBlank() || line.equals(HEADER)) {
				continue;
			}
			String[] f = line.split(",");
			all.add(new CurlPhases(Integer.parseInt(f[0]), f[1].equals("-") ? "" : f[1], d(f[2]), d(f[3]), d(f[4]), d(f[5]),
					d(f[6]), d(f[7]), d(f[8])));
		}
		return all;
	}

	private static double d(String text) {
		return Double.parseDouble(text);
	}

}
