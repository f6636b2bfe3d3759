package io.latencylab.load.azure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.latencylab.load.azure.BlobTransfer.Direction;

/**
 * One blob transfer by curl, the outside client the Gatling figures are checked against: N curls
 * at once, each downloading the blob to nowhere or uploading the file (a PUT), timed by curl itself.
 */
public record CurlTransfer(int clients, int status, long bytes, double startSeconds, double seconds) {

	/** Beside the step's requests.csv. */
	public static final String FILE = "curl-transfers.csv";

	private static final String HEADER = "clients,status,bytes,start_s,seconds";

	public static Process start(Direction direction, String url, Path file) throws IOException {
		return start(direction, url, file, java.util.Map.of());
	}

	/** As {@link #start(Direction, String, Path)}, with {@code headers} (a storage account's signature). */
	public static Process start(Direction direction, String url, Path file, java.util.Map<String, String> headers)
			throws IOException {
		List<String> command = new ArrayList<>(List.of("curl", "-sS", "-o", "/dev/null", "--max-time", "3600", "-w",
				"%{http_code} %{size_download} %{size_upload} %{time_total}"));
		headers.forEach((name, value) -> command.addAll(List.of("-H", name + ": " + value)));
		if (direction == Direction.UPLOAD) {
			command.addAll(List.of("-T", file.toString(), "-H", "Content-Type: application/octet-stream"));
		}
		command.add(url);
		return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
	}

	/**
	 * Waits for curl; a curl that could not connect or was cut short has status 0.
	 *
	 * @param startSeconds when it was started, from the level's first curl's start
	 */
	public static CurlTransfer finish(int clients, double startSeconds, Process curl) throws IOException, InterruptedException {
		String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
		curl.waitFor();
		return parse(clients, startSeconds, out);
	}

	public static CurlTransfer parse(int clients, double startSeconds, String out) {
		String[] f = out.split("\\s+");
		if (f.length < 4) {
			return new CurlTransfer(clients, 0, 0, startSeconds, 0);
		}
		long bytes = Math.max(Long.parseLong(f[1]), Long.parseLong(f[2]));
		return new CurlTransfer(clients, Integer.parseInt(f[0]), bytes, startSeconds, Double.parseDouble(f[3]));
	}

	public boolean ok() {
		return this.status >= 200 && this.status < 300;
	}

	public double mbPerSecond() {
		return (this.seconds > 0) ? this.bytes / 1e6 / this.seconds : 0;
	}

	/** The mean MB/s of curl's completed transfers at {@code clients} at once; NaN without any. */
	public static double perClient(List<CurlTransfer> all, int clients) {
		return all.stream()
			.filter((t) -> t.clients == clients && t.ok())
			.mapToDouble(CurlTransfer::mbPerSecond)
			.average()
			.orElse(Double.NaN);
	}

	/**
	 * All of a level's completed MB over the time from its first curl's start to its last one's end
	 * (each curl's start as the lab started it, its end that plus curl's own total).
	 */
	public static double aggregate(List<CurlTransfer> all, int clients) {
		List<CurlTransfer> level = all.stream().filter((t) -> t.clients == clients && t.ok()).toList();
		double first = level.stream().mapToDouble(CurlTransfer::startSeconds).min().orElse(0);
		double last = level.stream().mapToDouble((t) -> t.startSeconds + t.seconds).max().orElse(0);
		return (last > first) ? level.stream().mapToLong(CurlTransfer::bytes).sum() / 1e6 / (last - first) : Double.NaN;
	}

	public static void write(List<CurlTransfer> all, Path file) throws IOException {
		List<String> lines = new ArrayList<>(List.of(HEADER));
		all.forEach((t) -> lines.add(String.format(Locale.ROOT, "%d,%d,%d,%.6f,%.6f", t.clients, t.status, t.bytes,
				t.startSeconds, t.seconds)));
		Files.write(file, lines);
	}

	public static List<CurlTransfer> read(Path file) throws IOException {
		List<CurlTransfer> all = new ArrayList<>();
		for (String line : Files.readAllLines(file)) {
			if (!line.isBlank() && !line.equals(HEADER)) {
				String[] f = line.split(",");
				all.add(new CurlTransfer(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Long.parseLong(f[2]),
						Double.parseDouble(f[3]), Double.parseDouble(f[4])));
			}
		}
		return all;
	}

}
