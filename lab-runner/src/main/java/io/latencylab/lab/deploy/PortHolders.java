package io.latencylab.lab.deploy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * Who listens on a TCP port of this machine, so that the lab starts nothing on a port another
 * process holds, and takes no other process's answer for its own service's. Linux tells through
 * /proc: the listening socket's inode in /proc/net/tcp and tcp6, then the process with a file
 * descriptor on that socket. Elsewhere a bind attempt says whether the port is free, not who holds it.
 */
public final class PortHolders {

	private static final Path PROC = Path.of("/proc");

	/** The state /proc/net/tcp gives a listening socket. */
	private static final String LISTEN = "0A";

	private PortHolders() {
	}

	/** A process that listens on a port: its pid and command line, where this user may read them. */
	public record Holder(OptionalLong pid, String command) {

		public String describe() {
			return this.pid.isEmpty() ? "a process this user cannot name"
					: "pid " + this.pid.getAsLong() + (this.command.isEmpty() ? "" : " (" + this.command + ")");
		}

	}

	/** Ports another process holds: nothing was started. */
	public static final class HeldPorts extends IllegalStateException {

		HeldPorts(String message) {
			super(message);
		}

	}

	/** The process that listens on {@code port} on any address, or empty when none does. */
	public static Optional<Holder> of(int port) {
		if (!Files.isReadable(PROC.resolve("net/tcp"))) {
			return bindable(port) ? Optional.empty() : Optional.of(new Holder(OptionalLong.empty(), ""));
		}
		Set<Long> inodes = listening(port);
		return inodes.isEmpty() ? Optional.empty() : Optional.of(owner(inodes));
	}

	/** The inodes of the sockets listening on {@code port}, IPv4 and IPv6. */
	private static Set<Long> listening(int port) {
		Set<Long> inodes = new HashSet<>();
		for (String table : List.of("net/tcp", "net/tcp6")) {
			inodes.addAll(listeningInodes(lines(PROC.resolve(table)), port));
		}
		return inodes;
	}

	/**
	 * Whether {@code pid} is what listens on {@code port}: false when nothing listens or another
	 * process does; where /proc does not tell, whether anything listens (nothing better is known).
	 */
	public static boolean heldBy(int port, long pid) {
		if (!Files.isReadable(PROC.resolve("net/tcp"))) {
			return !bindable(port);
		}
		// Only that process's descriptors are read: a readiness check, not a search of every process.
		Set<Long> inodes = listening(port);
		return !inodes.isEmpty() && holds(PROC.resolve(String.valueOf(pid)), inodes);
	}

	/**
	 * Refuses when any of {@code ports} is held, naming each holder: before a start, so that nothing
	 * starts on a port another process (another checkout's lab, say) holds.
	 *
	 * @param ports each port with what would bind it, e.g. "meals-soap's HTTP"
	 */
	public static void refuseHeld(Map<Integer, String> ports) {
		Map<Integer, String> held = new TreeMap<>();
		ports.forEach((port, user) -> of(port).ifPresent((holder) -> held.put(port, user + ": " + holder.describe())));
		if (!held.isEmpty()) {
			StringBuilder message = new StringBuilder("ports the lab needs are held by other processes; nothing was started:");
			held.forEach((port, line) -> message.append("\n  ").append(port).append(", ").append(line));
			message.append("\nStop them (another checkout's lab: ./lab down there), or move the lab's ports in .env.");
			throw new HeldPorts(message.toString());
		}
	}

	/** The inodes of the sockets listening on {@code port} in a /proc/net/tcp or tcp6 table. */
	static Set<Long> listeningInodes(List<String> table, int port) {
		String local = String.format(Locale.ROOT, ":%04X", port);
		Set<Long> inodes = new HashSet<>();
		for (String line : table) {
			String[] fields = line.strip().split("\\s+");
			// sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
			if (fields.length > 9 && fields[3].equals(LISTEN) && fields[1].endsWith(local)) {
				inodes.add(Long.parseLong(fields[9]));
			}
		}
		return inodes;
	}

	/** The process with a descriptor on one of {@code inodes}; unnamed when none this user may read has. */
	private static Holder owner(Set<Long> inodes) {
		try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC,
				(p) -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
			for (Path process : processes) {
				if (holds(process, inodes)) {
					return new Holder(OptionalLong.of(Long.parseLong(process.getFileName().toString())), command(process));
				}
			}
		}
		catch (IOException ex) {
			// /proc unreadable: the holder stays unnamed
		}
		return new Holder(OptionalLong.empty(), "");
	}

	private static boolean holds(Path process, Set<Long> inodes) {
		try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(process.resolve("fd"))) {
			for (Path descriptor : descriptors) {
				String target = Files.readSymbolicLink(descriptor).toString();
				if (target.startsWith("socket:[")
						&& inodes.contains(Long.parseLong(target.substring(8, target.length() - 1)))) {
					return true;
				}
			}
		}
		catch (IOException | SecurityException | NumberFormatException ex) {
			// exited meanwhile, or not this user's to read
		}
		return false;
	}

	private static String command(Path process) {
		try {
			String command = new String(Files.readAllBytes(process.resolve("cmdline")), StandardCharsets.UTF_8)
				.replace('\0', ' ')
				.strip();
			return (command.length() > 160) ? command.substring(0, 157) + "..." : command;
		}
		catch (IOException ex) {
			return "";
		}
	}

	private static List<String> lines(Path table) {
		try {
			return Files.readAllLines(table);
		}
		catch (IOException ex) {
			return List.of();
		}
	}

	/** Whether a socket can bind {@code port} on every address: where /proc does not tell. */
	private static boolean bindable(int port) {
		try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("0.0.0.0"))) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
