package io.latencylab.lab.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

class NetworkProbeTests {

	@TempDir
	Path dir;

	@Test
	void theProbeMeasuresEveryRoundTripAndTransferItWasAskedForAgainstTheJdksFileServer() throws Exception {
		Path files = NetworkProbe.files(this.dir.resolve("probe"));
		HttpServer server = SimpleFileServer.createFileServer(new InetSocketAddress("127.0.0.1", 0), files.toAbsolutePath(),
				SimpleFileServer.OutputLevel.NONE);
		server.start();
		try {
			NetworkProbe.Result result = NetworkProbe.measure(server.getAddress().getPort(), 300, 2);
			assertThat(result.roundTripMicros()).hasSize(300);
			assertThat(Arrays.stream(result.roundTripMicros()).min().orElseThrow()).isPositive();
			assertThat(result.megabytesPerSecond()).hasSize(2);
			assertThat(Arrays.stream(result.megabytesPerSecond()).min().orElseThrow()).isPositive();
			Path csv = this.dir.resolve("probe.csv");
			Files.write(csv, result.csv());
			NetworkProbe.Result read = NetworkProbe.Result.read(csv);
			assertThat(read.roundTripMicros()).hasSize(300);
			assertThat(read.megabytesPerSecond()).hasSize(2);
		}
		finally {
			server.stop(0);
		}
	}

	@Test
	void aServerWithoutTheFilesIsAClearError() throws IOException {
		Files.createDirectories(this.dir.resolve("empty"));
		HttpServer server = SimpleFileServer.createFileServer(new InetSocketAddress("127.0.0.1", 0),
				this.dir.resolve("empty").toAbsolutePath(), SimpleFileServer.OutputLevel.NONE);
		server.start();
		try {
			assertThatIOException().isThrownBy(() -> NetworkProbe.measure(server.getAddress().getPort(), 10, 1))
				.withMessageContaining("404")
				.withMessageContaining("/rtt");
		}
		finally {
			server.stop(0);
		}
	}

}
