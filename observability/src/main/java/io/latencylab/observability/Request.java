package io.latencylab.observability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of the load module's requests.csv: a request as the virtual user saw it.
 *
 * @param parentSpanId the span id it was sent as: the root server span's parent
 * @param ok whether the simulation counted its status as success
 */
public record Request(String group, String traceId, long startMillis, double durationMs, int status,
		String parentSpanId, boolean ok) {

	public long endMillis() {
		return this.startMillis + Math.round(this.durationMs);
	}

	/** "HTTP 503", or "no response". */
	public String errorType() {
		return (this.status == 0) ? "no response" : "HTTP " + this.status;
	}

	public static List<Request> read(Path csv) throws IOException {
		List<Request> requests = new ArrayList<>();
		List<String> lines = Files.readAllLines(csv);
		for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
			Request request = parse(line);
			if (request != null) {
				requests.add(request);
			}
		}
		return requests;
	}

	/** A line, or null for one that is not whole (the file may be being written). */
	public static Request parse(String line) {
		String[] f = line.split(",");
		if (f.length < 7) {
			return null;
		}
		try {
			return new Request(f[0], f[1], Long.parseLong(f[2]), Double.parseDouble(f[3]), Integer.parseInt(f[4]), f[5],
					Boolean.parseBoolean(f[6]));
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

}
