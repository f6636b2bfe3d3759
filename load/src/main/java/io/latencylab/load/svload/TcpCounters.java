package io.latencylab.load.svload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel's TCP counters that tell a full accept queue (Linux, /proc/net/netstat): connections
 * dropped because a listening socket's queue overflowed, and SYNs sent again because no answer
 * came (a dropped connection is retried after 1 s, then 3 s: the second-long tail of a burst).
 * They count for the network namespace they are read in: the whole machine, bare; the client's
 * side only under compose, where each container has a namespace of its own.
 */
public record TcpCounters(long listenOverflows, long listenDrops, long synRetransmits) {

	static final Path NETSTAT = Path.of("/proc/net/netstat");

	/** The file beside a step's requests.csv with the counters' growth while its bursts ran. */
	public static final String FILE = "tcp.json";

	/** The counters now; zeros where the kernel does not offer them. */
	public static TcpCounters read() {
		try {
			return Files.isReadable(NETSTAT) ? parse(Files.readAllLines(NETSTAT)) : new TcpCounters(0, 0, 0);
		}
		catch (IOException ex) {
			return new TcpCounters(0, 0, 0);
		}
	}

	/** /proc/net/netstat: a line of names, then a line of values, for each prefix ("TcpExt:"). */
	static TcpCounters parse(List<String> lines) {
		Map<String, Long> values = new LinkedHashMap<>();
		for (int i = 0; i + 1 < lines.size(); i += 2) {
			String[] names = lines.get(i).trim().split("\\s+");
			String[] numbers = lines.get(i + 1).trim().split("\\s+");
			if (names[0].equals("TcpExt:")) {
				for (int j = 1; j < Math.min(names.length, numbers.length); j++) {
					values.put(names[j], Long.parseLong(numbers[j]));
				}
			}
		}
		return new TcpCounters(values.getOrDefault("ListenOverflows", 0L), values.getOrDefault("ListenDrops", 0L),
				values.getOrDefault("TCPSynRetrans", 0L));
	}

	public TcpCounters since(TcpCounters earlier) {
		return new TcpCounters(this.listenOverflows - earlier.listenOverflows, this.listenDrops - earlier.listenDrops,
				this.synRetransmits - earlier.synRetransmits);
	}

	public String json() {
		return "{\"listenOverflows\":" + this.listenOverflows + ",\"listenDrops\":" + this.listenDrops
				+ ",\"synRetransmits\":" + this.synRetransmits + "}";
	}

}
