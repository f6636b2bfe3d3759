package io.latencylab.sort;

import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * By default every sort runs at once, as the study's server forked a process per request: the
 * pool settings that make the bounded profile refuse (one thread, one waiting) refuse nothing.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sort.pool.threads=1", "sort.pool.queue-capacity=1" })
class SortPerRequestTests {

	@LocalServerPort
	int port;

	@Test
	void concurrentSortsAreAllAnsweredAsTheStudysServerDid() throws Exception {
		List<HttpResponse<String>> responses = SortQueueTests.sortAtOnce(this.port, 6);
		assertThat(responses).allSatisfy((response) -> assertThat(response.statusCode()).isEqualTo(200));
	}

}
