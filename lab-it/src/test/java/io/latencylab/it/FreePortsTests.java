package io.latencylab.it;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FreePortsTests {

	@Test
	void portsAreBelowTheKernelsRangeForOutgoingConnectionsBindableAndNeverHandedOutTwice() throws Exception {
		int rangeStart = FreePorts.rangeStart();
		Set<Integer> ports = new HashSet<>();
		for (int i = 0; i < 50; i++) {
			int port = FreePorts.next();
			assertThat(port).isBetween(10000, rangeStart - 1);
			assertThat(ports.add(port)).as("port %d handed out twice", port).isTrue();
		}
		int port = FreePorts.next();
		try (ServerSocket server = new ServerSocket()) {
			server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
			assertThat(server.getLocalPort()).isEqualTo(port);
		}
	}

}
