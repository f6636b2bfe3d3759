package io.latencylab.lab.deploy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class PortHoldersTests {

	private static final long SELF = ProcessHandle.current().pid();

	@Test
	void aListenerIsNamedByItsPidAndCommandLine() throws IOException {
		assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux names a port's holder through /proc");
		try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			int port = listener.getLocalPort();
			PortHolders.Holder holder = PortHolders.of(port).orElseThrow();
			assertThat(holder.pid()).hasValue(SELF);
			assertThat(holder.command()).contains("java");
			assertThat(holder.describe()).startsWith("pid " + SELF + " (");
			assertThat(PortHolders.heldBy(port, SELF)).isTrue();
			// Not SELF + 1: /proc also answers for a thread's id, and that one may be a thread of this JVM.
			long parent = ProcessHandle.current().parent().orElseThrow().pid();
			assertThat(PortHolders.heldBy(port, parent)).as("another process is not the one on the port").isFalse();
		}
	}

	@Test
	void aFreePortHasNoHolderAndIsHeldByNobody() throws IOException {
		int port;
		try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = listener.getLocalPort();
		}
		assertThat(PortHolders.of(port)).isEmpty();
		assertThat(PortHolders.heldBy(port, SELF)).isFalse();
		assertThatNoException().isThrownBy(() -> PortHolders.refuseHeld(Map.of(port, "meals-soap's HTTP")));
	}

	@Test
	void heldPortsAreRefusedEachWithItsHolder() throws IOException {
		assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux names a port's holder through /proc");
		try (ServerSocket first = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
				ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			int freePort = free.getLocalPort();
			free.close();
			Map<Integer, String> wanted = new LinkedHashMap<>();
			wanted.put(freePort, "sort-service's HTTP");
			wanted.put(first.getLocalPort(), "meals-soap's HTTP");
			assertThatIllegalStateException().isThrownBy(() -> PortHolders.refuseHeld(wanted))
				.withMessageStartingWith("ports the lab needs are held by other processes; nothing was started:")
				.withMessageContaining("\n  " + first.getLocalPort() + ", meals-soap's HTTP: pid " + SELF + " (")
				.withMessageNotContaining("sort-service")
				.withMessageContaining("./lab down there");
		}
	}

	@Test
	void onlyListeningSocketsOfThePortCount() {
		// /proc/net/tcp's own layout: port 8081 is 1F91; 0A is LISTEN, 01 ESTABLISHED.
		List<String> table = List.of(
				"  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
				"   0: 0100007F:1F91 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1 0",
				"   1: 0100007F:1F91 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 4343 1 0",
				"   2: 00000000:1F910 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4444 1 0",
				"   3: 0100007F:1F92 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4545 1 0");
		assertThat(PortHolders.listeningInodes(table, 8081)).containsExactly(4242L);
		assertThat(PortHolders.listeningInodes(table, 8082)).containsExactly(4545L);
		assertThat(PortHolders.listeningInodes(table, 8083)).isEmpty();
	}

}
