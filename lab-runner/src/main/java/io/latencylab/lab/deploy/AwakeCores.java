package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * This machine's cores kept out of their idle states while it is open, through Linux's PM QoS: 0 µs
 * written to {@code /dev/cpu_dma_latency}, a request that lasts as long as the file stays open (what
 * tuned's latency-performance profile and cyclictest do). On a virtual machine an idle core halts, and
 * waking it adds tens of µs to a loopback round trip; how much depends on how long a client leaves the
 * cores idle between its requests, so that two clients of different gaps meet differently slow
 * services, and nginx, a fast server, hides part of a slower client's own work in its own wake-up (the
 * agreement's results). Held, an idle core polls instead of halting (cpu0's halt count stood still
 * while held), which is not how the services would run for their users, so the lab holds it only for
 * the comparison of two clients (--separate-cores).
 */
public final class AwakeCores implements AutoCloseable {

	static final Path DEVICE = Path.of("/dev/cpu_dma_latency");

	private final FileChannel request;

	private final String reason;

	private AwakeCores(FileChannel request, String reason) {
		this.request = request;
		this.reason = reason;
	}

	/** The cores held awake until {@link #close()}; or, where this machine does not allow it, not held and why. */
	public static AwakeCores hold() {
		return hold(DEVICE);
	}

	static AwakeCores hold(Path device) {
		if (!Files.isWritable(device)) {
			return new AwakeCores(null, device + (Files.exists(device) ? " is not writable (root)" : " does not exist (not Linux)"));
		}
		try {
			FileChannel channel = FileChannel.open(device, StandardOpenOption.WRITE);
			try {
				channel.write(ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.nativeOrder()).putInt(0).flip());
				return new AwakeCores(channel, null);
			}
			catch (IOException ex) {
				channel.close();
				throw ex;
			}
		}
		catch (IOException ex) {
			return new AwakeCores(null, device + ": " + ex.getMessage());
		}
	}

	public boolean held() {
		return this.request != null;
	}

	/** For the report's cores line. */
	public static String describe(boolean held) {
		return held ? "idle states held off while measured (PM QoS: /dev/cpu_dma_latency 0 µs)"
				: "idle states not held off (/dev/cpu_dma_latency: root, on Linux)";
	}

	/** Why it is not held; empty when it is. */
	public String reason() {
		return (this.reason != null) ? this.reason : "";
	}

	@Override
	public void close() throws IOException {
		if (this.request != null) {
			this.request.close();
		}
	}

}
