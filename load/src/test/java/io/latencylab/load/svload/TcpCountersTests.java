package io.latencylab.load.svload;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/** The accept-queue counters from /proc/net/netstat's layout: names, then values, per prefix. */
class TcpCountersTests {

	@Test
	void readsTcpExtsListenCountersAndSynRetransmits() {
		TcpCounters counters = TcpCounters.parse(List.of("TcpExt: SyncookiesSent ListenOverflows ListenDrops TCPSynRetrans",
				"TcpExt: 0 11520 11523 40", "IpExt: InNoRoutes ListenOverflows", "IpExt: 1 99"));
		assertThat(counters).isEqualTo(new TcpCounters(11_520, 11_523, 40));
		assertThat(counters.since(new TcpCounters(11_000, 11_000, 38))).isEqualTo(new TcpCounters(520, 523, 2));
		assertThat(counters.json()).isEqualTo("{\"listenOverflows\":11520,\"listenDrops\":11523,\"synRetransmits\":40}");
	}

	@Test
	void aFullAcceptQueueShowsAsOverflows() throws Exception {
		assumeThat(Files.isReadable(TcpCounters.NETSTAT)).as("Linux's /proc/net/netstat").isTrue();
		List<SocketChannel> clients = new ArrayList<>();
		// A listener that never accepts, with room for one connection: the next ones overflow it.
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			TcpCounters before = TcpCounters.read();
			for (int i = 0; i < 8; i++) {
				SocketChannel client = SocketChannel.open();
				client.configureBlocking(false);
				client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()));
				clients.add(client);
			}
			Thread.sleep(300);
			assertThat(TcpCounters.read().since(before).listenOverflows()).isPositive();
		}
		finally {
			for (SocketChannel client : clients) {
				client.close();
			}
		}
	}

}
